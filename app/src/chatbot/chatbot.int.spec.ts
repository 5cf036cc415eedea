import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { DefaultLogger, Runtime } from '@temporalio/worker';
import { defaultConnectionSettings } from '@zelo/contracts/connections/read-models';
import { runConnectionCommand } from '@zelo/services/connections/handlers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

// Inbound routing, the queue chatbot, ratings and the timers (BEHAVIOUR.md), end to end: the simulated
// customer's phone, every process role, and the real Temporal dev server holding the timers.

async function eventually<T>(fn: () => Promise<T | null | undefined | false>, what: string, ms = 15_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn().catch(() => null);
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

let seq = 0;
const newNumber = () =>
  `55319${String(Date.now() % 1_000_000).padStart(6, '0')}${String(++seq).padStart(2, '0')}`;
const env = () => ({
  ZELO_ROLES: 'api,projections,channels,workflows',
  TEMPORAL_TASK_QUEUE: `zelo-test-${randomUUID()}`,
});

beforeAll(() => {
  // The worker's INFO lines (state changes, the bundle) drown the test report.
  Runtime.install({ logger: new DefaultLogger('WARN') });
  // Idempotent: installs and starts the Temporal dev server when it is not running.
  execFileSync(process.execPath, [fileURLToPath(new URL('../../../scripts/setup.mjs', import.meta.url))], {
    stdio: 'pipe',
  });
}, 300_000);

/** A simulator connection of the demo company with these automation settings. */
async function connection(
  system: TestSystem,
  over: Partial<typeof defaultConnectionSettings> & { name: string },
) {
  const whatsappId = randomUUID();
  await runConnectionCommand(
    system.deps,
    {
      type: 'CreateConnection',
      companyId: DEMO.companyId,
      whatsappId,
      token: randomUUID(),
      fields: { ...defaultConnectionSettings, isDefault: false, provider: 'simulator', ...over },
    },
    { companyId: DEMO.companyId, actor: DEMO.adminId },
  );
  await eventually(async () => system.simulator?.isConnected(whatsappId), `${over.name} paired`);
  return whatsappId;
}

function phone(system: TestSystem, whatsappId: string, number: string) {
  return {
    says: (body: string) => system.simulator!.customerSends(whatsappId, { number, name: 'Cliente' }, body),
    received: async () =>
      (await system.simulator!.phoneMessages(whatsappId, number))
        .filter((m) => m.direction === 'outbound')
        .map((m) => m.body as string),
  };
}

const ticketsOf = async (system: TestSystem, whatsappId: string, number: string) =>
  (
    await system.ctx.pool.query(
      `SELECT t.id, t.status, t.queue_id AS "queueId", t.chatbot FROM tickets t JOIN contacts c ON c.id = t.contact_id
        WHERE t.whatsapp_id = $1 AND c.number = $2 ORDER BY t.created_at`,
      [whatsappId, number],
    )
  ).rows;

/**
 * What the ticket's own voice said (the bot's steps, the rating question, the closing words), one row per
 * message: whether it was queued in the same write as the event that said it (issue 37), not by a
 * reactor's later turn.
 */
const saidInItsOwnWrite = async (system: TestSystem, ticketId: string) =>
  (
    await system.ctx.pool.query<{ type: string; sameWrite: boolean }>(
      `SELECT e.type, q.transaction_id IS NOT DISTINCT FROM e.transaction_id AS "sameWrite"
         FROM es_events e
         CROSS JOIN LATERAL jsonb_array_elements_text(e.data->'messageIds') AS id
         LEFT JOIN es_events q ON q.stream_id = 'message-' || id AND q.type = 'OutboundMessageQueued'
        WHERE e.stream_id = 'ticket-' || $1 AND e.data ? 'messageIds'
        ORDER BY e.global_position`,
      [ticketId],
    )
  ).rows;

describe('the queue chatbot, ratings and timers', () => {
  let system: TestSystem;
  let admin: { token: string };
  let salesId: string;
  let supportId: string;
  let withQueues: string;
  const api = (method: string, path: string, body?: unknown) =>
    system.api(method, path, { token: admin.token, body });

  beforeAll(async () => {
    system = await startTestSystem({ env: env() });
    admin = await system.login(DEMO.email, DEMO.password);
    const queue = async (name: string, color: string, greetingMessage: string) => {
      const r = await api('POST', '/queue', { name, color, greetingMessage });
      expect(r.status).toBe(201);
      return r.body.id as string;
    };
    salesId = await queue('Vendas', '#A1B2C3', 'Bem-vindo a Vendas!');
    supportId = await queue('Suporte', '#B2C3D4', 'Suporte aqui, diga o problema.');
    withQueues = await connection(system, {
      name: 'Atendimento',
      queueIds: [salesId, supportId],
      greetingMessage: 'Olá! Escolha um setor:',
    });
  }, 90_000);
  afterAll(async () => {
    await system?.close();
  });

  it('offers the queues, repeats the menu on a wrong answer, and puts the ticket in the chosen queue', async () => {
    const number = newNumber();
    const customer = phone(system, withQueues, number);
    const menu = 'Olá! Escolha um setor:\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte';
    await customer.says('Oi, bom dia');
    await eventually(async () => (await customer.received()).length === 1, 'the menu');
    expect((await ticketsOf(system, withQueues, number))[0]).toMatchObject({
      status: 'pending',
      queueId: null,
    });
    await customer.says('quero ajuda');
    await eventually(async () => (await customer.received()).length === 2, 'the menu again');
    await customer.says('2');
    await eventually(async () => (await customer.received()).length === 3, 'the queue greeting');
    expect(await customer.received()).toEqual([menu, menu, 'Suporte aqui, diga o problema.']);
    const tickets = await eventually(async () => {
      const t = await ticketsOf(system, withQueues, number);
      return t[0]?.queueId === supportId && t;
    }, 'the ticket in Suporte');
    expect(tickets).toEqual([
      expect.objectContaining({ status: 'pending', queueId: supportId, chatbot: false }),
    ]);
    const step = { type: 'TicketBotStepped', sameWrite: true };
    expect(await saidInItsOwnWrite(system, tickets[0].id)).toEqual([step, step, step]);
  });

  it('a burst of 100 simultaneous messages from one new contact makes one ticket and a bounded bot', async () => {
    const number = newNumber();
    const customer = phone(system, withQueues, number);
    await Promise.all(Array.from({ length: 100 }, (_, i) => customer.says(`mensagem ${i}`)));
    const stored = await eventually(async () => {
      const { rows } = await system.ctx.pool.query(
        `SELECT count(*)::int AS n FROM messages m JOIN contacts c ON c.id = m.contact_id
          WHERE m.whatsapp_id = $1 AND c.number = $2 AND NOT m.from_me`,
        [withQueues, number],
      );
      return rows[0].n === 100 && rows[0].n;
    }, 'all 100 messages stored');
    expect(stored).toBe(100);
    expect(await ticketsOf(system, withQueues, number)).toHaveLength(1);
    // The menu goes out at most maxUseBotQueues (3) times however many messages arrive.
    await new Promise((r) => setTimeout(r, 2_000));
    const menus = await customer.received();
    expect(menus.length).toBe(3);
    expect(new Set(menus).size).toBe(1);
  });

  it('asks for a rating on resolve, re-asks once on a bad answer, then records it and says goodbye', async () => {
    expect((await api('PUT', '/settings/userRating', { value: 'enabled' })).status).toBe(200);
    try {
      const plain = await connection(system, {
        name: 'Sem fila',
        ratingMessage: 'Como foi o atendimento?',
        complationMessage: 'Obrigado pelo contato!',
      });
      const number = newNumber();
      const customer = phone(system, plain, number);
      await customer.says('Preciso de ajuda');
      const [ticket] = await eventually(async () => {
        const t = await ticketsOf(system, plain, number);
        return t.length === 1 && t;
      }, 'the ticket');
      expect(
        (await api('PUT', `/tickets/${ticket.id}`, { status: 'open', userId: DEMO.adminId })).status,
      ).toBe(200);
      expect((await api('PUT', `/tickets/${ticket.id}`, { status: 'closed' })).status).toBe(200);
      const question =
        'Como foi o atendimento?\n\n*[ 1 ]* - Insatisfeito\n*[ 2 ]* - Satisfeito\n*[ 3 ]* - Muito satisfeito';
      await eventually(async () => (await customer.received()).includes(question), 'the rating question');
      expect((await ticketsOf(system, plain, number))[0].status).toBe('open');
      await customer.says('nota 10');
      await eventually(async () => (await customer.received()).length === 2, 'the question again');
      await customer.says('3');
      await eventually(async () => (await customer.received()).length === 3, 'the goodbye');
      expect(await customer.received()).toEqual([question, question, 'Obrigado pelo contato!']);
      const closed = await eventually(async () => {
        const t = await ticketsOf(system, plain, number);
        return t[0].status === 'closed' && t;
      }, 'the ticket closed');
      expect(closed).toHaveLength(1);
      expect(await saidInItsOwnWrite(system, ticket.id)).toEqual([
        { type: 'TicketRatingRequested', sameWrite: true },
        { type: 'TicketRatingReasked', sameWrite: true },
        { type: 'TicketClosed', sameWrite: true },
      ]);
      const stats = await eventually(async () => {
        const { rows } = await system.ctx.pool.query(
          'SELECT rating FROM report_openings WHERE ticket_id = $1',
          [ticket.id],
        );
        return rows[0]?.rating === 3 && rows[0];
      }, 'the rating stored');
      expect(stats).toEqual({ rating: 3 });
    } finally {
      await api('PUT', '/settings/userRating', { value: 'disabled' });
    }
  });

  it('closes a ticket whose last word is the agent’s after expiresTicket, saying why first', async () => {
    const quiet = await connection(system, {
      name: 'Inatividade',
      expiresTicket: 0.05, // 3 seconds: short real durations stand in for minutes
      expiresInactiveMessage: 'Encerramos por falta de resposta.',
    });
    const number = newNumber();
    const customer = phone(system, quiet, number);
    await customer.says('Oi');
    const [ticket] = await eventually(async () => {
      const t = await ticketsOf(system, quiet, number);
      return t.length === 1 && t;
    }, 'the ticket');
    expect((await api('PUT', `/tickets/${ticket.id}`, { status: 'open', userId: DEMO.adminId })).status).toBe(
      200,
    );
    expect((await api('POST', `/messages/${ticket.id}`, { body: 'Olá! Em que posso ajudar?' })).status).toBe(
      201,
    );
    await eventually(
      async () => (await ticketsOf(system, quiet, number))[0].status === 'closed',
      'the inactive ticket closed',
      20_000,
    );
    await eventually(
      async () => (await customer.received()).includes('Encerramos por falta de resposta.'),
      'the inactivity message',
    );
    expect(await customer.received()).toEqual([
      'Olá! Em que posso ajudar?',
      'Encerramos por falta de resposta.',
    ]);
    expect(await saidInItsOwnWrite(system, ticket.id)).toEqual([{ type: 'TicketClosed', sameWrite: true }]);
  });

  it('keeps a ticket open while the customer has the last word', async () => {
    const quiet = await connection(system, {
      name: 'Conversa',
      expiresTicket: 0.05,
      expiresInactiveMessage: 'Tchau',
    });
    const number = newNumber();
    const customer = phone(system, quiet, number);
    await customer.says('Oi');
    const [ticket] = await eventually(async () => {
      const t = await ticketsOf(system, quiet, number);
      return t.length === 1 && t;
    }, 'the ticket');
    await api('PUT', `/tickets/${ticket.id}`, { status: 'open', userId: DEMO.adminId });
    await api('POST', `/messages/${ticket.id}`, { body: 'Pode falar' });
    await eventually(async () => (await customer.received()).length === 1, 'the reply');
    await customer.says('Então, é o seguinte...');
    await new Promise((r) => setTimeout(r, 6_000));
    expect((await ticketsOf(system, quiet, number))[0].status).toBe('open');
    expect(await customer.received()).toEqual(['Pode falar']);
  });

  it('moves a ticket nobody answered to the transfer queue after timeToTransfer', async () => {
    const transferring = await connection(system, {
      name: 'Transferência',
      queueIds: [salesId, supportId],
      greetingMessage: 'Escolha:',
      timeToTransfer: 0.05,
      transferQueueId: salesId,
    });
    const number = newNumber();
    const customer = phone(system, transferring, number);
    await customer.says('Alguém aí?');
    const moved = await eventually(
      async () => {
        const t = await ticketsOf(system, transferring, number);
        return t[0]?.queueId === salesId && t;
      },
      'the transfer',
      20_000,
    );
    expect(moved).toEqual([expect.objectContaining({ status: 'pending', queueId: salesId, chatbot: false })]);
  });
});

describe('a restart of every process during a conversation', () => {
  it('loses nothing and duplicates nothing', async () => {
    let system = await startTestSystem({ env: env() });
    const admin = await system.login(DEMO.email, DEMO.password);
    const asAdmin = (body: unknown) => system.api('POST', '/queue', { token: admin.token, body });
    const r = await asAdmin({
      name: 'Financeiro',
      color: '#C3D4E5',
      greetingMessage: 'Financeiro, pois não?',
    });
    const other = await asAdmin({ name: 'Outros', color: '#D4E5F6', greetingMessage: '' });
    expect([r.status, other.status]).toEqual([201, 201]);
    const whatsappId = await connection(system, {
      name: 'Reinício',
      queueIds: [r.body.id, other.body.id],
      greetingMessage: 'Bem-vindo!',
    });
    const number = newNumber();
    await phone(system, whatsappId, number).says('Oi');
    await eventually(
      async () => (await phone(system, whatsappId, number).received()).length === 1,
      'the menu',
    );
    const databaseUrl = system.databaseUrl;
    await system.close({ keepDatabase: true });

    system = await startTestSystem({ env: env(), databaseUrl });
    try {
      const customer = phone(system, whatsappId, number);
      await eventually(async () => system.simulator?.isConnected(whatsappId), 'paired again');
      await customer.says('1');
      await eventually(async () => (await customer.received()).length === 2, 'the queue greeting');
      await new Promise((r) => setTimeout(r, 1_500));
      expect(await customer.received()).toEqual([
        'Bem-vindo!\n\n*[ 1 ]* - Financeiro\n*[ 2 ]* - Outros',
        'Financeiro, pois não?',
      ]);
      const tickets = await ticketsOf(system, whatsappId, number);
      expect(tickets).toEqual([expect.objectContaining({ queueId: r.body.id })]);
      const { rows } = await system.ctx.pool.query(
        'SELECT from_me, body FROM messages WHERE ticket_id = $1 ORDER BY created_at',
        [tickets[0].id],
      );
      expect(rows.map((m) => `${m.from_me ? '>' : '<'} ${m.body}`)).toEqual([
        '< Oi',
        '> Bem-vindo!\n\n*[ 1 ]* - Financeiro\n*[ 2 ]* - Outros',
        '< 1',
        '> Financeiro, pois não?',
      ]);
    } finally {
      await system.close();
    }
  }, 120_000);
});
