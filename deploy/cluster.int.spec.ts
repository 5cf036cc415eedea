import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEMO } from '../services/src/seed.ts';
import { eventually } from '../services/src/testing/eventually.ts';
import { request } from './chaos/http.ts';
import { freePortBase, startCluster } from './cluster.mjs';

// What must hold across processes, on the deployment `npm run start:cluster` runs (deploy/cluster.mjs):
// the Temporal server on PostgreSQL, nginx, 2 API processes, 2 channel workers, 2 workflow workers and
// the projections, each a process of its own. Requests go to one API process or the other directly, to
// prove what a load balancer's choice must never change.

type Cluster = Awaited<ReturnType<typeof startCluster>>;
let cluster: Cluster;
let pool: pg.Pool;
let token: string;
const logs: string[] = [];

/** A call as the admin (once logged in), to one API process or through nginx. */
const call = (base: string, method: string, path: string, body?: unknown) =>
  request(base, method, path, { token, body });

const customerWrites = (base: string, from: string, body: string) =>
  call(base, 'POST', `/simulator/connections/${DEMO.whatsappId}/inbound`, { from, name: 'Cliente', body });

beforeAll(async () => {
  cluster = await startCluster({
    name: `test_cluster_${process.pid}`,
    portBase: await freePortBase(),
    web: false,
    log: (line) => {
      logs.push(line);
      if (logs.length > 2_000) logs.shift();
    },
  });
  pool = new pg.Pool({ connectionString: cluster.databaseUrl });
  const login = await eventually(
    async () => {
      const r = await call(cluster.apiUrl, 'POST', '/auth/login', {
        email: DEMO.email,
        password: DEMO.password,
      });
      return r.status === 200 ? r.body : undefined;
    },
    60_000,
    'the demo admin logs in through nginx',
  );
  token = login.token;
  await eventually(
    async () => {
      const { rows } = await pool.query('SELECT status FROM whatsapps WHERE id = $1', [DEMO.whatsappId]);
      return rows[0]?.status === 'CONNECTED';
    },
    60_000,
    'the demo connection paired by a channel worker',
  );
}, 300_000);

afterAll(async () => {
  await pool?.end();
  await cluster?.stop();
}, 120_000);

describe('the deployment split by role', () => {
  it('runs every role in processes of its own, the API behind nginx', () => {
    const names = cluster.processes.map((p) => p.name).sort();
    expect(names).toEqual(
      [
        'api-1',
        'api-2',
        'channels-1',
        'channels-2',
        'nginx',
        'projections',
        'temporal',
        'workflows-1',
        'workflows-2',
      ].sort(),
    );
    expect(new Set(cluster.processes.map((p) => p.pid)).size).toBe(names.length);
    expect(cluster.apiUrls).toHaveLength(2);
  });

  it("keeps a customer's messages handled by two API processes in turn one ticket, in order", async () => {
    const from = `55119${String(Date.now()).slice(-8)}`;
    const bodies = Array.from({ length: 6 }, (_, i) => `mensagem ${i + 1}`);
    for (const [i, body] of bodies.entries()) {
      const r = await customerWrites(cluster.apiUrls[i % 2], from, body);
      expect(r.status).toBe(201);
    }
    const tickets = await eventually(async () => {
      const { rows } = await pool.query(
        `SELECT t.id FROM tickets t JOIN contacts c ON c.id = t.contact_id WHERE c.number = $1`,
        [from],
      );
      return rows.length ? rows : undefined;
    });
    expect(tickets).toHaveLength(1);
    const messages = await eventually(async () => {
      const r = await call(cluster.apiUrls[0], 'GET', `/messages/${tickets[0].id}`);
      const mine = r.body.messages.filter((m: { fromMe: boolean }) => !m.fromMe);
      return mine.length === bodies.length ? mine : undefined;
    });
    expect(messages.map((m: { body: string }) => m.body)).toEqual(bodies);
  });

  it('pushes to an agent connected to API 1 what a customer wrote through API 2', async () => {
    const ws = new WebSocket(`${cluster.apiUrls[0].replace(/^http/, 'ws')}/socket?token=${token}`);
    const frames: { event: string; data: any }[] = [];
    ws.on('message', (raw) => frames.push(JSON.parse(raw.toString())));
    try {
      await eventually(async () => frames.some((f) => f.event === 'ready'), 10_000, 'socket ready');
      for (const room of ['notification', 'status:pending', 'status:open'])
        ws.send(JSON.stringify({ type: 'join', room }));
      await new Promise((r) => setTimeout(r, 300));
      const body = `pelo outro processo ${Date.now()}`;
      expect(
        (await customerWrites(cluster.apiUrls[1], `55118${String(Date.now()).slice(-8)}`, body)).status,
      ).toBe(201);
      await eventually(
        async () =>
          frames.some(
            (f) =>
              f.event.endsWith('-appMessage') && f.data?.action === 'create' && f.data.message?.body === body,
          ),
        10_000,
        'the push on API 1',
      );
    } finally {
      ws.close();
    }
  });

  it('shows a command answered by API 2 to the very next read on API 1 (read your writes)', async () => {
    const from = `55117${String(Date.now()).slice(-8)}`;
    expect((await customerWrites(cluster.apiUrl, from, 'quero falar com alguém')).status).toBe(201);
    const ticketId = await eventually(async () => {
      const { rows } = await pool.query(
        `SELECT t.id FROM tickets t JOIN contacts c ON c.id = t.contact_id WHERE c.number = $1`,
        [from],
      );
      return rows[0]?.id as string | undefined;
    });
    for (let i = 0; i < 5; i++) {
      const status = i % 2 ? 'pending' : 'open';
      const put = await call(cluster.apiUrls[1], 'PUT', `/tickets/${ticketId}`, {
        status,
        userId: status === 'open' ? DEMO.adminId : null,
      });
      expect(put.status).toBe(200);
      const read = await call(cluster.apiUrls[0], 'GET', `/tickets/${ticketId}`);
      expect(read.body.status).toBe(status);
    }
  });

  it('splits the connections between the channel workers and moves those of a killed one', async () => {
    const created: string[] = [];
    // The demo company's plan allows three connections: the demo one and two more.
    for (let i = 0; i < 2; i++) {
      const r = await call(cluster.apiUrl, 'POST', '/whatsapp', {
        name: `Loja ${i + 1}`,
        provider: 'simulator',
      });
      expect(r.status).toBe(201);
      created.push(r.body.id);
    }
    const ids = [DEMO.whatsappId, ...created];
    const owners = () =>
      pool
        .query<{ whatsapp_id: string; owner: string | null; status: string }>(
          `SELECT l.whatsapp_id, l.owner, w.status FROM channel_leases l JOIN whatsapps w ON w.id = l.whatsapp_id
            WHERE l.whatsapp_id = ANY($1::uuid[]) AND l.expires_at > now()`,
          [ids],
        )
        .then((r) => r.rows);
    // Two workers, three connections: two and one, every one connected.
    const split = await eventually(
      async () => {
        const rows = await owners();
        const counts = new Map<string, number>();
        for (const r of rows) counts.set(r.owner ?? '', (counts.get(r.owner ?? '') ?? 0) + 1);
        const connected = rows.length === 3 && rows.every((r) => r.status === 'CONNECTED');
        return connected && [...counts.values()].sort().join() === '1,2' ? rows : undefined;
      },
      60_000,
      'three connections split two and one',
    );
    const victim = split[0].owner!;
    // A worker's id is host:pid:random.
    const name = cluster.processes.find((p) => victim.split(':')[1] === String(p.pid))?.name;
    expect(name).toMatch(/^channels-/);
    const { killedAt, readyAt } = await cluster.kill(name!);
    expect(readyAt).toBeGreaterThan(killedAt);
    // The connections of the killed worker are held again (by its restart or the other worker), all connected.
    await eventually(
      async () => {
        const rows = await owners();
        return rows.length === 3 && rows.every((r) => r.owner !== victim && r.status === 'CONNECTED');
      },
      60_000,
      'the killed worker’s connections held again',
    );
    // And a customer of each is answered: a message reaches Zelo on every one of them.
    for (const id of ids) {
      const r = await call(cluster.apiUrl, 'POST', `/simulator/connections/${id}/inbound`, {
        from: `55116${String(Date.now()).slice(-8)}`,
        body: 'ainda aí?',
      });
      expect(r.status).toBe(201);
    }
  }, 180_000);
});
