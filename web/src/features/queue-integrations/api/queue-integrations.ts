import type { FlowPage } from '@zelo/contracts/flows/read-models';
import { TYPEBOT_NUMBERS } from '@zelo/contracts/queue-integrations/api';
import type { QueueIntegrationType } from '@zelo/contracts/queue-integrations/events';
import type {
  QueueIntegrationDetails,
  QueueIntegrationPage,
} from '@zelo/contracts/queue-integrations/read-models';
import * as v from 'valibot';
import { apiRequest } from '../../../lib/api.ts';

export const INTEGRATION_TYPES: QueueIntegrationType[] = [
  'dialogflow',
  'n8n',
  'webhook',
  'typebot',
  'flowbuilder',
];

const text = v.optional(v.string(), '');
const isUrl = (s: string) => /^https?:\/\/[^\s/]+/i.test(s.trim());

/** A typebot number within the server's bounds; the field gives text, an emptied one is the default. */
const typebotNumber = (name: keyof typeof TYPEBOT_NUMBERS, rule: string) => {
  const { min, max, fallback } = TYPEBOT_NUMBERS[name];
  return v.optional(
    v.pipe(
      v.union([v.number(), v.string()], rule),
      v.transform((n) => (typeof n === 'string' && n.trim() === '' ? fallback : Number(n))),
      v.integer(rule),
      v.minValue(min, rule),
      v.maxValue(max, rule),
    ),
    fallback,
  );
};

// Doc 2 §5: name 2 to 50; typebot needs name, URL and slug; webhook and n8n an http(s) URL; the flow a
// flowbuilder runs; a dialogflow agent its project, language and (on creation) its credentials.
export const QueueIntegrationInput = v.pipe(
  v.object({
    type: v.picklist(INTEGRATION_TYPES, 'validation.required'),
    name: v.pipe(
      v.string('validation.required'),
      v.trim(),
      v.minLength(1, 'validation.required'),
      v.minLength(2, 'validation.tooShort'),
      v.maxLength(50, 'validation.tooLong'),
    ),
    projectName: text,
    jsonContent: text,
    language: text,
    urlN8N: text,
    typebotSlug: text,
    typebotExpires: typebotNumber('typebotExpires', 'queueIntegrations.typebotExpiresRange'),
    typebotDelayMessage: typebotNumber('typebotDelayMessage', 'queueIntegrations.typebotDelayRange'),
    typebotKeywordFinish: text,
    typebotKeywordRestart: text,
    typebotRestartMessage: text,
    typebotUnknownMessage: text,
    flowId: v.optional(v.nullable(v.string()), null),
  }),
  v.forward(
    v.check((i) => i.type !== 'dialogflow' || !!i.projectName.trim(), 'validation.required'),
    ['projectName'],
  ),
  v.forward(
    v.check((i) => i.type !== 'dialogflow' || !!i.language.trim(), 'validation.required'),
    ['language'],
  ),
  v.forward(
    v.check(
      (i) => !['n8n', 'webhook', 'typebot'].includes(i.type) || isUrl(i.urlN8N),
      'queueIntegrations.urlInvalid',
    ),
    ['urlN8N'],
  ),
  v.forward(
    v.check((i) => i.type !== 'typebot' || !!i.typebotSlug.trim(), 'validation.required'),
    ['typebotSlug'],
  ),
  v.forward(
    v.check((i) => i.type !== 'flowbuilder' || !!i.flowId, 'validation.required'),
    ['flowId'],
  ),
);
export type QueueIntegrationInput = v.InferOutput<typeof QueueIntegrationInput>;

export const searchQueueIntegrations = (searchParam: string, pageNumber: number, signal?: AbortSignal) =>
  apiRequest<QueueIntegrationPage>('/queueIntegration/', {
    signal,
    query: { searchParam: searchParam || undefined, pageNumber },
  });

export const getQueueIntegration = (id: string, signal?: AbortSignal) =>
  apiRequest<QueueIntegrationDetails>(`/queueIntegration/${encodeURIComponent(id)}`, { signal });

export const saveQueueIntegration = (id: string | null, body: QueueIntegrationInput) =>
  apiRequest<QueueIntegrationDetails>(
    id ? `/queueIntegration/${encodeURIComponent(id)}` : '/queueIntegration',
    {
      method: id ? 'PUT' : 'POST',
      body,
    },
  );

export const deleteQueueIntegration = (id: string) =>
  apiRequest<{ message: string }>(`/queueIntegration/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** The dialog's Dialogflow test; an edit sends the mask and its id for the stored credentials. */
export const testDialogflowSession = (body: {
  projectName: string;
  jsonContent: string;
  language: string;
  integrationId?: string;
}) => apiRequest<unknown>('/queueIntegration/testSession', { method: 'POST', body });

/** The company's flows, for a flowbuilder's choice (the flow builder's own list call). */
export const listFlows = (signal?: AbortSignal) =>
  apiRequest<FlowPage>('/flowbuilder', { signal, query: { pageNumber: 1 } });
