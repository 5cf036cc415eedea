import type { MessageView } from '@zelo/contracts/messaging/read-models';
import { describe, expect, it } from 'vitest';
import { type NotifiedTicket, shouldNotify, type Viewer } from './desktop-notification.ts';

const message = (over: Partial<MessageView> = {}): MessageView => ({
  id: 'm1',
  ticketId: 't1',
  body: 'Oi',
  fromMe: false,
  read: false,
  mediaType: 'chat',
  mediaUrl: null,
  ack: 0,
  isDeleted: false,
  isEdited: false,
  createdAt: '2025-01-01T10:00:00Z',
  contact: { id: 'c1', name: 'Joana' },
  error: null,
  updatedAt: '2025-01-01T10:00:00Z',
  userId: null,
  senderName: '',
  waMessageId: 'wa-m1',
  contactId: 'c1',
  companyId: 'co1',
  quotedMsg: null,
  ...over,
});
const ticket = (over: Partial<NotifiedTicket> = {}): NotifiedTicket => ({
  id: 't1',
  status: 'open',
  userId: 'me',
  queueId: 'q1',
  isGroup: false,
  ...over,
});
const viewer: Viewer = { userId: 'me', queueIds: ['q1'], visibleTicketId: null };

describe('desktop notifications', () => {
  it("notify a new unread message on the user's own or an unassigned open ticket", () => {
    expect(shouldNotify(message(), ticket(), viewer)).toBe(true);
    expect(shouldNotify(message(), ticket({ userId: null }), viewer)).toBe(true);
    expect(shouldNotify(message(), ticket({ queueId: null }), viewer)).toBe(true);
  });
  it('stay silent for own, read, pending, group, other agents, other queues and the visible ticket', () => {
    expect(shouldNotify(message({ fromMe: true }), ticket(), viewer)).toBe(false);
    expect(shouldNotify(message({ read: true }), ticket(), viewer)).toBe(false);
    expect(shouldNotify(message(), ticket({ status: 'pending' }), viewer)).toBe(false);
    expect(shouldNotify(message(), ticket({ isGroup: true }), viewer)).toBe(false);
    expect(shouldNotify(message(), ticket({ userId: 'other' }), viewer)).toBe(false);
    expect(shouldNotify(message(), ticket({ queueId: 'q9' }), viewer)).toBe(false);
    expect(shouldNotify(message(), ticket(), { ...viewer, visibleTicketId: 't1' })).toBe(false);
  });
});
