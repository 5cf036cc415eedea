import type { ChatMessageView } from '@zelo/contracts/chats/read-models';
import { describe, expect, it } from 'vitest';
import {
  addChatMessage,
  chatRows,
  LOAD_OLDER_PX,
  prependChatPage,
  scrollTopAfterPrepend,
  shouldLoadOlder,
} from './chat-messages.ts';

const ANA = 'ana';
const BIA = 'bia';

function msg(id: string, senderId: string, createdAt: string): ChatMessageView {
  const name = senderId === ANA ? 'Ana' : 'Bia';
  return { id, chatId: 'c1', message: `texto ${id}`, senderId, sender: { id: senderId, name }, createdAt };
}

const m1 = msg('m1', ANA, '2026-11-02T12:00:00.000Z');
const m2 = msg('m2', BIA, '2026-11-02T12:01:00.000Z');
const m3 = msg('m3', BIA, '2026-11-02T12:02:00.000Z');

describe('the message list', () => {
  it('adds a message once, whether the POST answer or the frame comes first', () => {
    const once = addChatMessage([m1], m2);
    expect(addChatMessage(once, m2)).toBe(once);
    expect(once.map((m) => m.id)).toEqual(['m1', 'm2']);
  });

  it('puts a late-arriving older message in time order', () => {
    expect(addChatMessage([m1, m3], m2).map((m) => m.id)).toEqual(['m1', 'm2', 'm3']);
  });

  it('puts an older page in front, skipping what is already shown', () => {
    expect(prependChatPage([m2, m3], [m1, m2]).map((m) => m.id)).toEqual(['m1', 'm2', 'm3']);
  });
});

describe('loading older messages', () => {
  it('asks for the next page within 600 px of the top, once at a time, while there is more', () => {
    expect(LOAD_OLDER_PX).toBe(600);
    expect(shouldLoadOlder(599, { hasMore: true, loading: false })).toBe(true);
    expect(shouldLoadOlder(600, { hasMore: true, loading: false })).toBe(false);
    expect(shouldLoadOlder(10, { hasMore: true, loading: true })).toBe(false);
    expect(shouldLoadOlder(10, { hasMore: false, loading: false })).toBe(false);
  });

  it('keeps the same messages in view when a page goes in front', () => {
    // The reader was 300 px from the top of 2000 px; 1500 px of older messages arrived above.
    expect(scrollTopAfterPrepend({ scrollTop: 300, scrollHeight: 2000 }, 3500)).toBe(1800);
  });
});

describe('rows', () => {
  it('separates days and names the sender on the first of each run of someone else’s messages', () => {
    const nextDay = msg('m4', BIA, '2026-11-03T12:00:00.000Z');
    const rows = chatRows([m1, m2, m3, nextDay], ANA);
    expect(
      rows.map((r) => (r.kind === 'day' ? 'day' : `${r.message.id}${r.showSender ? '+name' : ''}`)),
    ).toEqual(['day', 'm1', 'm2+name', 'm3', 'day', 'm4+name']);
  });
});
