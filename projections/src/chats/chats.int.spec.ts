import {
  chatCreated,
  chatDeleted,
  chatMessagePosted,
  chatRead,
  chatUpdated,
  testId,
  userCreated,
  userDeleted,
} from '@zelo/contracts/testing/events';
import { describe, expect, it } from 'vitest';
import { type ReadModelDatabase, useReadModelDatabase } from '../testing/read-model-database.ts';
import { usersProjection } from '../users/users.ts';
import { chatsProjection } from './chats.ts';
import { chatMessagesPage, getChat, getChatsByIds, listChats } from './queries.ts';

describe('chats read model', () => {
  const db = useReadModelDatabase();
  const given = (...events: Parameters<ReadModelDatabase['given']>[1]) =>
    db.given([usersProjection, chatsProjection], events);

  /** A company with three users: Ana (who owns the chats), Bruno and Carla. */
  async function aTeam() {
    const companyId = testId();
    const [ana, bruno, carla] = ['Ana', 'Bruno', 'Carla'].map((name) => userCreated({ companyId, name }));
    await given(ana, bruno, carla);
    return {
      companyId,
      ana: ana.data.userId,
      bruno: bruno.data.userId,
      carla: carla.data.userId,
    };
  }

  it('shows a chat to its members with their names and unread counts, raised for all but the sender', async () => {
    const { companyId, ana, bruno, carla } = await aTeam();
    const created = chatCreated({ companyId, ownerId: ana, title: 'Equipe', userIds: [ana, bruno, carla] });
    const { chatId } = created.data;
    const morning = chatMessagePosted({ companyId, chatId, senderId: ana, message: 'Bom dia' });
    const reply = chatMessagePosted({ companyId, chatId, senderId: bruno, message: 'Oi, Ana' });
    const { history, changes } = await given(
      created,
      morning,
      reply,
      chatRead({ companyId, chatId, userId: carla }),
    );
    expect(await getChat(db.pool, { companyId, userId: bruno }, chatId)).toEqual({
      id: chatId,
      uuid: chatId,
      title: 'Equipe',
      ownerId: ana,
      ownerGone: false,
      lastMessage: 'Oi, Ana',
      createdAt: history[0].metadata.at,
      updatedAt: history[2].metadata.at,
      users: [
        { userId: ana, unreads: 1, user: { id: ana, name: 'Ana' } },
        { userId: bruno, unreads: 1, user: { id: bruno, name: 'Bruno' } },
        { userId: carla, unreads: 0, user: { id: carla, name: 'Carla' } },
      ],
    });
    expect(changes).toEqual([
      { companyId, kind: 'chat', action: 'create', id: chatId },
      { companyId, kind: 'chatMessage', action: 'create', id: morning.data.messageId },
      { companyId, kind: 'chatMessage', action: 'create', id: reply.data.messageId },
      { companyId, kind: 'chat', action: 'update', id: chatId },
    ]);
  });

  it('never shows a chat to a user outside it, nor to another company', async () => {
    const { companyId, ana, bruno, carla } = await aTeam();
    const created = chatCreated({ companyId, ownerId: ana, title: 'Dupla', userIds: [ana, bruno] });
    await given(created);
    const { chatId } = created.data;
    expect(await getChat(db.pool, { companyId, userId: carla }, chatId)).toBeNull();
    expect(await getChat(db.pool, { companyId: testId(), userId: ana }, chatId)).toBeNull();
    expect((await listChats(db.pool, { companyId, userId: carla }, { pageNumber: 1 })).records).toEqual([]);
  });

  it("lists a member's chats by latest activity, searched by title, 20 a page", async () => {
    const { companyId, ana, bruno } = await aTeam();
    const chats = Array.from({ length: 21 }, (_, i) =>
      chatCreated({
        companyId,
        ownerId: ana,
        title: `Sala ${String(i).padStart(2, '0')}`,
        userIds: [ana, bruno],
      }),
    );
    await given(...chats);
    // The oldest chat comes alive again: it is first now.
    await given(
      chatMessagePosted({ companyId, chatId: chats[0].data.chatId, senderId: bruno, message: 'up' }),
    );
    const page1 = await listChats(db.pool, { companyId, userId: ana }, { pageNumber: 1 });
    expect(page1.records.map((c) => c.title).slice(0, 3)).toEqual(['Sala 00', 'Sala 20', 'Sala 19']);
    expect(page1.records).toHaveLength(20);
    expect(page1.hasMore).toBe(true);
    const page2 = await listChats(db.pool, { companyId, userId: ana }, { pageNumber: 2 });
    expect(page2.records.map((c) => c.title)).toEqual(['Sala 01']);
    expect(page2.hasMore).toBe(false);
    const found = await listChats(
      db.pool,
      { companyId, userId: ana },
      { searchParam: 'SALA 1', pageNumber: 1 },
    );
    expect(found.records.map((c) => c.title).sort()).toEqual([
      'Sala 10',
      'Sala 11',
      'Sala 12',
      'Sala 13',
      'Sala 14',
      'Sala 15',
      'Sala 16',
      'Sala 17',
      'Sala 18',
      'Sala 19',
    ]);
    // `%` typed in the search matches itself only.
    expect(
      (await listChats(db.pool, { companyId, userId: ana }, { searchParam: '%', pageNumber: 1 })).records,
    ).toEqual([]);
  });

  it('pages messages from the newest, each page oldest first, with the sender named', async () => {
    const { companyId, ana, bruno } = await aTeam();
    const created = chatCreated({ companyId, ownerId: ana, title: 'Conversa', userIds: [ana, bruno] });
    const { chatId } = created.data;
    const posts = Array.from({ length: 25 }, (_, i) =>
      chatMessagePosted({ companyId, chatId, senderId: i % 2 ? bruno : ana, message: `m${i}` }),
    );
    await given(created, ...posts);
    const page1 = await chatMessagesPage(db.pool, companyId, chatId, 1);
    expect(page1.records.map((m) => m.message)).toEqual(Array.from({ length: 20 }, (_, i) => `m${i + 5}`));
    expect(page1.hasMore).toBe(true);
    expect(page1.records[0]).toMatchObject({ chatId, senderId: bruno, sender: { id: bruno, name: 'Bruno' } });
    const page2 = await chatMessagesPage(db.pool, companyId, chatId, 2);
    expect(page2.records.map((m) => m.message)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
    expect(page2.hasMore).toBe(false);
    expect((await chatMessagesPage(db.pool, testId(), chatId, 1)).records).toEqual([]);
  });

  it('keeps the unread counts of members who stay; one removed is told the chat is gone for her', async () => {
    const { companyId, ana, bruno, carla } = await aTeam();
    const created = chatCreated({ companyId, ownerId: ana, title: 'Equipe', userIds: [ana, bruno] });
    const { chatId } = created.data;
    await given(created, chatMessagePosted({ companyId, chatId, senderId: ana, message: 'oi' }));
    const { changes } = await given(chatUpdated({ companyId, chatId, title: 'Time', userIds: [ana, carla] }));
    expect(changes).toEqual([
      { companyId, kind: 'chat', action: 'update', id: chatId },
      { companyId, kind: 'chat', action: 'delete', id: chatId, audience: [bruno] },
    ]);
    expect(await getChat(db.pool, { companyId, userId: bruno }, chatId)).toBeNull();
    const chat = await getChat(db.pool, { companyId, userId: carla }, chatId);
    expect(chat?.title).toBe('Time');
    expect(chat?.users.map((u) => [u.user.name, u.unreads])).toEqual([
      ['Ana', 0],
      ['Carla', 0],
    ]);
    await given(chatMessagePosted({ companyId, chatId, senderId: ana, message: 'bem-vinda' }));
    expect((await getChat(db.pool, { companyId, userId: carla }, chatId))?.users[1].unreads).toBe(1);
  });

  it("says when the owner's user was deleted, keeping her in the members, nameless", async () => {
    const { companyId, ana, bruno } = await aTeam();
    const created = chatCreated({ companyId, ownerId: ana, title: 'Órfão', userIds: [ana, bruno] });
    const { chatId } = created.data;
    await given(created);
    expect((await getChat(db.pool, { companyId, userId: bruno }, chatId))?.ownerGone).toBe(false);
    await given(userDeleted({ companyId, userId: ana }));
    const chat = await getChat(db.pool, { companyId, userId: bruno }, chatId);
    expect(chat).toMatchObject({ ownerId: ana, ownerGone: true });
    expect(chat?.users.map((u) => [u.userId, u.user.name])).toEqual([
      [ana, ''],
      [bruno, 'Bruno'],
    ]);
  });

  it('forgets a deleted chat and its messages, telling the members of then', async () => {
    const { companyId, ana, bruno } = await aTeam();
    const created = chatCreated({ companyId, ownerId: ana, title: 'Efêmero', userIds: [ana, bruno] });
    const { chatId } = created.data;
    await given(created, chatMessagePosted({ companyId, chatId, senderId: ana, message: 'tchau' }));
    const { changes } = await given(chatDeleted({ companyId, chatId, userIds: [ana, bruno] }));
    expect(changes).toEqual([
      { companyId, kind: 'chat', action: 'delete', id: chatId, audience: [ana, bruno] },
    ]);
    expect(await getChatsByIds(db.pool, [chatId])).toEqual([]);
    expect((await chatMessagesPage(db.pool, companyId, chatId, 1)).records).toEqual([]);
  });
});
