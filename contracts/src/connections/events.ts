import * as v from 'valibot';
import { event, Id, NullableId } from '../common.ts';

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

export const ConnectionFields = {
  name: v.string(),
  isDefault: v.boolean(),
  provider: ChannelProvider,
  greetingMessage: v.string(),
  complationMessage: v.string(),
  outOfHoursMessage: v.string(),
  ratingMessage: v.string(),
  expiresInactiveMessage: v.string(),
  expiresTicket: v.number(),
  timeUseBotQueues: v.number(),
  maxUseBotQueues: v.number(),
  timeToTransfer: v.number(),
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
