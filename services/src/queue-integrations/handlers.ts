import { type Actor, commandHandler, type Deps, load } from '../platform/command-handler.ts';
import {
  decideQueueIntegration,
  evolveQueueIntegration,
  initialQueueIntegrationState,
  type QueueIntegrationCommand,
  queueIntegrationStreamId,
} from './domain/queue-integration.ts';
import {
  decideWebhookDelivery,
  evolveWebhookDelivery,
  initialWebhookDeliveryState,
  type WebhookDeliveryCommand,
  webhookDeliveryStreamId,
} from './domain/webhook-delivery.ts';

const queueIntegrationAggregate = {
  initialState: initialQueueIntegrationState,
  evolve: evolveQueueIntegration,
};
const handleQueueIntegration = commandHandler(
  queueIntegrationAggregate,
  queueIntegrationStreamId,
  decideQueueIntegration,
);

/** Each integration is a stream of its own. */
export const runQueueIntegrationCommand = (deps: Deps, command: QueueIntegrationCommand, who: Actor) =>
  handleQueueIntegration(deps, command.integrationId, command, who);

const webhookDeliveryAggregate = {
  initialState: initialWebhookDeliveryState,
  evolve: evolveWebhookDelivery,
};
const handleWebhookDelivery = commandHandler(
  webhookDeliveryAggregate,
  webhookDeliveryStreamId,
  decideWebhookDelivery,
);

/** Each delivery (one inbound message to one integration) is a stream of its own. */
export const runWebhookDeliveryCommand = (deps: Deps, command: WebhookDeliveryCommand, who: Actor) =>
  handleWebhookDelivery(deps, command.deliveryId, command, who);

export async function loadWebhookDelivery(deps: Deps, deliveryId: string) {
  return (await load(deps.store, webhookDeliveryStreamId(deliveryId), webhookDeliveryAggregate)).state;
}
