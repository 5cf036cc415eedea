import type { QueueIntegrationType } from './events.ts';

/** One POST of a webhook/n8n delivery, as the integration's log shows it. */
export interface WebhookDeliveryView {
  id: string;
  messageId: string;
  ticketId: string;
  requestedAt: string;
  /** 'pending' while attempts go on; 'delivered' on a 2xx; 'failed' once the retries ran out. */
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  /** The last attempt's HTTP status, or null when it got none (refused, timed out). */
  lastStatusCode: number | null;
  lastError: string | null;
  lastAttemptAt: string | null;
}

/** A queue integration as the page, its dialog and the queue and connection pickers read it. */
export interface QueueIntegrationView {
  id: string;
  type: QueueIntegrationType;
  name: string;
  projectName: string;
  /** Never the stored service-account JSON: the mask when one is stored, '' when none. */
  jsonContent: string;
  language: string;
  urlN8N: string;
  typebotDelayMessage: number;
  typebotExpires: number;
  typebotKeywordFinish: string;
  typebotKeywordRestart: string;
  typebotRestartMessage: string;
  typebotSlug: string;
  typebotUnknownMessage: string;
  flowId: string | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * GET /queueIntegration/{id} and the answers of POST and PUT: the integration with, for admins, the
 * webhook signing secret (null for other users) and its last deliveries, newest first.
 */
export interface QueueIntegrationDetails extends QueueIntegrationView {
  webhookSecret: string | null;
  deliveries: WebhookDeliveryView[];
}

/** GET /queueIntegration/: one page of the search. */
export interface QueueIntegrationPage {
  queueIntegrations: QueueIntegrationView[];
  count: number;
  hasMore: boolean;
}
