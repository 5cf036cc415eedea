import type {
  WebhookDeliveryEvent,
  WebhookDeliveryRequested,
} from '@zelo/contracts/queue-integrations/events';

type Request = WebhookDeliveryRequested['data'];

/** One delivery of a customer's message to a webhook/n8n integration, stream `webhookdelivery-<id>`. */
export interface WebhookDeliveryState {
  request: Request | null;
  /** The attempt numbers recorded so far. */
  attempts: number[];
  outcome: 'pending' | 'delivered' | 'failed';
}

export const webhookDeliveryStreamId = (deliveryId: string) => `webhookdelivery-${deliveryId}`;
export const initialWebhookDeliveryState = (): WebhookDeliveryState => ({
  request: null,
  attempts: [],
  outcome: 'pending',
});

export function evolveWebhookDelivery(
  state: WebhookDeliveryState,
  event: WebhookDeliveryEvent,
): WebhookDeliveryState {
  switch (event.type) {
    case 'WebhookDeliveryRequested':
      return { ...state, request: event.data };
    case 'WebhookDeliveryAttempted':
      return {
        ...state,
        attempts: [...state.attempts, event.data.attempt],
        outcome: event.data.ok ? 'delivered' : state.outcome,
      };
    case 'WebhookDeliveryAbandoned':
      return { ...state, outcome: 'failed' };
  }
}

export type WebhookDeliveryCommand =
  | ({ type: 'RequestWebhookDelivery' } & Request)
  | {
      type: 'RecordWebhookAttempt';
      deliveryId: string;
      attempt: number;
      at: string;
      ok: boolean;
      statusCode: number | null;
      error: string | null;
    }
  | { type: 'AbandonWebhookDelivery'; deliveryId: string; at: string; reason: string };

/**
 * Requested once per inbound message (a replayed reaction asks again and gets nothing); each attempt
 * recorded once by its number; nothing after the outcome, so a retried activity that finds the
 * delivery delivered sends nothing.
 */
export function decideWebhookDelivery(
  command: WebhookDeliveryCommand,
  state: WebhookDeliveryState,
): WebhookDeliveryEvent[] {
  switch (command.type) {
    case 'RequestWebhookDelivery': {
      if (state.request) return [];
      const { type: _, ...data } = command;
      return [{ type: 'WebhookDeliveryRequested', data }];
    }
    case 'RecordWebhookAttempt': {
      const { request } = state;
      if (!request || state.outcome !== 'pending' || state.attempts.includes(command.attempt)) return [];
      const { type: _, ...attempt } = command;
      const ids = { integrationId: request.integrationId, companyId: request.companyId };
      return [{ type: 'WebhookDeliveryAttempted', data: { ...attempt, ...ids } }];
    }
    case 'AbandonWebhookDelivery': {
      const { request } = state;
      if (!request || state.outcome !== 'pending') return [];
      const { deliveryId, at, reason } = command;
      const ids = { integrationId: request.integrationId, companyId: request.companyId };
      return [{ type: 'WebhookDeliveryAbandoned', data: { deliveryId, ...ids, at, reason } }];
    }
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}
