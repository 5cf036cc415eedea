import { execFileSync } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { DefaultLogger, Runtime } from '@temporalio/worker';
import { defaultConnectionSettings } from '@zelo/contracts/connections/read-models';
import { runConnectionCommand } from '@zelo/services/connections/handlers';
import { REACTORS } from '@zelo/services/reactors';
import { eventually } from '@zelo/services/testing/eventually';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

// Webhook and n8n deliveries (BEHAVIOUR.md "Queue integrations"), end to end: the simulated customer's
// phone, every process role, the real Temporal dev server retrying, and a local HTTP receiver.

interface Received {
  headers: IncomingHttpHeaders;
  raw: string;
  json: Record<string, unknown>;
}

/** A local endpoint that records every POST and answers as told; it can go down and come back up. */
function receiver() {
  const got: Received[] = [];
  let answer: { status: number; body: string } = { status: 200, body: '{"ok":true}' };
  let server: Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((req, res) => {
        let raw = '';
        req.on('data', (c) => {
          raw += c;
        });
        req.on('end', () => {
          got.push({ headers: req.headers, raw, json: JSON.parse(raw) });
          res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
        });
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as AddressInfo).port;
        resolve();
      });
    });
  return {
    got,
    listen,
    url: () => `http://127.0.0.1:${port}/hook`,
    answer: (a: { status: number; body: string }) => {
      answer = a;
    },
    down: () =>
      new Promise<void>((resolve) => {
        server!.closeAllConnections();
        server!.close(() => resolve());
      }),
    forMessage: (body: string) => got.filter((r) => r.json.body === body),
  };
}

let seq = 0;
const newNumber = () =>
  `55318${String(Date.now() % 1_000_000).padStart(6, '0')}${String(++seq).padStart(2, '0')}`;
const env = {
  ZELO_ROLES: 'api,projections,channels,workflows',
  TEMPORAL_TASK_QUEUE: `zelo-test-${randomUUID()}`,
  ZELO_WEBHOOK_RETRY_INITIAL_MS: '300',
  ZELO_WEBHOOK_RETRY_MAX_MS: '1000',
  ZELO_WEBHOOK_RETRY_ATTEMPTS: '30',
};

describe('webhook and n8n deliveries', () => {
  let system: TestSystem;
  let admin: string;
  let whatsappId: string;
  let integration: { id: string; webhookSecret: string };
  const hook = receiver();
  const call = (method: string, path: string, body?: unknown, token = admin) =>
    system.api(method, path, { token, body });
  const log = async () => (await call('GET', `/queueIntegration/${integration.id}`)).body.deliveries;
  const customer = (number: string) => (body: string) =>
    system.simulator!.customerSends(whatsappId, { number, name: 'Cliente Webhook' }, body);

  beforeAll(async () => {
    // The worker's INFO lines drown the report; the dev server is started when it is not running.
    Runtime.install({ logger: new DefaultLogger('WARN') });
    execFileSync(process.execPath, [fileURLToPath(new URL('../../../scripts/setup.mjs', import.meta.url))], {
      stdio: 'pipe',
    });
    await hook.listen();
    system = await startTestSystem({ env });
    admin = (await system.login(DEMO.email, DEMO.password)).token;
    const created = await call('POST', '/queueIntegration', {
      type: 'webhook',
      name: 'Receptor',
      urlN8N: hook.url(),
    });
    expect(created.status).toBe(201);
    integration = created.body;
    // A connection without queues whose integration is the webhook: its tickets have no queue.
    whatsappId = randomUUID();
    await runConnectionCommand(
      system.deps,
      {
        type: 'CreateConnection',
        companyId: DEMO.companyId,
        whatsappId,
        token: randomUUID(),
        fields: {
          ...defaultConnectionSettings,
          name: 'Com webhook',
          isDefault: false,
          provider: 'simulator',
          integrationId: integration.id,
        },
      },
      { companyId: DEMO.companyId, actor: DEMO.adminId },
    );
    await eventually(async () => !!system.simulator?.isConnected(whatsappId), 15_000, 'connection paired');
  }, 300_000);
  afterAll(async () => {
    await system?.close();
    await hook.down().catch(() => {});
  });

  it('posts a customer message once, as JSON, signed with the integration secret', async () => {
    const says = customer(newNumber());
    await says('Olá, quero um orçamento');
    await eventually(async () => hook.forMessage('Olá, quero um orçamento').length === 1, 20_000, 'the POST');
    const [post] = hook.forMessage('Olá, quero um orçamento');
    const expected = `sha256=${createHmac('sha256', integration.webhookSecret).update(post.raw).digest('hex')}`;
    expect(post.headers['x-zelo-signature']).toBe(expected);
    expect(Number(post.headers['x-zelo-timestamp'])).toBeGreaterThan(Date.now() / 1000 - 120);
    expect(post.headers['content-type']).toBe('application/json');
    expect(post.json).toMatchObject({
      event: 'message.received',
      integrationId: integration.id,
      companyId: DEMO.companyId,
      whatsappId,
      senderName: 'Cliente Webhook',
      body: 'Olá, quero um orçamento',
      mediaType: 'chat',
      mediaUrl: null,
    });
    for (const key of ['ticketId', 'contactId', 'messageId', 'deliveryId', 'timestamp'])
      expect(post.json[key], key).toEqual(expect.any(String));
    await eventually(
      async () => (await log()).some((d: { status: string }) => d.status === 'delivered'),
      10_000,
      'the log',
    );
    expect((await log())[0]).toMatchObject({
      status: 'delivered',
      attempts: 1,
      lastStatusCode: 200,
      lastError: null,
    });
    // Nothing more arrives for it.
    await new Promise((r) => setTimeout(r, 1500));
    expect(hook.forMessage('Olá, quero um orçamento')).toHaveLength(1);
  });

  it('retries with backoff while the receiver is down and delivers once it is back up', async () => {
    await hook.down();
    await customer(newNumber())('Alguém aí?');
    const pending = await eventually(
      async () => {
        const d = (await log()).find((x: { status: string; attempts: number }) => x.attempts >= 2);
        return d?.status === 'pending' ? d : null;
      },
      20_000,
      'two failed attempts',
    );
    expect(pending.lastStatusCode).toBeNull();
    expect(pending.lastError).toMatch(/ECONNREFUSED|fetch failed/);
    await hook.listen();
    await eventually(async () => hook.forMessage('Alguém aí?').length === 1, 20_000, 'the retried POST');
    const delivered = await eventually(
      async () =>
        (await log()).find(
          (d: { id: string; status: string }) => d.id === pending.id && d.status === 'delivered',
        ),
      10_000,
      'delivered in the log',
    );
    expect(delivered.attempts).toBeGreaterThanOrEqual(3);
    expect(delivered.lastStatusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 1500));
    expect(hook.forMessage('Alguém aí?')).toHaveLength(1);
  });

  it('counts a 2xx answering garbage as delivered; a 500 is retried', async () => {
    hook.answer({ status: 200, body: '<<< not json at all' });
    await customer(newNumber())('Resposta estranha');
    await eventually(async () => hook.forMessage('Resposta estranha').length === 1, 20_000, 'the POST');
    const first = hook.forMessage('Resposta estranha')[0].json.deliveryId;
    await eventually(
      async () =>
        (await log()).find((d: { id: string; status: string }) => d.id === first && d.status === 'delivered'),
      10_000,
      'delivered',
    );
    hook.answer({ status: 500, body: 'oops' });
    await customer(newNumber())('Servidor com erro');
    await eventually(async () => hook.forMessage('Servidor com erro').length >= 2, 20_000, 'a retry');
    const failing = (await log()).find(
      (d: { id: string }) => d.id === hook.forMessage('Servidor com erro')[0].json.deliveryId,
    );
    expect(failing).toMatchObject({ status: 'pending', lastStatusCode: 500, lastError: 'HTTP 500' });
    hook.answer({ status: 204, body: '' });
    await eventually(
      async () =>
        (await log()).find(
          (d: { id: string; status: string }) => d.id === failing.id && d.status === 'delivered',
        ),
      20_000,
      'delivered after the 500s',
    );
  });

  it('sends nothing for a ticket an agent took', async () => {
    const number = newNumber();
    await customer(number)('Primeira');
    await eventually(async () => hook.forMessage('Primeira').length === 1, 20_000, 'the first POST');
    const ticketId = hook.forMessage('Primeira')[0].json.ticketId;
    const taken = await call('PUT', `/tickets/${ticketId}`, { status: 'open', userId: DEMO.adminId });
    expect(taken.status).toBe(200);
    await customer(number)('Depois do atendente');
    await new Promise((r) => setTimeout(r, 3000));
    expect(hook.forMessage('Depois do atendente')).toHaveLength(0);
  });

  it('a replay of the reactor from the first event sends nothing again', async () => {
    const posts = hook.got.length;
    const deliveries = async (db: pg.Pool | pg.PoolClient) =>
      Number(
        (await db.query(`SELECT count(*)::int AS n FROM es_events WHERE type = 'WebhookDeliveryRequested'`))
          .rows[0].n,
      );
    const before = await deliveries(system.ctx.pool);
    const checkpoint = async (db: pg.Pool) =>
      (
        await db.query('SELECT position FROM projection_checkpoints WHERE name = $1', [
          REACTORS.webhookDeliveries,
        ])
      ).rows[0]?.position as string | null;
    const reached = await checkpoint(system.ctx.pool);
    expect(reached).not.toBeNull();
    await system.close({ keepDatabase: true });
    const db = new pg.Pool({ connectionString: system.databaseUrl });
    await db.query('UPDATE projection_checkpoints SET position = NULL, events_applied = 0 WHERE name = $1', [
      REACTORS.webhookDeliveries,
    ]);
    await db.end();
    system = await startTestSystem({ env, databaseUrl: system.databaseUrl });
    await eventually(
      async () => {
        const at = await checkpoint(system.ctx.pool);
        return at !== null && system.deps.store.comparePositions(at, reached!) >= 0;
      },
      30_000,
      'the replay reaching where it was',
    );
    await new Promise((r) => setTimeout(r, 2000));
    expect(hook.got.length).toBe(posts);
    expect(await deliveries(system.ctx.pool)).toBe(before);
  });
});
