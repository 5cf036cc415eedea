import type {
  QueueIntegrationEvent,
  QueueIntegrationFields,
  WebhookDeliveryEvent,
} from '@zelo/contracts/queue-integrations/events';
import { describe, it } from 'vitest';
import { decider } from '../../testing/given-when-then.ts';
import {
  decideQueueIntegration,
  evolveQueueIntegration,
  initialQueueIntegrationState,
  type QueueIntegrationCommand,
  type QueueIntegrationState,
} from './queue-integration.ts';
import {
  decideWebhookDelivery,
  evolveWebhookDelivery,
  initialWebhookDeliveryState,
  type WebhookDeliveryCommand,
  type WebhookDeliveryState,
} from './webhook-delivery.ts';

const integrations = decider<QueueIntegrationState, QueueIntegrationCommand, QueueIntegrationEvent>({
  initialState: initialQueueIntegrationState,
  evolve: evolveQueueIntegration,
  decide: decideQueueIntegration,
});
const deliveries = decider<WebhookDeliveryState, WebhookDeliveryCommand, WebhookDeliveryEvent>({
  initialState: initialWebhookDeliveryState,
  evolve: evolveWebhookDelivery,
  decide: decideWebhookDelivery,
});

const companyId = '00000000-0000-4000-8000-000000000001';
const otherCompany = '00000000-0000-4000-8000-000000000002';
const integrationId = '00000000-0000-4000-8000-000000000020';
const ref = { companyId, integrationId };

const webhook: QueueIntegrationFields = {
  type: 'webhook',
  name: 'CRM',
  projectName: 'CRM',
  language: '',
  urlN8N: 'https://crm.example/hook',
  typebotDelayMessage: 1000,
  typebotExpires: 1,
  typebotKeywordFinish: '',
  typebotKeywordRestart: '',
  typebotRestartMessage: '',
  typebotSlug: '',
  typebotUnknownMessage: '',
  flowId: null,
};
const dialogflow: QueueIntegrationFields = {
  ...webhook,
  type: 'dialogflow',
  name: 'Agente',
  projectName: 'my-gcp-project',
  language: 'pt-BR',
  urlN8N: '',
};
const created: QueueIntegrationEvent = {
  type: 'QueueIntegrationCreated',
  data: { ...ref, fields: webhook, sealedJsonContent: null, sealedSecret: 'v1.sealed-secret' },
};
const agentCreated: QueueIntegrationEvent = {
  type: 'QueueIntegrationCreated',
  data: { ...ref, fields: dialogflow, sealedJsonContent: 'v1.sealed-json', sealedSecret: 'v1.s' },
};

describe('Queue integration', () => {
  describe('When none exists', () => {
    it('creating records the fields and the sealed signing secret', () =>
      integrations
        .given([])
        .when({
          type: 'CreateQueueIntegration',
          ...ref,
          fields: webhook,
          sealedJsonContent: null,
          sealedSecret: 'v1.sealed-secret',
        })
        .then([created]));

    it('a dialogflow agent without its service-account JSON is refused', () =>
      integrations
        .given([])
        .when({
          type: 'CreateQueueIntegration',
          ...ref,
          fields: dialogflow,
          sealedJsonContent: null,
          sealedSecret: 'v1.s',
        })
        .thenThrows('ERR_VALIDATION'));

    it('a webhook keeps no service-account JSON even if one was sent', () =>
      integrations
        .given([])
        .when({
          type: 'CreateQueueIntegration',
          ...ref,
          fields: webhook,
          sealedJsonContent: 'v1.stray',
          sealedSecret: 'v1.sealed-secret',
        })
        .then([created]));

    it('editing or deleting answers not found', () => {
      integrations
        .given([])
        .when({ type: 'UpdateQueueIntegration', ...ref, fields: webhook, sealedJsonContent: null })
        .thenThrows('ERR_NO_QUEUE_INTEGRATION_FOUND');
      integrations
        .given([])
        .when({ type: 'DeleteQueueIntegration', ...ref })
        .thenThrows('ERR_NO_QUEUE_INTEGRATION_FOUND');
    });
  });

  describe('When created', () => {
    it('a repeated create changes nothing', () =>
      integrations
        .given([created])
        .when({
          type: 'CreateQueueIntegration',
          ...ref,
          fields: { ...webhook, name: 'Outro' },
          sealedJsonContent: null,
          sealedSecret: 'v1.other',
        })
        .thenNothing());

    it('an edit records the integration as it is now', () =>
      integrations
        .given([created])
        .when({
          type: 'UpdateQueueIntegration',
          ...ref,
          fields: { ...webhook, urlN8N: 'https://crm.example/v2' },
          sealedJsonContent: null,
        })
        .then([
          {
            type: 'QueueIntegrationUpdated',
            data: {
              ...ref,
              fields: { ...webhook, urlN8N: 'https://crm.example/v2' },
              sealedJsonContent: null,
            },
          },
        ]));

    it('an edit that changes nothing records nothing', () =>
      integrations
        .given([created])
        .when({ type: 'UpdateQueueIntegration', ...ref, fields: webhook, sealedJsonContent: null })
        .thenNothing());

    it('an edit of a dialogflow agent without new credentials keeps the stored ones', () =>
      integrations
        .given([agentCreated])
        .when({
          type: 'UpdateQueueIntegration',
          ...ref,
          fields: { ...dialogflow, language: 'en' },
          sealedJsonContent: null,
        })
        .then([
          {
            type: 'QueueIntegrationUpdated',
            data: { ...ref, fields: { ...dialogflow, language: 'en' }, sealedJsonContent: 'v1.sealed-json' },
          },
        ]));

    it('turning a webhook into a dialogflow agent needs the credentials', () =>
      integrations
        .given([created])
        .when({ type: 'UpdateQueueIntegration', ...ref, fields: dialogflow, sealedJsonContent: null })
        .thenThrows('ERR_VALIDATION'));

    it('another company cannot edit or delete it', () => {
      integrations
        .given([created])
        .when({
          type: 'UpdateQueueIntegration',
          companyId: otherCompany,
          integrationId,
          fields: webhook,
          sealedJsonContent: null,
        })
        .thenThrows('ERR_NO_QUEUE_INTEGRATION_FOUND');
      integrations
        .given([created])
        .when({ type: 'DeleteQueueIntegration', companyId: otherCompany, integrationId })
        .thenThrows('ERR_NO_QUEUE_INTEGRATION_FOUND');
    });

    it('deleting records it once; afterwards it is not found', () => {
      integrations
        .given([created])
        .when({ type: 'DeleteQueueIntegration', ...ref })
        .then([{ type: 'QueueIntegrationDeleted', data: ref }]);
      integrations
        .given([created, { type: 'QueueIntegrationDeleted', data: ref }])
        .when({ type: 'DeleteQueueIntegration', ...ref })
        .thenThrows('ERR_NO_QUEUE_INTEGRATION_FOUND');
    });
  });
});

const deliveryId = '00000000-0000-4000-8000-000000000030';
const request = {
  deliveryId,
  integrationId,
  companyId,
  ticketId: '00000000-0000-4000-8000-000000000040',
  messageId: '00000000-0000-4000-8000-000000000050',
  url: 'https://crm.example/hook',
  payload: '{"body":"oi"}',
  requestedAt: '2026-01-01T10:00:00.000Z',
};
const requested: WebhookDeliveryEvent = { type: 'WebhookDeliveryRequested', data: request };
const attempt = (n: number, ok: boolean): WebhookDeliveryEvent => ({
  type: 'WebhookDeliveryAttempted',
  data: {
    deliveryId,
    integrationId,
    companyId,
    attempt: n,
    at: '2026-01-01T10:00:01.000Z',
    ok,
    statusCode: ok ? 200 : null,
    error: ok ? null : 'connection refused',
  },
});
const record = (n: number, ok: boolean): WebhookDeliveryCommand => ({
  type: 'RecordWebhookAttempt',
  deliveryId,
  attempt: n,
  at: '2026-01-01T10:00:01.000Z',
  ok,
  statusCode: ok ? 200 : null,
  error: ok ? null : 'connection refused',
});

describe('Webhook delivery', () => {
  describe('When not requested', () => {
    it('a request records the body to send', () =>
      deliveries
        .given([])
        .when({ type: 'RequestWebhookDelivery', ...request })
        .then([requested]));
    it('an attempt or an abandon records nothing', () => {
      deliveries.given([]).when(record(1, true)).thenNothing();
      deliveries
        .given([])
        .when({ type: 'AbandonWebhookDelivery', deliveryId, at: request.requestedAt, reason: 'x' })
        .thenNothing();
    });
  });

  describe('When requested', () => {
    it('a replayed request records nothing again', () =>
      deliveries
        .given([requested])
        .when({ type: 'RequestWebhookDelivery', ...request })
        .thenNothing());
    it('each attempt is recorded once by its number', () => {
      deliveries
        .given([requested])
        .when(record(1, false))
        .then([attempt(1, false)]);
      deliveries
        .given([requested, attempt(1, false)])
        .when(record(1, false))
        .thenNothing();
      deliveries
        .given([requested, attempt(1, false)])
        .when(record(2, true))
        .then([attempt(2, true)]);
    });
    it('running out of retries abandons it', () =>
      deliveries
        .given([requested, attempt(1, false)])
        .when({
          type: 'AbandonWebhookDelivery',
          deliveryId,
          at: '2026-01-01T10:05:00.000Z',
          reason: 'retries ran out',
        })
        .then([
          {
            type: 'WebhookDeliveryAbandoned',
            data: {
              deliveryId,
              integrationId,
              companyId,
              at: '2026-01-01T10:05:00.000Z',
              reason: 'retries ran out',
            },
          },
        ]));
  });

  describe('When delivered', () => {
    it('no further attempt nor abandon is recorded', () => {
      deliveries
        .given([requested, attempt(1, true)])
        .when(record(2, true))
        .thenNothing();
      deliveries
        .given([requested, attempt(1, true)])
        .when({ type: 'AbandonWebhookDelivery', deliveryId, at: request.requestedAt, reason: 'x' })
        .thenNothing();
    });
  });
});
