import * as v from 'valibot';
import { apiRequest } from '../../../lib/api.ts';

export type ConnectionStatus = 'qrcode' | 'PAIRING' | 'DISCONNECTED' | 'TIMEOUT' | 'OPENING' | 'CONNECTED';
export type Provider = 'baileys' | 'simulator';

/** Doc 1 §3 Connection, as GET /whatsapp returns it (the token only from GET /whatsapp/:id, to admins). */
export interface Connection {
  id: string;
  name: string;
  status: ConnectionStatus;
  qrcode: string;
  retries: number;
  number: string;
  isDefault: boolean;
  provider: Provider;
  updatedAt: string;
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  expiresInactiveMessage: string;
  expiresTicket: number;
  timeUseBotQueues: number;
  maxUseBotQueues: number;
  timeToTransfer: number;
  transferQueueId: string | null;
  queueIds: string[];
  token?: string;
}

export interface QueueOption {
  id: string;
  name: string;
  color: string;
}

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
  provider: v.picklist(['baileys', 'simulator']),
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
});
export type ConnectionInput = v.InferInput<typeof ConnectionInput>;

export const newConnectionDefaults: ConnectionInput = {
  name: '',
  isDefault: false,
  provider: 'baileys',
  greetingMessage: '',
  complationMessage: '',
  outOfHoursMessage: '',
  ratingMessage: '',
  expiresInactiveMessage: '',
  expiresTicket: 0,
  timeUseBotQueues: 0,
  maxUseBotQueues: 3,
  timeToTransfer: 0,
  transferQueueId: null,
  queueIds: [],
};

const path = (id: string) => encodeURIComponent(id);

export const listConnections = (signal?: AbortSignal) => apiRequest<Connection[]>('/whatsapp', { signal });
export const getConnection = (id: string, signal?: AbortSignal) =>
  apiRequest<Connection>(`/whatsapp/${path(id)}`, { query: { session: 0 }, signal });
export const listProviders = (signal?: AbortSignal) =>
  apiRequest<{ providers: Provider[] }>('/whatsapp/providers', { signal }).then((r) => r.providers);
export const listQueueOptions = (signal?: AbortSignal) => apiRequest<QueueOption[]>('/queue', { signal });

/** Creates, or updates (the provider of an existing connection is fixed and not sent). */
export function saveConnection(id: string | null, input: ConnectionInput) {
  const { provider, ...fields } = v.parse(ConnectionInput, input);
  return id
    ? apiRequest<Connection>(`/whatsapp/${path(id)}`, { method: 'PUT', body: fields })
    : apiRequest<Connection>('/whatsapp', { method: 'POST', body: { ...fields, provider } });
}

export const deleteConnection = (id: string) =>
  apiRequest<unknown>(`/whatsapp/${path(id)}`, { method: 'DELETE' });

/** Doc 1 §2 session actions: try again (start), new QR (restart), disconnect. */
export type SessionAction = 'start' | 'restart' | 'disconnect';
const sessionMethod = { start: 'POST', restart: 'PUT', disconnect: 'DELETE' } as const;
export const requestSession = (id: string, action: SessionAction) =>
  apiRequest<Connection>(`/whatsappsession/${path(id)}`, { method: sessionMethod[action] });

/** The simulator's "scan" (a public route of the simulated phones, present only with the simulator). */
export const simulateScan = (id: string) =>
  apiRequest<{ paired: boolean }>(`/simulator/connections/${path(id)}/scan`, { method: 'POST', auth: false });
