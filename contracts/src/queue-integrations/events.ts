import * as v from 'valibot';
import { event, Id, IsoDate, NullableId } from '../common.ts';

// One stream per integration (`queueintegration-<integrationId>`): what it is and where it points. One
// stream per webhook delivery (`webhookdelivery-<deliveryId>`, the id derived from the inbound message's
// event id): the request and each attempt, which the integration's delivery log shows.

export const QueueIntegrationType = v.picklist(['dialogflow', 'n8n', 'webhook', 'typebot', 'flowbuilder']);
export type QueueIntegrationType = v.InferOutput<typeof QueueIntegrationType>;

/** Doc 2 §3's fields, as stored (the credentials sealed apart), plus the flow a flowbuilder runs. */
export const QueueIntegrationFields = v.object({
  type: QueueIntegrationType,
  name: v.string(),
  projectName: v.string(),
  language: v.string(),
  urlN8N: v.string(),
  typebotDelayMessage: v.number(),
  typebotExpires: v.number(),
  typebotKeywordFinish: v.string(),
  typebotKeywordRestart: v.string(),
  typebotRestartMessage: v.string(),
  typebotSlug: v.string(),
  typebotUnknownMessage: v.string(),
  flowId: NullableId,
});
export type QueueIntegrationFields = v.InferOutput<typeof QueueIntegrationFields>;

export const QueueIntegrationCreated = event('QueueIntegrationCreated', {
  integrationId: Id,
  companyId: Id,
  fields: QueueIntegrationFields,
  /** The Dialogflow service-account JSON, sealed (platform/secret-box.ts); null: none given. */
  sealedJsonContent: v.nullable(v.string()),
  /** The HMAC key the webhook deliveries are signed with, sealed; generated at creation. */
  sealedSecret: v.string(),
});
export type QueueIntegrationCreated = v.InferOutput<typeof QueueIntegrationCreated>;

/** The integration as it is now; `sealedJsonContent` is the one kept when the edit sent none. */
export const QueueIntegrationUpdated = event('QueueIntegrationUpdated', {
  integrationId: Id,
  companyId: Id,
  fields: QueueIntegrationFields,
  sealedJsonContent: v.nullable(v.string()),
});
export type QueueIntegrationUpdated = v.InferOutput<typeof QueueIntegrationUpdated>;

export const QueueIntegrationDeleted = event('QueueIntegrationDeleted', { integrationId: Id, companyId: Id });
export type QueueIntegrationDeleted = v.InferOutput<typeof QueueIntegrationDeleted>;

/** A customer's message to be POSTed to a webhook/n8n integration: the exact body every attempt sends. */
export const WebhookDeliveryRequested = event('WebhookDeliveryRequested', {
  deliveryId: Id,
  integrationId: Id,
  companyId: Id,
  ticketId: Id,
  messageId: Id,
  url: v.string(),
  /** The JSON body, as sent and signed. */
  payload: v.string(),
  requestedAt: IsoDate,
});
export type WebhookDeliveryRequested = v.InferOutput<typeof WebhookDeliveryRequested>;

/** One POST: `ok` when the endpoint answered 2xx (its body is not read). */
export const WebhookDeliveryAttempted = event('WebhookDeliveryAttempted', {
  deliveryId: Id,
  integrationId: Id,
  companyId: Id,
  attempt: v.number(),
  at: IsoDate,
  ok: v.boolean(),
  statusCode: v.nullable(v.number()),
  /** Why it failed: a non-2xx status, a refused connection, a timeout. */
  error: v.nullable(v.string()),
});
export type WebhookDeliveryAttempted = v.InferOutput<typeof WebhookDeliveryAttempted>;

/** The retries ran out (or the integration is gone): no further attempt. */
export const WebhookDeliveryAbandoned = event('WebhookDeliveryAbandoned', {
  deliveryId: Id,
  integrationId: Id,
  companyId: Id,
  at: IsoDate,
  reason: v.string(),
});
export type WebhookDeliveryAbandoned = v.InferOutput<typeof WebhookDeliveryAbandoned>;

export const QueueIntegrationEvent = v.variant('type', [
  QueueIntegrationCreated,
  QueueIntegrationUpdated,
  QueueIntegrationDeleted,
]);
export type QueueIntegrationEvent = v.InferOutput<typeof QueueIntegrationEvent>;

export const WebhookDeliveryEvent = v.variant('type', [
  WebhookDeliveryRequested,
  WebhookDeliveryAttempted,
  WebhookDeliveryAbandoned,
]);
export type WebhookDeliveryEvent = v.InferOutput<typeof WebhookDeliveryEvent>;
