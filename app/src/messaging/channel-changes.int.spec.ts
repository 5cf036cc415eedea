import { channelEventsFor, companyResolver } from '@zelo/services/channels/channel-events';
import { eventually } from '@zelo/services/testing/eventually';
import { committedEventsOfType } from '@zelo/services/testing/read-all';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

// What WhatsApp tells Zelo besides new customer messages: a customer edits or deletes a message for
// everyone, and the business phone's owner types a message on the phone itself. Driven through the
// simulator's routes, read back as an agent reads them (GET /messages/:ticketId and the socket).

let system: TestSystem;
let a: { token: string };
let b: { token: string; companyId: string };

/** A message as GET /messages and the socket show it. */
interface Msg {
  id: string;
  body: string;
  fromMe: boolean;
  isEdited: boolean;
  isDeleted: boolean;
  userId: string | null;
  ack: number;
  waMessageId: string;
  contact: { id: string; name: string } | null;
  quotedMsg: { id: string; body: string; fromMe: boolean } | null;
}
/** A message as the simulated customer's phone shows it. */
type PhoneMsg = { direction: 'inbound' | 'outbound'; waMessageId: string; body: string };

const sim = (path: string) => `/simulator/connections/${DEMO.whatsappId}${path}`;

async function customerWrites(number: string, body: string, extra: Record<string, unknown> = {}) {
  const r = await system.api('POST', sim('/inbound'), {
    body: { from: number, name: 'Cliente', body, ...extra },
  });
  expect(r.status).toBe(201);
  return r.body.waMessageId as string;
}

/** The ticket a number's messages landed on (looked up in the read model; asserted through the API). */
const ticketOf = (number: string) =>
  eventually(
    async () => {
      const { rows } = await system.ctx.pool.query(
        `SELECT t.id FROM tickets t JOIN contacts c ON c.id = t.contact_id
        WHERE t.company_id = $1 AND c.number = $2 ORDER BY t.created_at DESC`,
        [DEMO.companyId, number],
      );
      return rows.length === 1 ? (rows[0].id as string) : undefined;
    },
    8_000,
    `one ticket for ${number}`,
  );

const messagesOf = async (ticketId: string, token = a.token) =>
  (await system.api('GET', `/messages/${ticketId}`, { token })).body.messages as Msg[];

/**
 * The messages of a ticket with these texts, once all of them are there. The demo connection's queue
 * chatbot greets new tickets too; these tests look only at the messages they are about.
 */
const messagesWith = (ticketId: string, ...bodies: string[]) =>
  eventually(
    async () => {
      const list = (await messagesOf(ticketId)).filter((m) => bodies.includes(m.body));
      return list.length === bodies.length ? list : undefined;
    },
    8_000,
    `messages ${bodies.join(', ')}`,
  );

const eventCount = async (type: string, messageId?: string) =>
  (
    await system.ctx.pool.query(
      `SELECT count(*)::int AS n FROM es_events WHERE type = $1 AND ($2::text IS NULL OR data->>'messageId' = $2)`,
      [type, messageId ?? null],
    )
  ).rows[0].n as number;

/** Every event written so far is in the read model: a check that nothing changed is then meaningful. */
async function settled() {
  const { rows } = await system.ctx.pool.query(
    'SELECT transaction_id::text AS tx, global_position AS p FROM es_events ORDER BY global_position DESC LIMIT 1',
  );
  expect(await system.ctx.watcher.waitFor(`${rows[0].tx}:${rows[0].p}`, ['conversations'], 8_000)).toBe(true);
}

async function socketOf(token: string) {
  const ws = new WebSocket(`${system.url.replace(/^http/, 'ws')}/socket?token=${encodeURIComponent(token)}`);
  const frames: { event: string; data: { action?: string; message?: Msg } }[] = [];
  ws.on('message', (raw) => frames.push(JSON.parse(raw.toString())));
  await eventually(async () => frames.some((f) => f.event === 'ready'), 8_000, 'socket ready');
  return { ws, frames };
}

beforeAll(async () => {
  system = await startTestSystem();
  a = await system.login(DEMO.email, DEMO.password);
  b = await system.signUpCompany('Empresa Edits B', 'admin@edits-b.dev', 'senhaB1');
}, 90_000);

afterAll(async () => {
  await system?.close();
});

describe('A customer edits a message on WhatsApp', () => {
  it('the agent sees the new text marked as edited, live on the open ticket, and the old text stays in the history', async () => {
    const number = '5511961110001';
    const waMessageId = await customerWrites(number, 'Quero 2 pizzas de calabresa');
    const ticketId = await ticketOf(number);
    const [original] = await messagesWith(ticketId, 'Quero 2 pizzas de calabresa');
    expect(original).toMatchObject({ body: 'Quero 2 pizzas de calabresa', isEdited: false });

    const { ws, frames } = await socketOf(a.token);
    const other = await socketOf(b.token);
    try {
      ws.send(JSON.stringify({ type: 'join', room: `ticket:${ticketId}` }));
      await eventually(async () => frames.some((f) => f.event === 'joined'), 8_000, 'joined the ticket');

      const edit = await system.api('PUT', sim(`/messages/${waMessageId}`), {
        body: { body: 'Quero 3 pizzas de calabresa' },
      });
      expect(edit.status).toBe(200);

      const pushed = await eventually(
        async () =>
          frames.find(
            (f) =>
              f.event === `company-${DEMO.companyId}-appMessage` &&
              f.data.action === 'update' &&
              f.data.message?.id === original.id,
          ),
        8_000,
        'the edit pushed to the open ticket',
      );
      expect(pushed.data.message).toMatchObject({ body: 'Quero 3 pizzas de calabresa', isEdited: true });

      const list = await messagesOf(ticketId);
      expect(list.filter((m) => m.body.startsWith('Quero'))).toHaveLength(1);
      expect(list.find((m) => m.id === original.id)).toMatchObject({
        body: 'Quero 3 pizzas de calabresa',
        isEdited: true,
        isDeleted: false,
        fromMe: false,
      });
      // Bodies are sealed in es_events (issue 25): read as the product reads them.
      const history = (
        await committedEventsOfType(system.deps.store, system.ctx.pool, ['MessageEdited'])
      ).filter((e) => e.data.messageId === original.id);
      expect(history.map((e) => [e.data.previousBody, e.data.body])).toEqual([
        ['Quero 2 pizzas de calabresa', 'Quero 3 pizzas de calabresa'],
      ]);

      // The same edit reported again records nothing new.
      await system.api('PUT', sim(`/messages/${waMessageId}`), {
        body: { body: 'Quero 3 pizzas de calabresa' },
      });
      await settled();
      expect(await eventCount('MessageEdited', original.id)).toBe(1);
      expect(other.frames.filter((f) => f.event !== 'ready')).toEqual([]);
    } finally {
      ws.close();
      other.ws.close();
    }
  });

  it('an edit or a deletion of a message Zelo never saw (older than Zelo) changes nothing and is no error', async () => {
    const number = '5511961110002';
    // On the phone before Zelo was connected: never delivered to Zelo.
    await system.ctx.pool.query(
      `INSERT INTO sim_messages (whatsapp_id, number, direction, wa_message_id, name, body)
       VALUES ($1, $2, 'inbound', 'SIMOLDERTHANZELO0001', 'Antiga', 'mensagem antiga')`,
      [DEMO.whatsappId, number],
    );
    const before = { edited: await eventCount('MessageEdited'), deleted: await eventCount('MessageDeleted') };
    expect(
      (await system.api('PUT', sim('/messages/SIMOLDERTHANZELO0001'), { body: { body: 'nova' } })).status,
    ).toBe(200);
    expect((await system.api('DELETE', sim('/messages/SIMOLDERTHANZELO0001'))).status).toBe(200);
    await settled();
    expect({
      edited: await eventCount('MessageEdited'),
      deleted: await eventCount('MessageDeleted'),
    }).toEqual(before);
    const { rows } = await system.ctx.pool.query(
      'SELECT count(*)::int AS n FROM tickets t JOIN contacts c ON c.id = t.contact_id WHERE c.number = $1',
      [number],
    );
    expect(rows[0].n).toBe(0);
  });

  it('the simulator refuses bad input: an unknown message is 404, an empty text 400', async () => {
    const unknown = await system.api('PUT', sim('/messages/SIMNOSUCHMESSAGE'), { body: { body: 'x' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('ERR_NO_MESSAGE_FOUND');
    const empty = await system.api('PUT', sim('/messages/SIMNOSUCHMESSAGE'), { body: { body: '   ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('ERR_VALIDATION');
    const badId = await system.api('DELETE', sim('/messages/not%20an%20id'));
    expect(badId.status).toBe(400);
  });
});

describe('A customer deletes a message for everyone', () => {
  it('the message shows as deleted, live, and stays in its place in the conversation', async () => {
    const number = '5511961110003';
    await customerWrites(number, 'Bom dia');
    const waMessageId = await customerWrites(number, 'Meu cartão é 4111 1111 1111 1111');
    const ticketId = await ticketOf(number);
    const before = await messagesWith(ticketId, 'Bom dia', 'Meu cartão é 4111 1111 1111 1111');
    const { ws, frames } = await socketOf(a.token);
    try {
      ws.send(JSON.stringify({ type: 'join', room: `ticket:${ticketId}` }));
      await eventually(async () => frames.some((f) => f.event === 'joined'), 8_000, 'joined the ticket');
      expect((await system.api('DELETE', sim(`/messages/${waMessageId}`))).status).toBe(200);
      const pushed = await eventually(
        async () =>
          frames.find(
            (f) => f.event === `company-${DEMO.companyId}-appMessage` && f.data.message?.id === before[1].id,
          ),
        8_000,
        'the deletion pushed',
      );
      expect(pushed.data).toMatchObject({ action: 'update', message: { isDeleted: true } });
    } finally {
      ws.close();
    }
    const after = await messagesWith(ticketId, 'Bom dia', 'Meu cartão é 4111 1111 1111 1111');
    expect(after.map((m) => [m.id, m.isDeleted])).toEqual([
      [before[0].id, false],
      [before[1].id, true],
    ]);
    const deleted = await system.ctx.pool.query(
      `SELECT data FROM es_events WHERE type = 'MessageDeleted' AND data->>'messageId' = $1`,
      [before[1].id],
    );
    expect(deleted.rows.map((r) => r.data.userId)).toEqual([null]);
    // The customer deleted it: an agent cannot act on it any more, it is not theirs anyway.
    const agentDelete = await system.api('DELETE', `/messages/${before[1].id}`, { token: a.token });
    expect(agentDelete.status).toBeGreaterThanOrEqual(400);
  });
});

describe('The business phone owner types a message on the phone', () => {
  it("starts the contact's conversation as the business's message, once even when WhatsApp delivers it twice", async () => {
    const number = '5511961110004';
    const sent = await system.api('POST', sim('/phone-sends'), {
      body: { to: number, body: 'Oi Joana, seu pedido saiu para entrega' },
    });
    expect(sent.status).toBe(201);
    const ticketId = await ticketOf(number);
    const [message] = await messagesWith(ticketId, 'Oi Joana, seu pedido saiu para entrega');
    expect(message).toMatchObject({
      fromMe: true,
      userId: null,
      contact: null,
      isDeleted: false,
    });
    expect(message.ack).toBeGreaterThanOrEqual(1);
    const ticket = await system.api('GET', `/tickets/${ticketId}`, { token: a.token });
    expect(ticket.body).toMatchObject({
      status: 'pending',
      unreadMessages: 0,
      lastMessage: 'Oi Joana, seu pedido saiu para entrega',
    });
    // The phone owner's WhatsApp name is not the customer's: the contact is named by its number.
    expect(ticket.body.contact.name).toBe(number);

    const again = await system.api('POST', sim(`/messages/${sent.body.waMessageId}/redeliver`));
    expect(again.status).toBe(200);
    await settled();
    expect((await messagesOf(ticketId)).map((m) => m.id)).toEqual([message.id]);
    expect(await eventCount('PhoneMessageSent', message.id)).toBe(1);
    // WhatsApp delivered it already: Zelo never sends it to the customer a second time.
    const phone = await system.api('GET', sim(`/phones/${number}/messages`));
    expect(phone.body.filter((m: PhoneMsg) => m.direction === 'outbound')).toHaveLength(1);

    // The owner corrects it on the phone: the last message of the ticket, so its preview changes too.
    const fixed = 'Oi Joana, seu pedido sai às 14h';
    expect(
      (await system.api('PUT', sim(`/messages/${sent.body.waMessageId}`), { body: { body: fixed } })).status,
    ).toBe(200);
    await eventually(async () => {
      const t = await system.api('GET', `/tickets/${ticketId}`, { token: a.token });
      return t.body.lastMessage === fixed;
    });
    const [corrected] = await messagesWith(ticketId, fixed);
    expect(corrected).toMatchObject({ id: message.id, isEdited: true, fromMe: true });

    // The customer answers quoting it: same ticket, the quote shows the phone message.
    await customerWrites(number, 'Obrigada!', { quotedWaMessageId: sent.body.waMessageId });
    const [answer] = await messagesWith(ticketId, 'Obrigada!');
    expect(answer).toMatchObject({
      fromMe: false,
      quotedMsg: { id: message.id, body: fixed, fromMe: true },
    });
    await ticketOf(number);
  });

  it("joins the customer's open ticket without counting as unread, and its ticks and edits show", async () => {
    const number = '5511961110005';
    await customerWrites(number, 'Vocês abrem amanhã?');
    const ticketId = await ticketOf(number);
    await eventually(async () => {
      const t = await system.api('GET', `/tickets/${ticketId}`, { token: a.token });
      return t.body.unreadMessages === 1;
    });
    const sent = await system.api('POST', sim('/phone-sends'), {
      body: { to: number, body: 'Abrimos às 9h' },
    });
    expect(sent.status).toBe(201);
    // In the read model (looked up directly: opening the messages would mark the ticket read).
    await eventually(async () => {
      const { rows } = await system.ctx.pool.query('SELECT 1 FROM messages WHERE wa_message_id = $1', [
        sent.body.waMessageId,
      ]);
      return rows.length === 1;
    });
    const ticket = await system.api('GET', `/tickets/${ticketId}`, { token: a.token });
    expect(ticket.body.unreadMessages).toBe(1);
    expect(await ticketOf(number)).toBe(ticketId);

    // The customer's phone shows it (reading it is the read tick), and the owner corrects it.
    await system.api('GET', sim(`/phones/${number}/messages`));
    await system.api('PUT', sim(`/messages/${sent.body.waMessageId}`), { body: { body: 'Abrimos às 8h' } });
    const mine = await eventually(async () => {
      const list = await messagesOf(ticketId);
      const m = list.find((x) => x.waMessageId === sent.body.waMessageId);
      return m?.body === 'Abrimos às 8h' ? m : undefined;
    });
    expect(mine).toMatchObject({ isEdited: true, userId: null });
    expect(mine.ack).toBeGreaterThanOrEqual(3);
  });

  it('the echo of a message Zelo sent itself is not recorded a second time', async () => {
    const number = '5511961110006';
    await customerWrites(number, 'Olá');
    const ticketId = await ticketOf(number);
    await system.api('PUT', `/tickets/${ticketId}`, { token: a.token, body: { status: 'open' } });
    const reply = await system.api('POST', `/messages/${ticketId}`, {
      token: a.token,
      body: { body: 'Olá! Em que posso ajudar?' },
    });
    expect(reply.status).toBe(201);
    const onPhone = await eventually(async () => {
      const r = await system.api('GET', sim(`/phones/${number}/messages`));
      return r.body.find((m: PhoneMsg) => m.body === 'Olá! Em que posso ajudar?');
    });
    expect((await system.api('POST', sim(`/messages/${onPhone.waMessageId}/redeliver`))).status).toBe(200);
    await settled();
    const list = await messagesOf(ticketId);
    expect(list.filter((m) => m.body === 'Olá! Em que posso ajudar?').map((m) => m.userId)).toEqual([
      DEMO.adminId,
    ]);
    const echoes = await system.ctx.pool.query(
      `SELECT count(*)::int AS n FROM es_events WHERE type = 'PhoneMessageSent' AND data->>'waMessageId' = $1`,
      [onPhone.waMessageId],
    );
    expect(echoes.rows[0].n).toBe(0);
  });
});

describe('An agent replies quoting a customer message', () => {
  it("the customer's phone shows the reply quoting that message", async () => {
    const number = '5511961110008';
    const quotedWaId = await customerWrites(number, 'Qual o prazo de entrega?');
    const ticketId = await ticketOf(number);
    const [question] = await messagesWith(ticketId, 'Qual o prazo de entrega?');
    await system.api('PUT', `/tickets/${ticketId}`, { token: a.token, body: { status: 'open' } });
    const reply = await system.api('POST', `/messages/${ticketId}`, {
      token: a.token,
      body: { body: 'Chega em 2 dias úteis.', quotedMsg: { id: question.id } },
    });
    expect(reply.status).toBe(201);
    const onPhone = await eventually(async () => {
      const r = await system.api('GET', sim(`/phones/${number}/messages`));
      return r.body.find((m: PhoneMsg) => m.body === 'Chega em 2 dias úteis.');
    });
    expect(onPhone.quotedWaMessageId).toBe(quotedWaId);
  });
});

describe('Another company', () => {
  it('cannot see any of it, and its connection cannot edit or delete company A messages', async () => {
    const number = '5511961110007';
    const waMessageId = await customerWrites(number, 'Pedido 42');
    const ticketId = await ticketOf(number);
    const [message] = await messagesWith(ticketId, 'Pedido 42');
    for (const n of ['5511961110001', '5511961110003', '5511961110004', number]) {
      const r = await system.api('GET', `/messages/${await ticketOf(n)}`, { token: b.token });
      expect(r.status).toBe(404);
      expect(r.body.error).toBe('ERR_NO_TICKET_FOUND');
    }
    const bList = await system.api('GET', '/tickets?showAll=true&status=pending', { token: b.token });
    expect(bList.body.tickets).toEqual([]);

    // B's own connection reports an edit and a deletion naming A's WhatsApp message id.
    const created = await system.api('POST', '/whatsapp', {
      token: b.token,
      body: { name: 'B simulador', provider: 'simulator' },
    });
    expect(created.status).toBe(201);
    const bConnection = created.body.id as string;
    await eventually(async () => {
      const { rows } = await system.ctx.pool.query('SELECT 1 FROM whatsapps WHERE id = $1', [bConnection]);
      return rows.length === 1;
    });
    // An agent's reply: Zelo's WhatsApp ids name the message itself, whichever connection reports them.
    await system.api('PUT', `/tickets/${ticketId}`, { token: a.token, body: { status: 'open' } });
    const reply = await system.api('POST', `/messages/${ticketId}`, {
      token: a.token,
      body: { body: 'Seu pedido 42 está a caminho' },
    });
    expect(reply.status).toBe(201);
    const events = channelEventsFor(system.deps, companyResolver(system.ctx.pool));
    for (const target of [waMessageId, reply.body.waMessageId]) {
      await events.edited(bConnection, target, 'hijacked', new Date());
      await events.revoked(bConnection, target, new Date());
    }
    await events.inbound({
      whatsappId: bConnection,
      waMessageId,
      from: { number, name: 'x', isGroup: false },
      body: 'quoting A',
      mediaType: 'chat',
      mediaUrl: null,
      timestamp: new Date(),
      quotedWaMessageId: reply.body.waMessageId,
    });
    await settled();
    const after = await messagesWith(ticketId, 'Pedido 42', 'Seu pedido 42 está a caminho');
    expect(after.map((m) => [m.id, m.isEdited, m.isDeleted])).toEqual([
      [message.id, false, false],
      [reply.body.id, false, false],
    ]);
    // B's copy is B's own message, and it does not quote A's.
    const bTicket = await eventually(async () => {
      const r = await system.api('GET', '/tickets?showAll=true&status=pending', { token: b.token });
      return r.body.tickets[0];
    });
    const bMessages = await messagesOf(bTicket.id, b.token);
    expect(bMessages.map((m) => [m.body, m.quotedMsg])).toEqual([['quoting A', null]]);
  });
});

describe('A customer phone sends a message again after its first answer was lost', () => {
  it('under the same id it is one message in Zelo and one on the phone', async () => {
    const number = '5511961110019';
    const waMessageId = 'PHONE0RETRY0001';
    const first = await customerWrites(number, 'Meu pedido chegou?', { waMessageId });
    expect(first).toBe(waMessageId);
    // The phone never saw the 201: it sends the same message again, under the same id.
    expect(await customerWrites(number, 'Meu pedido chegou?', { waMessageId })).toBe(waMessageId);
    const ticketId = await ticketOf(number);
    await settled();
    const list = (await messagesOf(ticketId)).filter((m) => m.body === 'Meu pedido chegou?');
    expect(list.map((m) => m.waMessageId)).toEqual([waMessageId]);
    const phone = await system.api('GET', sim(`/phones/${number}/messages`));
    expect(phone.body.filter((m: PhoneMsg) => m.direction === 'inbound')).toHaveLength(1);
    // An id that is not a WhatsApp id is refused before anything is written.
    const bad = await system.api('POST', sim('/inbound'), {
      body: { from: number, body: 'x', waMessageId: 'não é id' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('ERR_VALIDATION');
  });
});
