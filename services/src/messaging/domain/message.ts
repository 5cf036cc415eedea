import { DomainError } from '@zelo/contracts/errors';
import type {
  InboundMessageReceived,
  MessageEvent,
  OutboundMessageQueued,
  PhoneMessageSent,
} from '@zelo/contracts/messaging/events';

type Ref = { messageId: string; companyId: string; ticketId: string; contactId: string; whatsappId: string };

export type MessageState =
  | { kind: 'none' }
  | {
      kind: 'exists';
      ref: Ref;
      direction: 'inbound' | 'outbound';
      /** Typed on the business's phone rather than sent by Zelo (outbound, userId null). */
      fromPhone: boolean;
      userId: string | null;
      delivery: 'queued' | 'sent' | 'failed' | 'received';
      ack: number;
      deleted: boolean;
      /** The current text (after edits). */
      body: string;
      edited: boolean;
    };

export const initialMessageState = (): MessageState => ({ kind: 'none' });

const refOf = (d: Ref): Ref => ({
  messageId: d.messageId,
  companyId: d.companyId,
  ticketId: d.ticketId,
  contactId: d.contactId,
  whatsappId: d.whatsappId,
});

export function evolveMessage(state: MessageState, event: MessageEvent): MessageState {
  switch (event.type) {
    case 'InboundMessageReceived':
      return {
        kind: 'exists',
        ref: refOf(event.data),
        direction: 'inbound',
        fromPhone: false,
        userId: null,
        delivery: 'received',
        ack: 0,
        deleted: false,
        body: event.data.body,
        edited: false,
      };
    case 'OutboundMessageQueued':
      return {
        kind: 'exists',
        ref: refOf(event.data),
        direction: 'outbound',
        fromPhone: false,
        userId: event.data.userId,
        delivery: 'queued',
        ack: 0,
        deleted: false,
        body: event.data.body,
        edited: false,
      };
    case 'PhoneMessageSent':
      return {
        kind: 'exists',
        ref: refOf(event.data),
        direction: 'outbound',
        fromPhone: true,
        userId: null,
        delivery: 'sent',
        ack: 1,
        deleted: false,
        body: event.data.body,
        edited: false,
      };
  }
  if (state.kind === 'none') return state;
  switch (event.type) {
    case 'OutboundMessageSent':
      return { ...state, delivery: 'sent', ack: Math.max(state.ack, 1) };
    case 'OutboundMessageFailed':
      return { ...state, delivery: 'failed' };
    case 'MessageAcknowledged':
      return { ...state, ack: Math.max(state.ack, event.data.ack) };
    case 'MessageDeleted':
      return { ...state, deleted: true };
    case 'MessageEdited':
      return { ...state, body: event.data.body, edited: true };
  }
}

export type MessageCommand =
  | { type: 'ReceiveInbound'; message: InboundMessageReceived['data'] }
  | { type: 'QueueOutbound'; message: OutboundMessageQueued['data'] }
  | { type: 'RecordSent'; sentAt: string; attempts: number }
  | { type: 'RecordFailed'; reason: string; attempts: number }
  | { type: 'RecordAck'; ack: number }
  | { type: 'DeleteMessage'; userId: string }
  | { type: 'RecordPhoneMessage'; message: PhoneMessageSent['data'] }
  /** WhatsApp reports an edit; `whatsappId` is the connection that reported it. */
  | { type: 'RecordEdit'; whatsappId: string; body: string; editedAt: string }
  /** WhatsApp reports the message was deleted for everyone (by the customer or on the phone). */
  | { type: 'RecordRevoke'; whatsappId: string };

type Cmd<T extends MessageCommand['type']> = Extract<MessageCommand, { type: T }>;
type Existing = Extract<MessageState, { kind: 'exists' }>;

function existing(state: MessageState): Existing {
  if (state.kind === 'none') throw new DomainError('ERR_NO_MESSAGE_FOUND', 'message not found');
  return state;
}

// Redelivery of the same WhatsApp message lands on the same stream: nothing new to record.
const receiveInbound = (command: Cmd<'ReceiveInbound'>, state: MessageState): MessageEvent[] =>
  state.kind === 'none' ? [{ type: 'InboundMessageReceived', data: command.message }] : [];

const queueOutbound = (command: Cmd<'QueueOutbound'>, state: MessageState): MessageEvent[] =>
  state.kind === 'none' ? [{ type: 'OutboundMessageQueued', data: command.message }] : [];

const recordPhoneMessage = (command: Cmd<'RecordPhoneMessage'>, state: MessageState): MessageEvent[] =>
  state.kind === 'none' ? [{ type: 'PhoneMessageSent', data: command.message }] : [];

/**
 * WhatsApp reports edits and deletions of messages older than Zelo (or of another connection's
 * chats): a message Zelo does not know on that connection is not an error, there is nothing to do.
 */
const knownOn = (state: MessageState, whatsappId: string): Existing | null =>
  state.kind === 'none' || state.ref.whatsappId !== whatsappId || state.deleted ? null : state;

function recordEdit(command: Cmd<'RecordEdit'>, state: MessageState): MessageEvent[] {
  const m = knownOn(state, command.whatsappId);
  if (!m || m.body === command.body) return []; // unknown here, or a redelivered edit
  const data = { ...m.ref, body: command.body, previousBody: m.body, editedAt: command.editedAt };
  return [{ type: 'MessageEdited', data }];
}

function recordRevoke(command: Cmd<'RecordRevoke'>, state: MessageState): MessageEvent[] {
  const m = knownOn(state, command.whatsappId);
  return m ? [{ type: 'MessageDeleted', data: { ...m.ref, userId: null } }] : [];
}

function recordSent(command: Cmd<'RecordSent'>, state: MessageState): MessageEvent[] {
  const m = existing(state);
  // Sent exactly once: a retried delivery that succeeds again records nothing.
  if (m.delivery !== 'queued') return [];
  const { sentAt, attempts } = command;
  return [{ type: 'OutboundMessageSent', data: { ...m.ref, sentAt, attempts } }];
}

function recordFailed(command: Cmd<'RecordFailed'>, state: MessageState): MessageEvent[] {
  const m = existing(state);
  if (m.delivery !== 'queued') return [];
  const { reason, attempts } = command;
  return [{ type: 'OutboundMessageFailed', data: { ...m.ref, reason, attempts } }];
}

function recordAck(command: Cmd<'RecordAck'>, state: MessageState): MessageEvent[] {
  const m = existing(state);
  if (command.ack <= m.ack) return [];
  return [{ type: 'MessageAcknowledged', data: { ...m.ref, ack: command.ack } }];
}

function deleteMessage(command: Cmd<'DeleteMessage'>, state: MessageState): MessageEvent[] {
  const m = existing(state);
  if (m.direction !== 'outbound' || m.userId !== command.userId) {
    throw new DomainError('ERR_NO_PERMISSION', 'only the sender can delete a message');
  }
  if (m.deleted) throw new DomainError('ERR_MESSAGE_ALREADY_DELETED', 'message already deleted');
  return [{ type: 'MessageDeleted', data: { ...m.ref, userId: command.userId } }];
}

export function decideMessage(command: MessageCommand, state: MessageState): MessageEvent[] {
  switch (command.type) {
    case 'ReceiveInbound':
      return receiveInbound(command, state);
    case 'QueueOutbound':
      return queueOutbound(command, state);
    case 'RecordPhoneMessage':
      return recordPhoneMessage(command, state);
    case 'RecordEdit':
      return recordEdit(command, state);
    case 'RecordRevoke':
      return recordRevoke(command, state);
    case 'RecordSent':
      return recordSent(command, state);
    case 'RecordFailed':
      return recordFailed(command, state);
    case 'RecordAck':
      return recordAck(command, state);
    case 'DeleteMessage':
      return deleteMessage(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}
