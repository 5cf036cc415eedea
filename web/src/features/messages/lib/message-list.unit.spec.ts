import type { MessageView } from '@zelo/contracts/messaging/read-models';
import { describe, expect, it } from 'vitest';
import { addMessage, prependPage, replaceMessage, withDaySeparators } from './message-list.ts';

const msg = (id: string, createdAt: Date, over: Partial<MessageView> = {}): MessageView => ({
  id,
  ticketId: 't1',
  body: id,
  fromMe: false,
  read: true,
  mediaType: 'chat',
  mediaUrl: null,
  ack: 0,
  isDeleted: false,
  isEdited: false,
  createdAt: createdAt.toISOString(),
  contact: null,
  error: null,
  updatedAt: createdAt.toISOString(),
  userId: null,
  senderName: '',
  waMessageId: `wa-${id}`,
  contactId: 'c1',
  companyId: 'co1',
  quotedMsg: null,
  ...over,
});
const at = (day: number, hour: number) => new Date(2025, 4, day, hour, 0);
const ids = (l: MessageView[]) => l.map((m) => m.id);

describe('message list', () => {
  it('appends a new message once even when the socket echoes the POST answer', () => {
    const sent = msg('a', at(1, 10), { fromMe: true, ack: 0 });
    let list = addMessage([], sent);
    list = addMessage(list, { ...sent, ack: 1 });
    expect(ids(list)).toEqual(['a']);
    expect(list[0].ack).toBe(1);
  });

  it('keeps time order when a late message arrives', () => {
    const list = addMessage([msg('a', at(1, 10)), msg('c', at(1, 12))], msg('b', at(1, 11)));
    expect(ids(list)).toEqual(['a', 'b', 'c']);
  });

  it('replaces acks of known messages and ignores unknown ones', () => {
    const list = [msg('a', at(1, 10), { ack: 1 })];
    expect(replaceMessage(list, msg('a', at(1, 10), { ack: 4 }))[0].ack).toBe(4);
    expect(replaceMessage(list, msg('zz', at(1, 10)))).toEqual(list);
  });

  it('prepends an older page without duplicates', () => {
    const list = [msg('c', at(2, 9)), msg('d', at(2, 10))];
    expect(ids(prependPage(list, [msg('a', at(1, 9)), msg('b', at(1, 10)), msg('c', at(2, 9))]))).toEqual([
      'a',
      'b',
      'c',
      'd',
    ]);
  });

  it('puts a day separator before the first message of each day', () => {
    const rows = withDaySeparators([msg('a', at(1, 9)), msg('b', at(1, 18)), msg('c', at(3, 8))]);
    expect(rows.map((r) => (r.kind === 'message' ? r.message.id : r.kind))).toEqual([
      'day',
      'a',
      'b',
      'day',
      'c',
    ]);
  });
});

describe('conversation banners', () => {
  const msg = (id: string, ticketId: string, createdAt: string) =>
    ({ id, ticketId, createdAt, body: id, fromMe: false, ack: 0 }) as unknown as Parameters<
      typeof withDaySeparators
    >[0][number];

  it('marks where one ticket ended and the next began', () => {
    const rows = withDaySeparators([
      msg('a', 't1', '2026-11-20T10:00:00'),
      msg('b', 't1', '2026-11-20T10:05:00'),
      msg('c', 't2', '2026-11-20T11:00:00'),
    ]);
    expect(rows.map((r) => r.kind)).toEqual([
      'day',
      'message',
      'message',
      'ticket-ended',
      'ticket-started',
      'message',
    ]);
    expect(rows[3]).toMatchObject({ date: '2026-11-20T10:05:00' });
    expect(rows[4]).toMatchObject({ date: '2026-11-20T11:00:00' });
  });

  it('shows no banner within one ticket', () => {
    const rows = withDaySeparators([
      msg('a', 't1', '2026-11-20T10:00:00'),
      msg('b', 't1', '2026-11-21T10:00:00'),
    ]);
    expect(rows.map((r) => r.kind)).toEqual(['day', 'message', 'day', 'message']);
  });
});
