import type { ChatView } from '@zelo/contracts/chats/read-models';
import { describe, expect, it } from 'vitest';
import {
  appendChatPage,
  applyChatFrame,
  matchesSearch,
  mergeChatLists,
  unreadChatCount,
  unreadsOf,
  upsertChat,
  withReadBy,
} from './chat-list.ts';

const ANA = 'a0000000-0000-4000-8000-000000000001';
const BIA = 'b0000000-0000-4000-8000-000000000002';

function chat(
  id: string,
  title: string,
  updatedAt: string,
  unreads: { ana?: number; bia?: number } = {},
): ChatView {
  return {
    id,
    uuid: id,
    title,
    ownerId: ANA,
    ownerGone: false,
    lastMessage: '',
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt,
    users: [
      { userId: ANA, unreads: unreads.ana ?? 0, user: { id: ANA, name: 'Ana' } },
      { userId: BIA, unreads: unreads.bia ?? 0, user: { id: BIA, name: 'Bia' } },
    ],
  };
}

const plantao = chat('c1', 'Plantão', '2026-11-02T10:00:00.000Z', { bia: 2 });
const vendas = chat('c2', 'Vendas', '2026-11-03T10:00:00.000Z');

describe('unread counters', () => {
  it('reads the viewer’s own counter, 0 for a chat she is not in', () => {
    expect(unreadsOf(plantao, BIA)).toBe(2);
    expect(unreadsOf(plantao, ANA)).toBe(0);
    expect(unreadsOf(plantao, 'someone-else')).toBe(0);
  });

  it('counts the chats with something unread', () => {
    const third = chat('c3', 'Suporte', '2026-11-04T10:00:00.000Z', { bia: 1 });
    expect(unreadChatCount([plantao, vendas, third], BIA)).toBe(2);
    expect(unreadChatCount([plantao, vendas, third], ANA)).toBe(0);
  });

  it('reading clears only the reader’s counter', () => {
    const both = chat('c1', 'Plantão', plantao.updatedAt, { ana: 1, bia: 2 });
    const read = withReadBy(both, BIA);
    expect(unreadsOf(read, BIA)).toBe(0);
    expect(unreadsOf(read, ANA)).toBe(1);
    expect(withReadBy(vendas, BIA)).toBe(vendas);
  });
});

describe('the chat list', () => {
  it('keeps the most recently active first and each chat once', () => {
    const list = upsertChat([vendas], plantao);
    expect(list.map((c) => c.title)).toEqual(['Vendas', 'Plantão']);
    const moved = upsertChat(list, { ...plantao, updatedAt: '2026-11-05T10:00:00.000Z' });
    expect(moved.map((c) => c.title)).toEqual(['Plantão', 'Vendas']);
  });

  it('leaves a new chat out of a search it does not match, but updates a listed one', () => {
    expect(upsertChat([], vendas, 'plan')).toEqual([]);
    expect(upsertChat([], plantao, 'PLAN')).toHaveLength(1);
    const renamed = { ...plantao, title: 'Escala' };
    expect(upsertChat([plantao], renamed, 'plan')[0].title).toBe('Escala');
    expect(matchesSearch(vendas, '  ')).toBe(true);
  });

  it('appends a further page without repeating a chat a frame already brought', () => {
    expect(
      appendChatPage([vendas, plantao], [plantao, chat('c3', 'Suporte', '2026-11-01T00:00:00.000Z')]).map(
        (c) => c.id,
      ),
    ).toEqual(['c2', 'c1', 'c3']);
  });
});

describe('chat frames', () => {
  it('adds a created chat, replaces an updated one, removes a deleted one', () => {
    let list = applyChatFrame([], { action: 'create', chat: vendas }, { userId: BIA });
    list = applyChatFrame(list, { action: 'create', chat: plantao }, { userId: BIA });
    list = applyChatFrame(
      list,
      { action: 'update', chat: { ...vendas, title: 'Vendas SP' } },
      { userId: BIA },
    );
    expect(list.map((c) => c.title)).toEqual(['Vendas SP', 'Plantão']);
    list = applyChatFrame(list, { action: 'delete', id: 'c2' }, { userId: BIA });
    expect(list.map((c) => c.title)).toEqual(['Plantão']);
  });

  it('raises the counter with a new message, and the same frame twice changes nothing', () => {
    const after = { ...vendas, lastMessage: 'Bom dia', updatedAt: '2026-11-06T10:00:00.000Z' };
    after.users = after.users.map((u) => (u.userId === BIA ? { ...u, unreads: 1 } : u));
    const frame = {
      action: 'new-message' as const,
      chat: after,
      newMessage: {
        id: 'm1',
        chatId: 'c2',
        message: 'Bom dia',
        senderId: ANA,
        sender: { id: ANA, name: 'Ana' },
        createdAt: after.updatedAt,
      },
    };
    const once = applyChatFrame([plantao, vendas], frame, { userId: BIA });
    expect(once[0]).toMatchObject({ id: 'c2', lastMessage: 'Bom dia' });
    expect(unreadChatCount(once, BIA)).toBe(2);
    expect(applyChatFrame(once, frame, { userId: BIA })).toEqual(once);
  });

  it('counts a new message of the chat being read as read', () => {
    const after = chat('c2', 'Vendas', '2026-11-06T10:00:00.000Z', { bia: 3 });
    const list = applyChatFrame(
      [vendas],
      { action: 'update', chat: after },
      { userId: BIA, openChatId: 'c2' },
    );
    expect(unreadsOf(list[0], BIA)).toBe(0);
  });
});

describe('mergeChatLists', () => {
  it('keeps each chat once, most recently active first (the recent page and the unread ones)', () => {
    const recent = [
      chat('c2', 'Recente', '2026-11-20T10:00:00.000Z'),
      chat('c1', 'Meio', '2026-11-10T10:00:00.000Z', { ana: 1 }),
    ];
    // c0 is older than the recent page: only the unread list brings it to the bell.
    const unread = [
      chat('c1', 'Meio', '2026-11-10T10:00:00.000Z', { ana: 1 }),
      chat('c0', 'Antigo', '2026-10-01T10:00:00.000Z', { ana: 3 }),
    ];
    const merged = mergeChatLists(recent, unread);
    expect(merged.map((c) => c.id)).toEqual(['c2', 'c1', 'c0']);
    expect(unreadChatCount(merged, ANA)).toBe(2);
    expect(unreadChatCount(recent, ANA)).toBe(1);
  });
});
