import type { ConnectionStatus } from '@zelo/contracts/connections/events';
import type { MediaType } from '@zelo/contracts/messaging/events';

/** A message as the channel received it (what `ChannelEvents.inbound` is handed). */
export interface ChannelInbound {
  whatsappId: string;
  waMessageId: string;
  from: { number: string; name: string; isGroup: boolean };
  senderName?: string;
  body: string;
  mediaType: MediaType;
  mediaUrl: string | null;
  timestamp: Date;
  /** Typed on the business's own phone by a person (not an echo of a message Zelo sent). */
  fromMe?: boolean;
  /** The WhatsApp id of the message this one replies to, when it quotes one. */
  quotedWaMessageId?: string | null;
}

/** What the channel reports to Zelo: the adapter calls these, Zelo turns them into commands. */
export interface ChannelEvents {
  inbound(msg: ChannelInbound): Promise<void>;
  /** The customer (or the phone's owner) edited a message's text. */
  edited(whatsappId: string, waMessageId: string, body: string, at: Date): Promise<void>;
  /** The message was deleted for everyone on WhatsApp. */
  revoked(whatsappId: string, waMessageId: string, at: Date): Promise<void>;
  ack(whatsappId: string, waMessageId: string, ack: number): Promise<void>;
  status(
    whatsappId: string,
    status: ConnectionStatus,
    qrcode: string,
    retries: number,
    number?: string,
  ): Promise<void>;
}

export interface OutboundPayload {
  /** Chosen by Zelo; the adapter must send with this id so a retried send is the same WhatsApp message. */
  waMessageId: string;
  to: { number: string; isGroup: boolean };
  body: string;
  mediaType: MediaType;
  mediaUrl: string | null;
  /** The quoted message's WhatsApp id, so the customer sees the reply as a reply. */
  quotedWaMessageId?: string | null;
}

export class ChannelNotConnectedError extends Error {
  constructor(whatsappId: string) {
    super(`connection ${whatsappId} is not connected`);
    this.name = 'ChannelNotConnectedError';
  }
}

/**
 * One adapter per provider (the simulator now, Baileys next). A channel worker owns the live
 * sessions; everything else talks to WhatsApp only through events and the outbound queue.
 */
export interface ChannelAdapter {
  readonly provider: 'simulator' | 'baileys';
  /** Opens the session, reusing saved credentials, or shows a QR when there are none. */
  start(whatsappId: string, companyId: string): Promise<void>;
  /** Closes this process's socket and keeps the saved session (shutdown, or the lease moved away). */
  stop(whatsappId: string): Promise<void>;
  /** Logs out at WhatsApp and wipes the saved session: the next start asks for a new QR. */
  logout(whatsappId: string): Promise<void>;
  isConnected(whatsappId: string): boolean;
  /** Resolves once the provider accepted the message; throws ChannelNotConnectedError or a send error. */
  send(whatsappId: string, payload: OutboundPayload): Promise<void>;
  /** The contacts the phone knows (WhatsApp's address book), for POST /contacts/import. */
  phoneContacts(whatsappId: string): Promise<{ number: string; name: string }[]>;
  /**
   * Which of these numbers (digits only) have a WhatsApp account, asked through the connection's
   * session: every number asked is in the answer. Throws ChannelNotConnectedError when offline.
   */
  checkNumbers(whatsappId: string, numbers: string[]): Promise<Map<string, boolean>>;
}
