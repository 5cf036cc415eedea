import type {
  InboundMessageReceived,
  MessageEvent,
  OutboundMessageQueued,
  PhoneMessageSent,
} from '@zelo/contracts/messaging/events';
import {
  inboundMessageReceived,
  messageAcknowledged,
  messageDeleted,
  messageEdited,
  outboundMessageFailed,
  outboundMessageQueued,
  outboundMessageSent,
  phoneMessageSent,
} from '@zelo/contracts/testing/events';
import { describe, it } from 'vitest';
import { decider } from '../../testing/given-when-then.ts';
import {
  decideMessage,
  evolveMessage,
  initialMessageState,
  type MessageCommand,
  type MessageState,
} from './message.ts';

const spec = decider<MessageState, MessageCommand, MessageEvent>({
  initialState: initialMessageState,
  evolve: evolveMessage,
  decide: decideMessage,
});

const ref = {
  messageId: '00000000-0000-4000-8000-000000000030',
  companyId: '00000000-0000-4000-8000-000000000001',
  ticketId: '00000000-0000-4000-8000-000000000002',
  contactId: '00000000-0000-4000-8000-000000000003',
  whatsappId: '00000000-0000-4000-8000-000000000004',
};
const ana = '00000000-0000-4000-8000-000000000010';
const bruno = '00000000-0000-4000-8000-000000000011';
const content = { body: 'Olá, tudo bem?', mediaType: 'chat' as const, mediaUrl: null, quotedMsgId: null };

const inbound: InboundMessageReceived['data'] = {
  ...ref,
  ...content,
  waMessageId: '3EB0C767D26A1D8F4A01',
  senderName: 'Maria',
  receivedAt: '2025-03-10T12:00:00.000Z',
};
const outbound: OutboundMessageQueued['data'] = {
  ...ref,
  ...content,
  userId: ana,
  waMessageId: '3EB0ZELO0000000000001',
};

const received = inboundMessageReceived(inbound);
const queued = outboundMessageQueued(outbound);
const sent = outboundMessageSent({ ...ref, sentAt: '2025-03-10T12:00:01.000Z', attempts: 1 });
const failed = outboundMessageFailed({ ...ref, reason: 'not connected', attempts: 3 });
const acked = (ack: number) => messageAcknowledged({ ...ref, ack });
const deletedBy = (userId: string | null) => messageDeleted({ ...ref, userId });
const fromPhone: PhoneMessageSent['data'] = {
  ...ref,
  ...content,
  body: 'Oi Maria, aqui é do celular da loja',
  waMessageId: '3EB0A1B2C3D4E5F60718',
  sentAt: '2025-03-10T12:02:00.000Z',
};
const typedOnPhone = phoneMessageSent(fromPhone);
const otherConnection = '00000000-0000-4000-8000-000000000099';
const editAt = '2025-03-10T12:05:00.000Z';
const edit = (body: string, whatsappId = ref.whatsappId): MessageCommand => ({
  type: 'RecordEdit',
  whatsappId,
  body,
  editedAt: editAt,
});
const edited = (body: string, previousBody: string) =>
  messageEdited({ ...ref, body, previousBody, editedAt: editAt });
const revoke = (whatsappId = ref.whatsappId): MessageCommand => ({ type: 'RecordRevoke', whatsappId });

describe('Message', () => {
  describe('When not yet recorded', () => {
    it('a customer message is received', () =>
      spec.given([]).when({ type: 'ReceiveInbound', message: inbound }).then([received]));

    it("an agent's message is queued for sending", () =>
      spec.given([]).when({ type: 'QueueOutbound', message: outbound }).then([queued]));

    it('a delivery report refuses with ERR_NO_MESSAGE_FOUND', () =>
      spec
        .given([])
        .when({ type: 'RecordSent', sentAt: '2025-03-10T12:00:01.000Z', attempts: 1 })
        .thenThrows('ERR_NO_MESSAGE_FOUND'));
  });

  describe('When received', () => {
    it('the same WhatsApp message redelivered decides nothing, never a second message', () =>
      spec.given([received]).when({ type: 'ReceiveInbound', message: inbound }).thenNothing());

    it('nobody may delete a customer message: ERR_NO_PERMISSION', () =>
      spec.given([received]).when({ type: 'DeleteMessage', userId: ana }).thenThrows('ERR_NO_PERMISSION'));
  });

  describe('When queued', () => {
    it('queuing it again (a retried request) decides nothing', () =>
      spec.given([queued]).when({ type: 'QueueOutbound', message: outbound }).thenNothing());

    it('a successful send is recorded with its time and attempts', () =>
      spec
        .given([queued])
        .when({ type: 'RecordSent', sentAt: '2025-03-10T12:00:01.000Z', attempts: 1 })
        .then([sent]));

    it('a failed send is recorded with its reason', () =>
      spec
        .given([queued])
        .when({ type: 'RecordFailed', reason: 'not connected', attempts: 3 })
        .then([failed]));

    it('its sender may delete it', () =>
      spec
        .given([queued])
        .when({ type: 'DeleteMessage', userId: ana })
        .then([deletedBy(ana)]));

    it('another agent may not delete it: ERR_NO_PERMISSION', () =>
      spec.given([queued]).when({ type: 'DeleteMessage', userId: bruno }).thenThrows('ERR_NO_PERMISSION'));
  });

  describe('When sent', () => {
    it('a second success report records nothing: sent exactly once', () =>
      spec
        .given([queued, sent])
        .when({ type: 'RecordSent', sentAt: '2025-03-10T12:00:05.000Z', attempts: 2 })
        .thenNothing());

    it('a late failure report records nothing', () =>
      spec
        .given([queued, sent])
        .when({ type: 'RecordFailed', reason: 'timeout', attempts: 2 })
        .thenNothing());

    it('being sent already counts as the server tick: an ack 1 records nothing', () =>
      spec.given([queued, sent]).when({ type: 'RecordAck', ack: 1 }).thenNothing());

    it('a delivered tick is recorded', () =>
      spec
        .given([queued, sent])
        .when({ type: 'RecordAck', ack: 2 })
        .then([acked(2)]));

    it('ticks only go up: a delivered report after read records nothing', () =>
      spec
        .given([queued, sent, acked(3)])
        .when({ type: 'RecordAck', ack: 2 })
        .thenNothing());

    it('the same tick reported twice records nothing', () =>
      spec
        .given([queued, sent, acked(3)])
        .when({ type: 'RecordAck', ack: 3 })
        .thenNothing());
  });

  describe('When failed', () => {
    it('a later success report records nothing', () =>
      spec
        .given([queued, failed])
        .when({ type: 'RecordSent', sentAt: '2025-03-10T12:01:00.000Z', attempts: 4 })
        .thenNothing());

    it('a second failure report records nothing', () =>
      spec
        .given([queued, failed])
        .when({ type: 'RecordFailed', reason: 'again', attempts: 4 })
        .thenNothing());
  });

  describe('When deleted', () => {
    it('deleting it again refuses with ERR_MESSAGE_ALREADY_DELETED', () =>
      spec
        .given([queued, sent, deletedBy(ana)])
        .when({ type: 'DeleteMessage', userId: ana })
        .thenThrows('ERR_MESSAGE_ALREADY_DELETED'));
  });

  describe('Typed on the business phone', () => {
    it("is recorded as the business phone's message", () =>
      spec.given([]).when({ type: 'RecordPhoneMessage', message: fromPhone }).then([typedOnPhone]));

    it('delivered again with the same WhatsApp id decides nothing, never a second message', () =>
      spec.given([typedOnPhone]).when({ type: 'RecordPhoneMessage', message: fromPhone }).thenNothing());

    it('no agent sent it, so no agent may delete it from Zelo: ERR_NO_PERMISSION', () =>
      spec
        .given([typedOnPhone])
        .when({ type: 'DeleteMessage', userId: ana })
        .thenThrows('ERR_NO_PERMISSION'));

    it('it is on WhatsApp already (one tick): a delivered tick is recorded, a server tick is not', () => {
      spec.given([typedOnPhone]).when({ type: 'RecordAck', ack: 1 }).thenNothing();
      spec
        .given([typedOnPhone])
        .when({ type: 'RecordAck', ack: 2 })
        .then([acked(2)]);
    });

    it("its owner's edit on the phone is recorded", () =>
      spec
        .given([typedOnPhone])
        .when(edit('Oi Maria, aqui é da loja'))
        .then([edited('Oi Maria, aqui é da loja', fromPhone.body)]));
  });

  describe('Edited on WhatsApp', () => {
    it('an edit of a message Zelo never saw (older than Zelo) decides nothing', () =>
      spec.given([]).when(edit('novo texto')).thenNothing());

    it("the customer's edit is recorded with the text it replaced", () =>
      spec
        .given([received])
        .when(edit('Olá, tudo ótimo?'))
        .then([edited('Olá, tudo ótimo?', 'Olá, tudo bem?')]));

    it('a second edit replaces the first one, which is kept as the previous text', () =>
      spec
        .given([received, edited('Olá, tudo ótimo?', 'Olá, tudo bem?')])
        .when(edit('Olá! Tudo ótimo?'))
        .then([edited('Olá! Tudo ótimo?', 'Olá, tudo ótimo?')]));

    it('the same edit delivered twice decides nothing', () =>
      spec
        .given([received, edited('Olá, tudo ótimo?', 'Olá, tudo bem?')])
        .when(edit('Olá, tudo ótimo?'))
        .thenNothing());

    it("another connection's report cannot edit this connection's message", () =>
      spec.given([received]).when(edit('hijack', otherConnection)).thenNothing());

    it('a deleted message stays deleted: a late edit decides nothing', () =>
      spec
        .given([received, deletedBy(null)])
        .when(edit('Olá, tudo ótimo?'))
        .thenNothing());

    it('the phone owner may edit a message an agent sent through Zelo', () =>
      spec
        .given([queued, sent])
        .when(edit('Olá, tudo certo?'))
        .then([edited('Olá, tudo certo?', 'Olá, tudo bem?')]));
  });

  describe('Deleted for everyone on WhatsApp', () => {
    it("the customer's deletion marks it deleted by nobody in Zelo (userId null)", () =>
      spec
        .given([received])
        .when(revoke())
        .then([deletedBy(null)]));

    it('a deletion reported twice decides nothing', () =>
      spec
        .given([received, deletedBy(null)])
        .when(revoke())
        .thenNothing());

    it('a deletion of a message Zelo never saw decides nothing', () =>
      spec.given([]).when(revoke()).thenNothing());

    it("another connection's report cannot delete this connection's message", () =>
      spec.given([received]).when(revoke(otherConnection)).thenNothing());

    it('the phone owner deleting a phone-typed message marks it deleted', () =>
      spec
        .given([typedOnPhone])
        .when(revoke())
        .then([deletedBy(null)]));
  });
});
