import { ChannelProvider, type SessionAction } from '@zelo/contracts/connections/events';
import {
  type ConnectionProviders,
  type ConnectionView,
  defaultConnectionSettings,
} from '@zelo/contracts/connections/read-models';
import * as v from 'valibot';
import { apiRequest } from '../../../lib/api.ts';

const message = v.optional(v.pipe(v.string(), v.maxLength(4096, 'validation.tooLong')), '');
const minutes = v.pipe(
  v.number('validation.required'),
  v.integer('connections.wholeNumber'),
  v.minValue(0, 'connections.wholeNumber'),
  v.maxValue(525_600, 'validation.tooLong'),
);

/** Doc 1 §5 "Connection: name required 2 to 50"; messages are i18n keys. */
export const ConnectionInput = v.object({
  name: v.pipe(
    v.string('validation.required'),
    v.trim(),
    v.minLength(2, 'validation.tooShort'),
    v.maxLength(50, 'validation.tooLong'),
  ),
  isDefault: v.boolean(),
  provider: ChannelProvider,
  greetingMessage: message,
  complationMessage: message,
  outOfHoursMessage: message,
  ratingMessage: message,
  expiresInactiveMessage: message,
  expiresTicket: minutes,
  timeUseBotQueues: minutes,
  maxUseBotQueues: v.pipe(
    v.number('validation.required'),
    v.integer('connections.wholeNumber'),
    v.minValue(0, 'connections.wholeNumber'),
    v.maxValue(100, 'validation.tooLong'),
  ),
  timeToTransfer: minutes,
  transferQueueId: v.nullable(v.string()),
  queueIds: v.array(v.string()),
  promptId: v.nullable(v.string()),
  integrationId: v.nullable(v.string()),
  flowIdWelcome: v.nullable(v.string()),
});
export type ConnectionInput = v.InferInput<typeof ConnectionInput>;

export const newConnectionDefaults: ConnectionInput = {
  name: '',
  isDefault: false,
  provider: 'baileys',
  ...defaultConnectionSettings,
};

const path = (id: string) => encodeURIComponent(id);

export const listConnections = (signal?: AbortSignal) =>
  apiRequest<ConnectionView[]>('/whatsapp', { signal });
export const getConnection = (id: string, signal?: AbortSignal) =>
  apiRequest<ConnectionView>(`/whatsapp/${path(id)}`, { query: { session: 0 }, signal });
export const listProviders = (signal?: AbortSignal): Promise<ChannelProvider[]> =>
  apiRequest<ConnectionProviders>('/whatsapp/providers', { signal }).then((r) => r.providers);

/** Creates, or updates (the provider of an existing connection is fixed and not sent). */
export function saveConnection(id: string | null, input: ConnectionInput) {
  const { provider, ...fields } = v.parse(ConnectionInput, input);
  return id
    ? apiRequest<ConnectionView>(`/whatsapp/${path(id)}`, { method: 'PUT', body: fields })
    : apiRequest<ConnectionView>('/whatsapp', { method: 'POST', body: { ...fields, provider } });
}

export const deleteConnection = (id: string) =>
  apiRequest<unknown>(`/whatsapp/${path(id)}`, { method: 'DELETE' });

/** Doc 1 §2 session actions: try again (start), new QR (restart), disconnect. */
const sessionMethod = { start: 'POST', restart: 'PUT', disconnect: 'DELETE' } as const;
export const requestSession = (id: string, action: SessionAction) =>
  apiRequest<ConnectionView>(`/whatsappsession/${path(id)}`, { method: sessionMethod[action] });

/** The simulator's "scan" (a public route of the simulated phones, present only with the simulator). */
export const simulateScan = (id: string) =>
  apiRequest<{ paired: boolean }>(`/simulator/connections/${path(id)}/scan`, { method: 'POST', auth: false });
