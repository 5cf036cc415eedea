import { rebuildProjection } from '@zelo/projections/rebuild';
import { allProjections } from '@zelo/projections/registry';
import { lockInTransaction } from '@zelo/projections/runner-lock';
import { inTransaction } from '@zelo/services/platform/db';
import { testServerUrl } from '@zelo/services/testing/database';
import { eventually } from '@zelo/services/testing/eventually';
import { committedEventsOfType } from '@zelo/services/testing/read-all';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

// Faults of a running system: PostgreSQL cutting every connection of the database under load, and an
// operator replaying projections while the channel worker delivers. One system for the file.
let system: TestSystem;
/** The projections run in a process of their own, as in a scale-out deployment: the API's
 * read-your-writes then depends on its LISTEN connection to the checkpoints, which a cut ends. */
let projector: TestSystem;
let token: string;
let admin: pg.Client;
const sim = (path: string) => `/simulator/connections/${DEMO.whatsappId}${path}`;
const customers = Array.from({ length: 4 }, (_, i) => ({ number: `55119700000${i}0`, name: `Cliente ${i}` }));
const tickets: string[] = [];

/** What a database administrator's `pg_terminate_backend` does to every connection of the database. */
async function cutEveryConnection(): Promise<number> {
  const { rows } = await admin.query(
    `SELECT count(*)::int AS n FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE datname = $1 AND pid <> pg_backend_pid()) t`,
    [new URL(system.databaseUrl).pathname.slice(1)],
  );
  return rows[0].n;
}

async function socket() {
  const ws = new WebSocket(`${system.url.replace(/^http/, 'ws')}/socket?token=${encodeURIComponent(token)}`);
  const frames: { event: string; data: { message?: { body: string } } }[] = [];
  ws.on('message', (raw) => frames.push(JSON.parse(raw.toString())));
  await eventually(async () => frames.some((f) => f.event === 'ready'), 8_000, 'socket ready');
  ws.send(JSON.stringify({ type: 'join', room: 'notification' }));
  await eventually(async () => frames.some((f) => f.event === 'joined'), 8_000, 'joined notification');
  const pushed = (body: string) =>
    frames.some((f) => f.event.endsWith('-appMessage') && f.data.message?.body === body);
  return { ws, pushed };
}

const count = async (sql: string, params: unknown[]) =>
  (await system.ctx.pool.query(sql, params)).rows[0].n as number;

beforeAll(async () => {
  system = await startTestSystem({ env: { JWT_SECRET: 'faults-test-secret', ZELO_ROLES: 'api,channels' } });
  projector = await startTestSystem({
    databaseUrl: system.databaseUrl,
    env: { JWT_SECRET: 'faults-test-secret', ZELO_ROLES: 'projections' },
  });
  await eventually(
    async () => system.simulator?.isConnected(DEMO.whatsappId),
    20_000,
    'the simulator paired',
  );
  token = (await system.login(DEMO.email, DEMO.password)).token;
  const url = new URL(testServerUrl);
  url.pathname = '/postgres';
  admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  // Each customer has an open ticket the agent answers in.
  for (const c of customers) {
    const r = await system.api('POST', sim('/inbound'), {
      body: { from: c.number, name: c.name, body: `oi ${c.number}` },
    });
    expect(r.status).toBe(201);
  }
  for (const c of customers) {
    const ticket = await eventually(async () => {
      const r = await system.api('GET', '/tickets?status=pending&showAll=true', { token });
      return r.body.tickets.find((t: { contact: { number: string } }) => t.contact.number === c.number);
    });
    await system.api('PUT', `/tickets/${ticket.id}`, { token, body: { status: 'open' } });
    tickets.push(ticket.id);
  }
}, 60_000);

afterAll(async () => {
  await admin?.end();
  await projector?.close({ keepDatabase: true });
  await system?.close();
});

describe('PostgreSQL connections cut under load', () => {
  it('keeps the process up, resumes pushes, answers commands at normal speed, loses and duplicates nothing', async () => {
    const { ws, pushed } = await socket();
    const acked = new Set<string>();
    const unsure = new Set<string>();
    let stop = false;
    let n = 0;
    const load = async (who: number) => {
      while (!stop) {
        const i = n++;
        const inbound = i % 2 === 0;
        const body = `${inbound ? 'in' : 'out'}-${who}-${i}`;
        const r = inbound
          ? system.api('POST', sim('/inbound'), {
              body: { from: customers[who].number, name: customers[who].name, body },
            })
          : system.api('POST', `/messages/${tickets[who]}`, { token, body: { body } });
        const answer = await r.catch(() => null);
        // Acknowledged: a 201 with the message. Anything else may or may not have been stored.
        if (answer?.status === 201 && answer.body) acked.add(body);
        else unsure.add(body);
        await new Promise((res) => setTimeout(res, 40));
      }
    };
    const loaders = customers.map((_, who) => load(who));
    let cut = 0;
    for (let k = 0; k < 3; k++) {
      await new Promise((res) => setTimeout(res, 1200));
      cut += await cutEveryConnection();
    }
    await new Promise((res) => setTimeout(res, 800));
    stop = true;
    await Promise.all(loaders);
    expect(cut).toBeGreaterThan(6); // the pool's clients and every LISTEN connection were cut
    expect(acked.size).toBeGreaterThan(20);

    // Pushes resume: a new customer message reaches the socket within a few seconds.
    const started = Date.now();
    const fresh = 'depois do corte';
    await eventually(
      async () =>
        (await system.api('POST', sim('/inbound'), { body: { from: customers[0].number, body: fresh } }))
          .status === 201,
      5_000,
      'the simulator accepts a message again',
    );
    await eventually(async () => pushed(fresh), 5_000, 'the push of a message sent after the cut');
    expect(Date.now() - started).toBeLessThan(5_000);

    // A command answers at its normal speed (no read-your-writes timeout) and with its message.
    const t0 = Date.now();
    const sent = await system.api('POST', `/messages/${tickets[1]}`, {
      token,
      body: { body: 'resposta rápida' },
    });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ body: 'resposta rápida' });
    expect(Date.now() - t0).toBeLessThan(1_000);
    ws.close();

    // Nothing acknowledged lost, nothing stored twice, in the event store and in the read model.
    await eventually(
      async () =>
        (await count('SELECT count(*)::int AS n FROM messages WHERE body = $1', ['resposta rápida'])) === 1,
      8_000,
      'the read model caught up',
    );
    // Bodies are sealed in es_events (issue 25): counted as the product reads them.
    const stored = await committedEventsOfType(system.deps.store, system.ctx.pool, [
      'InboundMessageReceived',
      'OutboundMessageQueued',
    ]);
    for (const body of [...acked, ...unsure]) {
      const events = stored.filter((e) => e.data.body === body).length;
      const rows = await count('SELECT count(*)::int AS n FROM messages WHERE body = $1', [body]);
      if (acked.has(body)) expect({ body, events, rows }).toEqual({ body, events: 1, rows: 1 });
      else expect({ body, events: Math.min(events, 1), rows }).toEqual({ body, events, rows: events });
    }
    // Every agent reply reached the phone exactly once. A claim whose answer the cut swallowed waits
    // out its 30 s lease (the worker cannot know it holds it), so allow for one.
    await eventually(
      async () => (await count('SELECT count(*)::int AS n FROM outbound_queue', [])) === 0,
      35_000,
      'every queued reply delivered',
    ).catch(async (err) => {
      console.log(
        (
          await system.ctx.pool.query(
            'SELECT message_id, attempts, last_error, next_attempt_at, now() FROM outbound_queue',
          )
        ).rows,
      );
      throw err;
    });
    const onPhone = await system.ctx.pool.query(
      `SELECT body, count(*)::int AS n FROM sim_messages WHERE direction = 'outbound' AND body LIKE 'out-%' GROUP BY body`,
    );
    for (const r of onPhone.rows) expect(r.n).toBe(1);
    for (const body of acked)
      if (body.startsWith('out-')) expect(onPhone.rows.map((r) => r.body)).toContain(body);
    // And the phone's delivery receipt of each reached the agent: a receipt the cut swallowed is
    // reported again, so no reply stays at one tick.
    await eventually(
      async () =>
        (await count(
          `SELECT count(*)::int AS n FROM messages WHERE from_me AND body LIKE 'out-%' AND ack < 2`,
          [],
        )) === 0,
      20_000,
      'every reply marked delivered',
    );
  }, 90_000);
});

describe('projection replay with a live channel worker', () => {
  it('rebuilds every projection without sending, connecting or disconnecting anything', async () => {
    const simulator = system.simulator!;
    // Some delivered history to replay.
    for (let i = 0; i < 12; i++)
      await system.api('POST', `/messages/${tickets[i % tickets.length]}`, {
        token,
        body: { body: `entregue ${i}` },
      });
    await eventually(
      async () => (await count('SELECT count(*)::int AS n FROM outbound_queue', [])) === 0,
      15_000,
      'everything delivered before the replays',
    );
    const sends: string[] = [];
    const sessions: string[] = [];
    const send = simulator.send.bind(simulator);
    const stopSession = simulator.stop.bind(simulator);
    const logout = simulator.logout.bind(simulator);
    simulator.send = async (id, p) => {
      sends.push(p.waMessageId);
      return send(id, p);
    };
    simulator.stop = async (id) => {
      sessions.push(`stop ${id}`);
      return stopSession(id);
    };
    simulator.logout = async (id) => {
      sessions.push(`logout ${id}`);
      return logout(id);
    };
    try {
      const tables = allProjections().flatMap((p) => p.tables);
      const rowsOf = async () => {
        const counts: Record<string, number> = {};
        for (const t of tables) counts[t] = await count(`SELECT count(*)::int AS n FROM ${t}`, []);
        return counts;
      };
      const before = await count('SELECT count(*)::int AS n FROM messages', []);
      // Quiet first (the last acks land a moment after delivery), so that the counts can be compared.
      let rowsBefore = await rowsOf();
      for (;;) {
        await new Promise((res) => setTimeout(res, 400));
        const again = await rowsOf();
        if (JSON.stringify(again) === JSON.stringify(rowsBefore)) break;
        rowsBefore = again;
      }
      for (const projection of allProjections())
        await rebuildProjection(system.ctx.pool, system.deps.store, projection, { batchSize: 5 });
      // The rebuilt read models hold what the live ones held, under the migrations' index names.
      expect(await rowsOf()).toEqual(rowsBefore);
      expect(
        await count(`SELECT count(*)::int AS n FROM pg_indexes WHERE indexname = 'outbound_queue_due'`, []),
      ).toBe(1);
      // The worker polls every 500 ms: give it time to act on anything the replays left behind.
      await new Promise((res) => setTimeout(res, 1500));
      expect(sends).toEqual([]);
      expect(sessions).toEqual([]);
      expect(simulator.isConnected(DEMO.whatsappId)).toBe(true);
      expect(await count('SELECT count(*)::int AS n FROM messages', [])).toBe(before);

      // And the rebuilt read models keep working: a new reply is answered, delivered once.
      const r = await system.api('POST', `/messages/${tickets[0]}`, {
        token,
        body: { body: 'após o replay' },
      });
      expect(r.status).toBe(201);
      await eventually(async () => sends.length === 1, 8_000, 'the new reply sent');
      await new Promise((res) => setTimeout(res, 700));
      expect(sends).toHaveLength(1);

      // Replays while replies are being queued and delivered: each new reply is sent once, no old one.
      sends.length = 0;
      let sending = true;
      let queued = 0;
      const agent = (async () => {
        for (let i = 0; sending; i++) {
          const a = await system.api('POST', `/messages/${tickets[i % tickets.length]}`, {
            token,
            body: { body: `durante o replay ${i}` },
          });
          if (a.status === 201) queued++;
          await new Promise((res) => setTimeout(res, 60));
        }
      })();
      const byName = new Map(allProjections().map((p) => [p.name, p]));
      for (let round = 0; round < 2 || queued < 10; round++)
        for (const name of ['outbound-queue', 'connections', 'conversations'])
          await rebuildProjection(system.ctx.pool, system.deps.store, byName.get(name)!, { batchSize: 5 });
      sending = false;
      await agent;
      await eventually(
        async () => (await count('SELECT count(*)::int AS n FROM outbound_queue', [])) === 0,
        15_000,
        'the replies sent during the replays delivered',
      );
      await new Promise((res) => setTimeout(res, 700));
      expect(queued).toBeGreaterThanOrEqual(10);
      expect(new Set(sends).size).toBe(sends.length);
      expect(sends).toHaveLength(queued);
      expect(sessions).toEqual([]);
    } finally {
      simulator.send = send;
      simulator.stop = stopSession;
      simulator.logout = logout;
    }
  }, 60_000);
});

describe('read your writes while a projection lags', () => {
  /** Keeps the runner out of `conversations` (as a rebuild's swap does) for `ms`, from another connection. */
  const holdConversations = (ms: number) =>
    inTransaction(system.ctx.pool, async (tx) => {
      await lockInTransaction(tx, 'conversations');
      await new Promise((res) => setTimeout(res, ms));
    });

  it('answers a command with its message when the projection is seconds late, never with an empty body', async () => {
    const held = holdConversations(4_000);
    await new Promise((res) => setTimeout(res, 100));
    const r = await system.api('POST', `/messages/${tickets[2]}`, {
      token,
      body: { body: 'quatro segundos' },
    });
    await held;
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ body: 'quatro segundos', fromMe: true });
  }, 20_000);

  it('answers ERR_NOT_YET_VISIBLE after the bounded wait, and the message shows once the projection moves', async () => {
    const held = holdConversations(10_500);
    await new Promise((res) => setTimeout(res, 100));
    const r = await system.api('POST', `/messages/${tickets[3]}`, {
      token,
      body: { body: 'muito atrasado' },
    });
    expect(r.status).toBe(503);
    expect(r.body).toMatchObject({ error: 'ERR_NOT_YET_VISIBLE' });
    await held;
    await eventually(
      async () =>
        (await count('SELECT count(*)::int AS n FROM messages WHERE body = $1', ['muito atrasado'])) === 1,
      8_000,
      'the message in the read model',
    );
  }, 30_000);
});
