import type { ChannelProvider, ConnectionStatus } from './events.ts';

/**
 * A connection's automation settings (doc 1 §3 Connection): the bot's messages and timers, its
 * queues and where an idle ticket goes. The chatbot, the connection dialog and the seed all read them
 * in this one shape.
 */
export interface ConnectionSettings {
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  expiresInactiveMessage: string;
  /** Minutes; 0 turns the behaviour off (as for the other minutes below). */
  expiresTicket: number;
  timeUseBotQueues: number;
  maxUseBotQueues: number;
  timeToTransfer: number;
  transferQueueId: string | null;
  queueIds: string[];
  /** The prompt answering the connection's tickets while no agent has them, or null. */
  promptId: string | null;
  /** The queue integration doing so, or null; when both are set the integration wins. */
  integrationId: string | null;
  /** The flow run for a contact's first message on this connection (our name), or null. */
  flowIdWelcome: string | null;
}

/** The settings of a new connection, and what the read model answers for a setting it never stored. */
export const defaultConnectionSettings: ConnectionSettings = {
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
  promptId: null,
  integrationId: null,
  flowIdWelcome: null,
};

/**
 * A connection as GET /whatsapp, GET /whatsapp/:id, every write's answer and the socket frames show it.
 * The token (it sends messages as the company) only to admins asking for one connection.
 */
export interface ConnectionView extends ConnectionSettings {
  id: string;
  name: string;
  status: ConnectionStatus;
  qrcode: string;
  retries: number;
  number: string;
  isDefault: boolean;
  provider: ChannelProvider;
  createdAt: string;
  updatedAt: string;
  token?: string;
}

/** GET /whatsapp/providers: the channels this server can open. */
export interface ConnectionProviders {
  providers: ChannelProvider[];
}
