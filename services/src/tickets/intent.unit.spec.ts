import { describe, expect, it } from 'vitest';
import { type CurrentTicket, ticketIntent } from './intent.ts';

const me = 'u-me';
const other = 'u-other';
const pending: CurrentTicket = { status: 'pending', userId: null, queueId: 'q-1' };
const open: CurrentTicket = { status: 'open', userId: me, queueId: 'q-1' };
const closed: CurrentTicket = { status: 'closed', userId: other, queueId: 'q-1' };

describe('ticketIntent', () => {
  describe('When the body asks for closed', () => {
    it('closes, whatever the ticket is', () => {
      expect(ticketIntent(open, { status: 'closed', userId: me }, me)).toEqual({ kind: 'close' });
      expect(ticketIntent(pending, { status: 'closed' }, me)).toEqual({ kind: 'close' });
      expect(ticketIntent(closed, { status: 'closed' }, me)).toEqual({ kind: 'close' });
    });
    it('closes a closed ticket again when the body asks for no status', () => {
      expect(ticketIntent(closed, { userId: other }, me)).toEqual({ kind: 'close' });
    });
  });

  describe('When closed', () => {
    it('reopens for the caller in its queue', () => {
      expect(ticketIntent(closed, { status: 'open' }, me)).toEqual({
        kind: 'reopen',
        userId: me,
        queueId: 'q-1',
      });
    });
    it('reopens for the named agent in the named queue, whichever open status is asked', () => {
      expect(ticketIntent(closed, { status: 'pending', userId: other, queueId: 'q-2' }, me)).toEqual({
        kind: 'reopen',
        userId: other,
        queueId: 'q-2',
      });
    });
  });

  describe('When pending', () => {
    it('is accepted by the caller taking it', () => {
      expect(ticketIntent(pending, { status: 'open', userId: me }, me)).toEqual({
        kind: 'accept',
        queueId: 'q-1',
      });
      expect(ticketIntent(pending, { status: 'open', queueId: 'q-2' }, me)).toEqual({
        kind: 'accept',
        queueId: 'q-2',
      });
    });
    it('moves to another agent when opened for them', () => {
      expect(ticketIntent(pending, { status: 'open', userId: other }, me)).toEqual({
        kind: 'transfer',
        userId: other,
        queueId: 'q-1',
        whatsappId: undefined,
      });
    });
    it('moves onto another connection even when the caller takes it', () => {
      expect(ticketIntent(pending, { status: 'open', userId: me, whatsappId: 'w-2' }, me)).toEqual({
        kind: 'transfer',
        userId: me,
        queueId: 'q-1',
        whatsappId: 'w-2',
      });
    });
  });

  describe('When open', () => {
    it('is returned when handed to nobody, its queue untouched', () => {
      expect(ticketIntent(open, { status: 'pending', userId: null }, me)).toEqual({ kind: 'return' });
    });
    it('is transferred when handed to nobody in a queue', () => {
      expect(ticketIntent(open, { status: 'pending', userId: null, queueId: 'q-2' }, me)).toEqual({
        kind: 'transfer',
        userId: null,
        queueId: 'q-2',
        whatsappId: undefined,
      });
    });
    it('is transferred to another agent, keeping what the body leaves out', () => {
      expect(ticketIntent(open, { userId: other }, me)).toEqual({
        kind: 'transfer',
        userId: other,
        queueId: 'q-1',
        whatsappId: undefined,
      });
    });
    it('is transferred with its queue cleared when the body clears it', () => {
      expect(ticketIntent(open, { queueId: null }, me)).toEqual({
        kind: 'transfer',
        userId: me,
        queueId: null,
        whatsappId: undefined,
      });
    });
  });
});
