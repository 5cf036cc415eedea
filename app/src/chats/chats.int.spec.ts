import type { ChatMemberView, ChatMessageView, ChatView } from '@zelo/contracts/chats/read-models';
import type { ChatFrame } from '@zelo/contracts/realtime/frames';
import { eventually } from '@zelo/services/testing/eventually';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newLoggedInUser, readySocket } from '../testing/session-clients.ts';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

// Internal chat through the API (doc 2 §2.17, §6, §7): members only, the owner edits and deletes (any
// member once the owner's user is deleted), unread counts per member, message pages from the newest, and socket frames to members only.

type Who = { token: string; id: string };

describe('internal chat', () => {
  let system: TestSystem;
  let admin: Who;
  let ana: Who;
  let bruno: Who;
  /** Of the demo company, but in none of the chats below unless named. */
  let carla: Who;
  /** Another company's admin. */
  let b: Who & { companyId: string };

  const as = (who: { token: string }) => (method: string, path: string, body?: unknown) =>
    system.api(method, path, { token: who.token, body });
  const chatEvents = async () =>
    Number(
      (await system.ctx.pool.query("SELECT count(*) AS n FROM es_events WHERE stream_id LIKE 'chat-%'"))
        .rows[0].n,
    );
  const newChat = async (owner: Who, title: string, users: unknown[]) => {
    const r = await as(owner)('POST', '/chats', { title, users });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body;
  };
  const unreadsOf = (chat: { users: { userId: string; unreads: number }[] }) =>
    Object.fromEntries(chat.users.map((u) => [u.userId, u.unreads]));

  beforeAll(async () => {
    system = await startTestSystem();
    const login = await system.login(DEMO.email, DEMO.password);
    admin = { token: login.token, id: login.user.id };
    ana = await newLoggedInUser(system, admin.token, { name: 'Ana Chat', email: 'ana@chat.dev' });
    bruno = await newLoggedInUser(system, admin.token, { name: 'Bruno Chat', email: 'bruno@chat.dev' });
    carla = await newLoggedInUser(system, admin.token, { name: 'Carla Chat', email: 'carla@chat.dev' });
    const signed = await system.signUpCompany('Empresa Chat B', 'admin@chat-b.dev', 'senhaB1');
    b = { token: signed.token, id: signed.user.id, companyId: signed.companyId };
  }, 60_000);

  afterAll(async () => system?.close());

  it('creates a chat with the owner as a member; members list and search it, others do not see it', async () => {
    // The picker may send user objects or ids; the owner is added though not chosen.
    const chat = await newChat(admin, 'Equipe Vendas', [{ id: ana.id, name: 'Ana Chat' }, bruno.id]);
    expect(chat).toMatchObject({ id: chat.uuid, title: 'Equipe Vendas', ownerId: admin.id, lastMessage: '' });
    // The owner first, then the others by name, each with the name the picker showed.
    expect(chat.users.map((u: ChatMemberView) => [u.userId, u.user.name])).toEqual([
      [admin.id, 'Zelo Demo'],
      [ana.id, 'Ana Chat'],
      [bruno.id, 'Bruno Chat'],
    ]);

    const listed = await as(ana)('GET', '/chats?searchParam=&pageNumber=1');
    expect(listed.status).toBe(200);
    expect(listed.body.records.map((c: ChatView) => c.id)).toContain(chat.id);
    expect((await as(ana)('GET', '/chats/?searchParam=VENDAS&pageNumber=1')).body.records).toHaveLength(1);
    expect((await as(ana)('GET', '/chats?searchParam=suporte&pageNumber=1')).body.records).toEqual([]);
    expect(
      (await as(carla)('GET', '/chats?pageNumber=1')).body.records.map((c: ChatView) => c.id),
    ).not.toContain(chat.id);
    expect((await as(b)('GET', '/chats?pageNumber=1')).body).toEqual({ records: [], hasMore: false });
    expect((await as(bruno)('GET', `/chats/${chat.id}`)).body.title).toBe('Equipe Vendas');
  });

  it('only the owner edits and deletes; a member removed loses the chat', async () => {
    const chat = await newChat(admin, 'Projeto X', [ana.id, bruno.id]);
    const before = await chatEvents();
    const byMember = await as(ana)('PUT', `/chats/${chat.id}`, { title: 'Meu', users: [ana.id] });
    expect(byMember.status).toBe(403);
    expect(byMember.body.error).toBe('ERR_NO_PERMISSION');
    const deleteByMember = await as(ana)('DELETE', `/chats/${chat.id}`);
    expect(deleteByMember.status).toBe(403);
    expect(deleteByMember.body.error).toBe('ERR_NO_PERMISSION');
    expect(await chatEvents()).toBe(before);

    // The owner leaves herself out of the list: she stays a member all the same.
    const edited = await as(admin)('PUT', `/chats/${chat.id}`, {
      title: 'Projeto Y',
      users: [ana.id, carla.id],
    });
    expect(edited.status).toBe(200);
    expect(edited.body.title).toBe('Projeto Y');
    expect(edited.body.users.map((u: ChatMemberView) => u.userId).sort()).toEqual(
      [admin.id, ana.id, carla.id].sort(),
    );
    const gone = await as(bruno)('GET', `/chats/${chat.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.error).toBe('ERR_NO_CHAT_FOUND');
    expect((await as(carla)('GET', `/chats/${chat.id}`)).status).toBe(200);

    const deleted = await as(admin)('DELETE', `/chats/${chat.id}`);
    expect(deleted.status).toBe(200);
    for (const who of [admin, ana, carla]) {
      expect((await as(who)('GET', `/chats/${chat.id}`)).body.error).toBe('ERR_NO_CHAT_FOUND');
      const list = await as(who)('GET', '/chats?pageNumber=1');
      expect(list.body.records.map((c: ChatView) => c.id)).not.toContain(chat.id);
    }
    expect((await as(admin)('DELETE', `/chats/${chat.id}`)).status).toBe(404);
  });

  it("a chat whose owner was deleted is its members' to edit and delete, and still no one else's", async () => {
    const eva = await newLoggedInUser(system, admin.token, { name: 'Eva Chat', email: 'eva@chat.dev' });
    const chat = await newChat(eva, 'Sem dona', [ana.id, bruno.id]);
    expect(chat.ownerGone).toBe(false);
    expect((await as(ana)('PUT', `/chats/${chat.id}`, { title: 'Antes', users: [ana.id] })).status).toBe(403);
    expect((await as(admin)('DELETE', `/users/${eva.id}`)).status).toBe(200);

    const seen = await as(ana)('GET', `/chats/${chat.id}`);
    expect(seen.body).toMatchObject({ ownerId: eva.id, ownerGone: true });
    // Outside the chat nothing changes: the company's admin and a user of the company who are not in
    // it, and another company's admin, do not find it; they write nothing.
    const before = await chatEvents();
    for (const who of [admin, carla, b]) {
      const edit = await as(who)('PUT', `/chats/${chat.id}`, { title: 'Tomado', users: [who.id] });
      expect(edit.status, 'edit').toBe(404);
      expect(edit.body.error).toBe('ERR_NO_CHAT_FOUND');
      const del = await as(who)('DELETE', `/chats/${chat.id}`);
      expect(del.status, 'delete').toBe(404);
      expect(del.body.error).toBe('ERR_NO_CHAT_FOUND');
    }
    expect(await chatEvents()).toBe(before);

    // A remaining member (a plain user) renames it and changes its members; Eva stays listed, nameless.
    const edited = await as(ana)('PUT', `/chats/${chat.id}`, { title: 'Nossa', users: [ana.id, carla.id] });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.title).toBe('Nossa');
    expect(edited.body.users.map((u: ChatMemberView) => [u.userId, u.user.name])).toEqual([
      [eva.id, ''],
      [ana.id, 'Ana Chat'],
      [carla.id, 'Carla Chat'],
    ]);
    expect((await as(bruno)('GET', `/chats/${chat.id}`)).status).toBe(404);
    // Another one, added since, deletes it for everyone.
    expect((await as(carla)('DELETE', `/chats/${chat.id}`)).status).toBe(200);
    expect((await as(ana)('GET', `/chats/${chat.id}`)).body.error).toBe('ERR_NO_CHAT_FOUND');
  });

  it('pages messages from the newest, oldest first within a page', async () => {
    const chat = await newChat(admin, 'Conversa longa', [ana.id]);
    for (let i = 0; i < 25; i++) {
      const r = await as(i % 2 ? ana : admin)('POST', `/chats/${chat.id}/messages`, { message: `m${i}` });
      expect(r.status).toBe(201);
      if (i === 0)
        expect(r.body).toMatchObject({
          chatId: chat.id,
          message: 'm0',
          senderId: admin.id,
          sender: { id: admin.id },
        });
    }
    const page1 = await as(ana)('GET', `/chats/${chat.id}/messages?pageNumber=1`);
    expect(page1.status).toBe(200);
    expect(page1.body.records.map((m: ChatMessageView) => m.message)).toEqual(
      Array.from({ length: 20 }, (_, i) => `m${i + 5}`),
    );
    expect(page1.body.hasMore).toBe(true);
    expect(page1.body.records[0].sender.name).toBe('Ana Chat');
    const page2 = await as(ana)('GET', `/chats/${chat.id}/messages?pageNumber=2`);
    expect(page2.body.records.map((m: ChatMessageView) => m.message)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
    expect(page2.body.hasMore).toBe(false);
    expect((await as(ana)('GET', `/chats/${chat.id}`)).body.lastMessage).toBe('m24');
  });

  it("keeps a deleted member's messages for the others, who go on talking", async () => {
    const dora = await newLoggedInUser(system, admin.token, { name: 'Dora Chat', email: 'dora@chat.dev' });
    const chat = await newChat(admin, 'Com a Dora', [dora.id, ana.id]);
    expect((await as(dora)('POST', `/chats/${chat.id}/messages`, { message: 'Até logo' })).status).toBe(201);
    expect((await as(admin)('DELETE', `/users/${dora.id}`)).status).toBe(200);
    // Her message stays in the conversation; the web app names a sender who is gone 'Usuário removido'.
    const page = await eventually(async () => {
      const r = await as(ana)('GET', `/chats/${chat.id}/messages?pageNumber=1`);
      return r.body.records[0]?.sender.name === '' && r.body;
    });
    expect(page.records.map((m: ChatMessageView) => [m.message, m.senderId])).toEqual([
      ['Até logo', dora.id],
    ]);
    expect(
      (await as(ana)('POST', `/chats/${chat.id}/messages`, { message: 'Sentiremos falta' })).status,
    ).toBe(201);
    // The owner saves the chat with the users the picker offers (Dora no longer among them).
    const saved = await as(admin)('PUT', `/chats/${chat.id}`, { title: 'Com a Dora', users: [ana.id] });
    expect(saved.status).toBe(200);
    expect(saved.body.users.map((u: ChatMemberView) => u.userId)).toEqual([admin.id, ana.id]);
  });

  it("raises the others' unread counts, clears the reader's on /read, and lists by latest activity", async () => {
    const older = await newChat(admin, 'Mais antigo', [ana.id, bruno.id]);
    const newer = await newChat(admin, 'Mais novo', [ana.id]);
    await as(ana)('POST', `/chats/${older.id}/messages`, { message: 'primeira' });
    await as(ana)('POST', `/chats/${older.id}/messages`, { message: 'segunda' });
    const seen = (await as(admin)('GET', `/chats/${older.id}`)).body;
    expect(unreadsOf(seen)).toEqual({ [admin.id]: 2, [ana.id]: 0, [bruno.id]: 2 });
    expect(seen.lastMessage).toBe('segunda');
    const list = (await as(admin)('GET', '/chats?pageNumber=1')).body.records.map((c: ChatView) => c.id);
    expect(list.indexOf(older.id)).toBeLessThan(list.indexOf(newer.id));
    // The bell's own list: only the chats with something unread for the caller.
    const unreadOnly = (await as(admin)('GET', '/chats?pageNumber=1&withUnreadMessages=true')).body.records;
    expect(unreadOnly.map((c: ChatView) => c.id)).toContain(older.id);
    expect(unreadOnly.map((c: ChatView) => c.id)).not.toContain(newer.id);
    expect(unreadOnly.every((c: ChatView) => unreadsOf(c)[admin.id] > 0)).toBe(true);

    const notMine = await as(admin)('POST', `/chats/${older.id}/read`, { userId: bruno.id });
    expect(notMine.status).toBe(403);
    expect(notMine.body.error).toBe('ERR_NO_PERMISSION');
    const read = await as(admin)('POST', `/chats/${older.id}/read`, { userId: admin.id });
    expect(read.status).toBe(200);
    expect(unreadsOf(read.body)).toEqual({ [admin.id]: 0, [ana.id]: 0, [bruno.id]: 2 });
    const afterRead = (await as(admin)('GET', '/chats?withUnreadMessages=true')).body.records;
    expect(afterRead.map((c: ChatView) => c.id)).not.toContain(older.id);
    // No body at all reads for the caller, as the spec's client may post it bare.
    const readAgain = await as(bruno)('POST', `/chats/${older.id}/read`);
    expect(readAgain.status, JSON.stringify(readAgain.body)).toBe(200);
    expect(unreadsOf(readAgain.body)[bruno.id]).toBe(0);
    const before = await chatEvents();
    expect((await as(bruno)('POST', `/chats/${older.id}/read`, {})).status).toBe(200);
    expect(await chatEvents(), 'reading with nothing unread records nothing').toBe(before);
  });

  it('refuses bad input with 400 ERR_VALIDATION (or the missing user) and writes nothing', async () => {
    const chat = await newChat(admin, 'Validação', [ana.id]);
    const before = await chatEvents();
    const invalid: [string, string, unknown?][] = [
      ['POST', '/chats', { title: '', users: [ana.id] }],
      ['POST', '/chats', { title: '   ', users: [ana.id] }],
      ['POST', '/chats', { title: 'Sem gente', users: [] }],
      ['POST', '/chats', { title: 'Sem gente' }],
      ['POST', '/chats', { title: 'x'.repeat(101), users: [ana.id] }],
      ['POST', '/chats', { title: 'Lixo', users: 'todos' }],
      ['POST', '/chats', { title: 'Lixo', users: [123] }],
      ['POST', '/chats', { title: 'Lixo', users: ['not-a-uuid'] }],
      ['POST', '/chats', { title: 7, users: [ana.id] }],
      ['POST', '/chats', ['lixo']],
      ['POST', '/chats', 'lixo'],
      ['PUT', `/chats/${chat.id}`, { title: '', users: [ana.id] }],
      ['PUT', `/chats/${chat.id}`, { title: 'Sem gente', users: [] }],
      ['PUT', '/chats/not-a-uuid', { title: 'x', users: [ana.id] }],
      ['GET', '/chats/not-a-uuid'],
      ['DELETE', '/chats/not-a-uuid'],
      ['GET', '/chats/not-a-uuid/messages?pageNumber=1'],
      ['GET', `/chats/${chat.id}/messages?pageNumber=0`],
      ['GET', `/chats/${chat.id}/messages?pageNumber=abc`],
      ['GET', '/chats?pageNumber=-1'],
      ['POST', '/chats/not-a-uuid/messages', { message: 'oi' }],
      ['POST', `/chats/${chat.id}/messages`, { message: '' }],
      ['POST', `/chats/${chat.id}/messages`, { message: 'x'.repeat(5000) }],
      ['POST', `/chats/${chat.id}/messages`, { message: 42 }],
      ['POST', `/chats/${chat.id}/messages`, {}],
      ['POST', '/chats/not-a-uuid/read', {}],
      ['POST', `/chats/${chat.id}/read`, { userId: 'me' }],
    ];
    for (const [method, path, body] of invalid) {
      const r = await as(admin)(method, path, body);
      expect(r.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(r.body.error).toBe('ERR_VALIDATION');
    }
    const unknownUser = '00000000-0000-4000-8000-00000000abcd';
    for (const users of [[unknownUser], [ana.id, b.id]]) {
      const created = await as(admin)('POST', '/chats', { title: 'Fantasma', users });
      expect(created.status).toBe(404);
      expect(created.body.error).toBe('ERR_NO_USER_FOUND');
      const edited = await as(admin)('PUT', `/chats/${chat.id}`, { title: 'Fantasma', users });
      expect(edited.body.error).toBe('ERR_NO_USER_FOUND');
    }
    expect(await chatEvents()).toBe(before);
    expect((await as(admin)('GET', `/chats/${chat.id}`)).body.title).toBe('Validação');
  });

  it("refuses a non-member and another company's user on every chat route, as not found", async () => {
    const chat = await newChat(admin, 'Secreto', [ana.id]);
    await as(ana)('POST', `/chats/${chat.id}/messages`, { message: 'segredo-do-chat' });
    const before = await chatEvents();
    const calls: [string, string, unknown?][] = [
      ['GET', `/chats/${chat.id}`],
      ['PUT', `/chats/${chat.id}`, { title: 'Invadido', users: [ana.id] }],
      ['DELETE', `/chats/${chat.id}`],
      ['GET', `/chats/${chat.id}/messages?pageNumber=1`],
      ['POST', `/chats/${chat.id}/messages`, { message: 'invasão' }],
      ['POST', `/chats/${chat.id}/read`, {}],
    ];
    for (const who of [carla, b])
      for (const [method, path, body] of calls) {
        const r = await as(who)(method, path, body);
        expect(r.status, `${method} ${path}`).toBe(404);
        expect(r.body.error).toBe('ERR_NO_CHAT_FOUND');
        expect(JSON.stringify(r.body)).not.toContain('segredo-do-chat');
      }
    // B's own users in the body change nothing either.
    const withOwnUser = await as(b)('PUT', `/chats/${chat.id}`, { title: 'Invadido', users: [b.id] });
    expect(withOwnUser.body.error).toBe('ERR_NO_CHAT_FOUND');
    expect(await chatEvents()).toBe(before);
    const kept = (await as(admin)('GET', `/chats/${chat.id}`)).body;
    expect(kept).toMatchObject({ title: 'Secreto', lastMessage: 'segredo-do-chat' });
  });

  it('pushes chats and their messages to members only', async () => {
    const [adminSocket, anaSocket, carlaSocket, bSocket] = await Promise.all(
      [admin, ana, carla, b].map((who) => readySocket(system, who.token)),
    );
    type Frames = { frames: { event: string; data: unknown }[] };
    const chatFrames = (socket: Frames) =>
      socket.frames.filter((f) => f.event.endsWith('-chat')) as { event: string; data: ChatFrame }[];
    const newMessages = (socket: Frames) =>
      chatFrames(socket).flatMap((f) =>
        f.data.action === 'new-message' ? [{ ...f.data, event: f.event }] : [],
      );
    try {
      const chat = await newChat(admin, 'Ao vivo', [ana.id]);
      await eventually(
        async () =>
          chatFrames(anaSocket).find((f) => f.data.action === 'create' && f.data.chat.id === chat.id),
        5_000,
        'the member hears of the new chat',
      );
      const sent = await as(ana)('POST', `/chats/${chat.id}/messages`, { message: 'alguém aí?' });
      const frame = await eventually(
        async () => newMessages(adminSocket)[0],
        5_000,
        'the member hears the new message',
      );
      expect(frame.event).toBe(`company-${DEMO.companyId}-chat`);
      expect(frame.newMessage).toMatchObject({ id: sent.body.id, message: 'alguém aí?', senderId: ana.id });
      expect(frame.chat).toMatchObject({ id: chat.id, lastMessage: 'alguém aí?' });
      expect(unreadsOf(frame.chat)[admin.id]).toBe(1);

      // Ana removed: she is told the chat is gone for her, and hears nothing of it after.
      await as(admin)('PUT', `/chats/${chat.id}`, { title: 'Ao vivo', users: [bruno.id] });
      await eventually(
        async () => chatFrames(anaSocket).find((f) => f.data.action === 'delete' && f.data.id === chat.id),
        5_000,
        'the removed member hears the chat is gone',
      );
      const anaCount = chatFrames(anaSocket).length;
      await as(admin)('POST', `/chats/${chat.id}/messages`, { message: 'só para o Bruno' });
      await eventually(
        async () => newMessages(adminSocket).find((f) => f.newMessage.message === 'só para o Bruno'),
        5_000,
        'the owner hears her own message',
      );
      // The pushes above went out; give any stray frame to the others time to arrive.
      await new Promise((r) => setTimeout(r, 300));
      expect(chatFrames(anaSocket)).toHaveLength(anaCount);
      expect(chatFrames(carlaSocket)).toEqual([]);
      expect(chatFrames(bSocket)).toEqual([]);
      expect(JSON.stringify(bSocket.frames)).not.toContain(chat.id);
    } finally {
      for (const s of [adminSocket, anaSocket, carlaSocket, bSocket]) s.ws.close();
    }
  });
});
