import * as v from 'valibot';
import { event, Id, NullableId, TextUpTo, WholeIn } from '../common.ts';

export const ConnectionStatus = v.picklist([
  'qrcode',
  'PAIRING',
  'DISCONNECTED',
  'TIMEOUT',
  'OPENING',
  'CONNECTED',
]);
export type ConnectionStatus = v.InferOutput<typeof ConnectionStatus>;
export const ChannelProvider = v.picklist(['simulator', 'baileys']);
export type ChannelProvider = v.InferOutput<typeof ChannelProvider>;

/**
 * Minutes, at most a year, as the connection requests allow (api.ts), which also ask for whole ones;
 * the event takes a fraction too: the timers' tests stand short real durations in for minutes.
 */
const Minutes = v.pipe(v.number(), v.minValue(0), v.maxValue(525_600));

/** The connection requests' bounds (api.ts). */
export const ConnectionFields = {
  name: TextUpTo(50),
  isDefault: v.boolean(),
  provider: ChannelProvider,
  greetingMessage: TextUpTo(4096),
  complationMessage: TextUpTo(4096),
  outOfHoursMessage: TextUpTo(4096),
  ratingMessage: TextUpTo(4096),
  expiresInactiveMessage: TextUpTo(4096),
  expiresTicket: Minutes,
  timeUseBotQueues: Minutes,
  maxUseBotQueues: WholeIn(0, 100),
  timeToTransfer: Minutes,
  transferQueueId: NullableId,
  queueIds: v.array(Id),
  /**
   * The automation links (doc 1 §3 Connection promptId, integrationId; flowIdWelcome is ours: the flow
   * run for a contact's first message on this connection). Optional because events stored before them
   * lack them: a missing one reads as null. Every event decided since carries all three.
   */
  promptId: v.optional(NullableId),
  integrationId: v.optional(NullableId),
  flowIdWelcome: v.optional(NullableId),
};

export const ConnectionCreated = event('ConnectionCreated', {
  whatsappId: Id,
  companyId: Id,
  token: v.string(),
  ...ConnectionFields,
});
export type ConnectionCreated = v.InferOutput<typeof ConnectionCreated>;
export const ConnectionUpdated = event('ConnectionUpdated', {
  whatsappId: Id,
  companyId: Id,
  ...ConnectionFields,
});
export type ConnectionUpdated = v.InferOutput<typeof ConnectionUpdated>;
export const ConnectionDeleted = event('ConnectionDeleted', { whatsappId: Id, companyId: Id });
export type ConnectionDeleted = v.InferOutput<typeof ConnectionDeleted>;
export const ConnectionStatusChanged = event('ConnectionStatusChanged', {
  whatsappId: Id,
  companyId: Id,
  status: ConnectionStatus,
  qrcode: v.string(),
  retries: v.number(),
  number: v.optional(v.string()),
});
export type ConnectionStatusChanged = v.InferOutput<typeof ConnectionStatusChanged>;

/**
 * What an admin asks of a connection's WhatsApp session (POST/PUT/DELETE /whatsappsession/:id). The
 * channel worker that holds the connection's lease reconciles towards it: `start` opens the session
 * (reusing saved credentials), `restart` wipes the saved session and shows a new QR, `disconnect`
 * logs out and keeps the connection closed until started again.
 */
export const SessionAction = v.picklist(['start', 'restart', 'disconnect']);
export type SessionAction = v.InferOutput<typeof SessionAction>;
export const ConnectionSessionRequested = event('ConnectionSessionRequested', {
  whatsappId: Id,
  companyId: Id,
  action: SessionAction,
  requestedBy: v.string(),
});
export type ConnectionSessionRequested = v.InferOutput<typeof ConnectionSessionRequested>;

/** POST /contacts/import: the channel that owns the session reads the phone's contacts (a reaction). */
export const ConnectionContactsImportRequested = event('ConnectionContactsImportRequested', {
  whatsappId: Id,
  companyId: Id,
  requestedBy: v.string(),
});
export type ConnectionContactsImportRequested = v.InferOutput<typeof ConnectionContactsImportRequested>;

export const ConnectionEvent = v.variant('type', [
  ConnectionCreated,
  ConnectionUpdated,
  ConnectionDeleted,
  ConnectionStatusChanged,
  ConnectionContactsImportRequested,
  ConnectionSessionRequested,
]);
export type ConnectionEvent = v.InferOutput<typeof ConnectionEvent>;
