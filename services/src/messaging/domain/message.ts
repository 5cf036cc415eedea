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

export function decideMessage(command: MessageCommand, state: MessageState): MessageEvent[] {
  switch (command.type) {
    // Redelivery of the same WhatsApp message lands on the same stream: nothing new to record.
    case 'ReceiveInbound':
      return state.kind === 'none' ? [{ type: 'InboundMessageReceived', data: command.message }] : [];
    case 'QueueOutbound':
      return state.kind === 'none' ? [{ type: 'OutboundMessageQueued', data: command.message }] : [];
    case 'RecordPhoneMessage':
      return state.kind === 'none' ? [{ type: 'PhoneMessageSent', data: command.message }] : [];
    // WhatsApp reports edits and deletions of messages older than Zelo (or of another connection's
    // chats): a message Zelo does not know on that connection is not an error, there is nothing to do.
    case 'RecordEdit': {
      if (state.kind === 'none' || state.ref.whatsappId !== command.whatsappId || state.deleted) return [];
      if (state.body === command.body) return []; // a redelivered edit
      const data = { ...state.ref, body: command.body, previousBody: state.body, editedAt: command.editedAt };
      return [{ type: 'MessageEdited', data }];
    }
    case 'RecordRevoke':
      if (state.kind === 'none' || state.ref.whatsappId !== command.whatsappId || state.deleted) return [];
      return [{ type: 'MessageDeleted', data: { ...state.ref, userId: null } }];
  }
  if (state.kind === 'none') throw new DomainError('ERR_NO_MESSAGE_FOUND', 'message not found');
  const ref = state.ref;
  switch (command.type) {
    case 'RecordSent':
      // Sent exactly once: a retried delivery that succeeds again records nothing.
      if (state.delivery !== 'queued') return [];
      return [
        { type: 'OutboundMessageSent', data: { ...ref, sentAt: command.sentAt, attempts: command.attempts } },
      ];
    case 'RecordFailed':
      if (state.delivery !== 'queued') return [];
      return [
        {
          type: 'OutboundMessageFailed',
          data: { ...ref, reason: command.reason, attempts: command.attempts },
        },
      ];
    case 'RecordAck':
      if (command.ack <= state.ack) return [];
      return [{ type: 'MessageAcknowledged', data: { ...ref, ack: command.ack } }];
    case 'DeleteMessage':
      if (state.direction !== 'outbound' || state.userId !== command.userId) {
        throw new DomainError('ERR_NO_PERMISSION', 'only the sender can delete a message');
      }
      if (state.deleted) throw new DomainError('ERR_MESSAGE_ALREADY_DELETED', 'message already deleted');
      return [{ type: 'MessageDeleted', data: { ...ref, userId: command.userId } }];
  }
}
