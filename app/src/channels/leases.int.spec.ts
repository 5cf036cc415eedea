import { defaultConnectionSettings } from '@zelo/contracts/connections/read-models';
import { channelEventsFor, companyResolver } from '@zelo/services/channels/channel-events';
import type { LeaseTiming } from '@zelo/services/channels/leases';
import { SimulatorChannel } from '@zelo/services/channels/simulator';
import { ChannelWorker } from '@zelo/services/channels/worker';
import { runConnectionCommand } from '@zelo/services/connections/handlers';
import { newId } from '@zelo/services/platform/ids';
import { eventually } from '@zelo/services/testing/eventually';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

// Several channel workers share the connections through leases in PostgreSQL. Each test runs the API
// and projections without a channel worker, then starts its own workers in this process, each with its
// own simulator (as separate processes would have), so that "whose socket is it" is observable.

const fast: LeaseTiming = { ttlMs: 1_500, renewMs: 300 };
const who = { companyId: DEMO.companyId, actor: 'system:test' };

interface Worker {
  name: string;
  worker: ChannelWorker;
  sim: SimulatorChannel;
}

describe('channel workers sharing connections', () => {
  let system: TestSystem;
  const workers: Worker[] = [];

  afterEach(async () => {
    for (const w of workers.splice(0)) await w.worker.stop().catch(() => {});
    await system?.close().catch(() => {});
  });

  const startSystem = async () => {
    system = await startTestSystem({ env: { ZELO_ROLES: 'api,projections' } });
    return system;
  };

  const startWorker = async (name: string, timing: LeaseTiming, autoPair = false) => {
    const { pool } = system.ctx;
    const sim = new SimulatorChannel(pool, channelEventsFor(system.deps, companyResolver(pool)), {
      autoPair,
      deliveryDelayMs: 20,
    });
    const worker = new ChannelWorker(
      system.deps,
      pool,
      system.databaseUrl,
      (provider) => (provider === 'simulator' ? sim : undefined),
      { workerId: name, ...timing },
    );
    const w = { name, worker, sim };
    workers.push(w);
    await worker.start();
    return w;
  };

  /** The demo connection plus `extra` more, projected; every phone already linked (paired). */
  const connections = async (extra: number) => {
    const ids = [DEMO.whatsappId];
    for (let i = 0; i < extra; i++) {
      const whatsappId = newId();
      await runConnectionCommand(
        system.deps,
        {
          type: 'CreateConnection',
          companyId: DEMO.companyId,
          whatsappId,
          token: newId(),
          fields: {
            ...defaultConnectionSettings,
            name: `Loja ${i}`,
            isDefault: false,
            provider: 'simulator',
          },
        },
        who,
      );
      ids.push(whatsappId);
    }
    await eventually(async () => {
      const { rows } = await system.ctx.pool.query('SELECT count(*)::int AS n FROM whatsapps');
      return rows[0].n === ids.length;
    });
    await system.ctx.pool.query(
      `INSERT INTO sim_pairings (whatsapp_id, number) SELECT unnest($1::uuid[]), '5511900000000'`,
      [ids],
    );
    return ids;
  };

  /** Which simulator (worker) has each connection's socket open; fails on a connection open twice. */
  const sockets = (ids: string[], among: Worker[]) => {
    const holder = new Map<string, string[]>();
    for (const id of ids)
      holder.set(
        id,
        among.filter((w) => w.sim.isConnected(id)).map((w) => w.name),
      );
    return holder;
  };
  const counts = (ids: string[], among: Worker[]) => {
    const holder = sockets(ids, among);
    return among.map((w) => [...holder.values()].filter((h) => h.length === 1 && h[0] === w.name).length);
  };
  const everyOpenOnce = (ids: string[], among: Worker[]) =>
    [...sockets(ids, among).values()].every((h) => h.length === 1);

  const qrCodesShown = async (ids: string[]) =>
    (
      await system.ctx.pool.query(
        `SELECT count(*)::int AS n FROM es_events
          WHERE type = 'ConnectionStatusChanged' AND data->>'status' = 'qrcode' AND data->>'whatsappId' = ANY($1)`,
        [ids],
      )
    ).rows[0].n as number;

  it('two workers split 10 connections 5/5, and a crashed worker’s connections move to the other within the TTL', async () => {
    await startSystem();
    const ids = await connections(9);
    const a = await startWorker('worker-a', fast);
    const b = await startWorker('worker-b', fast);

    await eventually(
      async () => everyOpenOnce(ids, [a, b]) && counts(ids, [a, b]).join('/') === '5/5',
      10_000,
      'a 5/5 split',
    );
    expect((await a.worker.ownedConnections()).sort()).toEqual(
      ids.filter((id) => a.sim.isConnected(id)).sort(),
    );
    // It stays split: no connection flaps between them over several renewals.
    const before = sockets(ids, [a, b]);
    await new Promise((r) => setTimeout(r, 5 * fast.renewMs));
    expect(sockets(ids, [a, b])).toEqual(before);

    // worker-a dies: it neither renews nor hands anything back.
    const movedAway = ids.filter((id) => a.sim.isConnected(id));
    await a.worker.stop({ release: false });
    const crashedAt = Date.now();
    await eventually(
      async () => movedAway.every((id) => b.sim.isConnected(id)),
      10_000,
      'worker-b to take over',
    );
    const tookMs = Date.now() - crashedAt;
    expect(tookMs).toBeLessThan(fast.ttlMs + 2 * fast.renewMs + 1_000);
    expect((await b.worker.ownedConnections()).sort()).toEqual([...ids].sort());
    // The phones stayed linked: the new owner reconnected them without asking for a QR code.
    expect(await qrCodesShown(ids)).toBe(0);
    await eventually(
      async () => {
        const { rows } = await system.ctx.pool.query('SELECT status FROM whatsapps WHERE id = ANY($1)', [
          ids,
        ]);
        return rows.length === ids.length && rows.every((r) => r.status === 'CONNECTED');
      },
      8_000,
      'every connection shown CONNECTED',
    );
  }, 60_000);

  it('a third worker takes some connections over, and a clean stop hands them over without waiting for the TTL', async () => {
    await startSystem();
    const ids = await connections(9);
    // A TTL far longer than the test waits: whatever moves here moves because it was handed over.
    const slowTtl: LeaseTiming = { ttlMs: 60_000, renewMs: 300 };
    const a = await startWorker('worker-a', slowTtl);
    const b = await startWorker('worker-b', slowTtl);
    await eventually(async () => counts(ids, [a, b]).join('/') === '5/5', 10_000, 'a 5/5 split');

    const c = await startWorker('worker-c', slowTtl);
    await eventually(
      async () => {
        const n = counts(ids, [a, b, c]);
        return everyOpenOnce(ids, [a, b, c]) && n[2] >= 2 && Math.max(...n) <= 4 ? n : false;
      },
      10_000,
      'worker-c to take its share',
    );

    const stoppedAt = Date.now();
    await a.worker.stop();
    await eventually(
      async () => everyOpenOnce(ids, [b, c]) && counts(ids, [b, c]).join('/') === '5/5',
      10_000,
      'a 5/5 split between b and c',
    );
    expect(Date.now() - stoppedAt).toBeLessThan(5_000);
    expect(ids.filter((id) => a.sim.isConnected(id))).toEqual([]);
    expect(await qrCodesShown(ids)).toBe(0);
    // The stopping worker reported its sockets closed before handing them over, so the screen ends on
    // the new owners' CONNECTED, not on a late DISCONNECTED.
    await eventually(async () => {
      const { rows } = await system.ctx.pool.query('SELECT status FROM whatsapps WHERE id = ANY($1)', [ids]);
      return rows.length === ids.length && rows.every((r) => r.status === 'CONNECTED');
    });
    await new Promise((r) => setTimeout(r, 3 * slowTtl.renewMs));
    const { rows } = await system.ctx.pool.query('SELECT status FROM whatsapps WHERE id = ANY($1)', [ids]);
    expect(rows.map((r) => r.status)).toEqual(ids.map(() => 'CONNECTED'));
  }, 60_000);

  it('a reply queued on a connection whose worker crashed is delivered once by the worker that takes it over', async () => {
    await startSystem();
    const ids = await connections(1);
    const a = await startWorker('worker-a', fast);
    const b = await startWorker('worker-b', fast);
    await eventually(async () => everyOpenOnce(ids, [a, b]) && counts(ids, [a, b]).join('/') === '1/1');
    const [owner, heir] = a.sim.isConnected(DEMO.whatsappId) ? [a, b] : [b, a];

    const customer = { number: '5511955554444', name: 'Rita' };
    const { token } = await system.login(DEMO.email, DEMO.password);
    await owner.sim.customerSends(DEMO.whatsappId, customer, 'Oi, tudo bem?');
    const ticket = await eventually(async () => {
      const r = await system.api('GET', '/tickets?status=pending&showAll=true', { token });
      return r.body.tickets.find(
        (t: { contact: { number: string } }) => t.contact.number === customer.number,
      );
    });
    await system.api('PUT', `/tickets/${ticket.id}`, { token, body: { status: 'open' } });

    // While both run, only the connection's owner sends on it.
    const sendsBy = new Map<Worker, string[]>([
      [owner, []],
      [heir, []],
    ]);
    for (const w of [owner, heir]) {
      const send = w.sim.send.bind(w.sim);
      w.sim.send = async (whatsappId, payload) => {
        sendsBy.get(w)!.push(payload.body);
        return send(whatsappId, payload);
      };
    }
    const first = await system.api('POST', `/messages/${ticket.id}`, {
      token,
      body: { body: 'Um momento.' },
    });
    expect(first.status).toBe(201);
    await eventually(async () => sendsBy.get(owner)!.includes('Um momento.'), 8_000, 'the owner to send');
    expect(sendsBy.get(heir)).toEqual([]);

    await owner.worker.stop({ release: false });
    const sent = await system.api('POST', `/messages/${ticket.id}`, {
      token,
      body: { body: 'Já estamos verificando.' },
    });
    expect(sent.status).toBe(201);

    const replies = async () =>
      (await system.simulator!.phoneMessages(DEMO.whatsappId, customer.number)).filter(
        (m) => m.direction === 'outbound' && m.body === 'Já estamos verificando.',
      );
    await eventually(async () => (await replies()).length > 0, 15_000, 'the reply on the phone');
    expect(heir.sim.isConnected(DEMO.whatsappId)).toBe(true);
    expect(sendsBy.get(heir)).toContain('Já estamos verificando.');
    const acked = await eventually(async () => {
      const page = await system.api('GET', `/messages/${ticket.id}`, { token });
      const m = page.body.messages.find((x: { id: string }) => x.id === sent.body.id);
      return m?.ack >= 2 ? m : undefined;
    });
    expect(acked.ack).toBeGreaterThanOrEqual(2);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await replies()).toHaveLength(1);
    const sentEvents = await system.ctx.pool.query(
      `SELECT count(*)::int AS n FROM es_events WHERE type = 'OutboundMessageSent' AND data->>'messageId' = $1`,
      [sent.body.id],
    );
    expect(sentEvents.rows[0].n).toBe(1);
  }, 60_000);

  it('follows the admin: disconnect logs out, start starts again, new QR wipes and re-pairs', async () => {
    await startSystem();
    const { token } = await system.login(DEMO.email, DEMO.password);
    const id = DEMO.whatsappId;
    const connection = async () =>
      (await system.ctx.pool.query('SELECT status, qrcode FROM whatsapps WHERE id = $1', [id])).rows[0];
    const paired = async () =>
      (await system.ctx.pool.query('SELECT 1 FROM sim_pairings WHERE whatsapp_id = $1', [id])).rowCount === 1;

    // Not linked yet: the worker opens the session and a QR code is shown until someone scans it.
    const w = await startWorker('worker-a', fast);
    const firstQr = (
      await eventually(async () => ((await connection()).status === 'qrcode' ? connection() : false))
    ).qrcode;
    expect(firstQr).toMatch(/^zelo-simulator:/);
    await w.sim.pair(id);
    await eventually(async () => (await connection()).status === 'CONNECTED');

    // Disconnect: logged out (the phone unlinked), and it stays so across renewals.
    expect((await system.api('DELETE', `/whatsappsession/${id}`, { token })).status).toBe(200);
    await eventually(async () => (await connection()).status === 'DISCONNECTED', 8_000, 'DISCONNECTED');
    expect(w.sim.isConnected(id)).toBe(false);
    expect(await paired()).toBe(false);
    await new Promise((r) => setTimeout(r, 4 * fast.renewMs));
    expect((await connection()).status).toBe('DISCONNECTED');

    // Start: the session opens again; logged out, it needs a QR code.
    expect((await system.api('POST', `/whatsappsession/${id}`, { token })).status).toBe(200);
    const secondQr = (
      await eventually(async () => ((await connection()).status === 'qrcode' ? connection() : false))
    ).qrcode;
    await w.sim.pair(id);
    await eventually(async () => (await connection()).status === 'CONNECTED');
    expect(w.sim.isConnected(id)).toBe(true);

    // New QR while connected: the saved session is wiped and a fresh QR code is shown.
    expect((await system.api('PUT', `/whatsappsession/${id}`, { token })).status).toBe(200);
    const thirdQr = (
      await eventually(async () => ((await connection()).status === 'qrcode' ? connection() : false))
    ).qrcode;
    expect(new Set([firstQr, secondQr, thirdQr]).size).toBe(3);
    expect(w.sim.isConnected(id)).toBe(false);
    expect(await paired()).toBe(false);
    await w.sim.pair(id);
    await eventually(async () => (await connection()).status === 'CONNECTED');

    // A restart of the worker (stop keeps the pairing) reconnects without a QR code.
    const qrsBefore = await qrCodesShown([id]);
    await w.worker.stop();
    const next = await startWorker('worker-b', fast);
    await eventually(async () => next.sim.isConnected(id), 8_000, 'reconnected');
    await eventually(async () => (await connection()).status === 'CONNECTED', 8_000, 'CONNECTED');
    expect(await qrCodesShown([id])).toBe(qrsBefore);
  }, 60_000);

  it('a deleted connection is closed and its lease handed back', async () => {
    await startSystem();
    const ids = await connections(1);
    const w = await startWorker('worker-a', fast);
    await eventually(async () => everyOpenOnce(ids, [w]));
    const gone = ids[1];
    await runConnectionCommand(
      system.deps,
      { type: 'DeleteConnection', companyId: DEMO.companyId, whatsappId: gone },
      who,
    );
    await eventually(async () => !w.sim.isConnected(gone), 8_000, 'the session closed');
    // The socket closes first, then the lease is released.
    await eventually(
      async () => (await w.worker.ownedConnections()).join() === DEMO.whatsappId,
      8_000,
      'the lease released',
    );
    const lease = await system.ctx.pool.query('SELECT owner FROM channel_leases WHERE whatsapp_id = $1', [
      gone,
    ]);
    expect(lease.rows[0].owner).toBeNull();
    expect(w.sim.isConnected(DEMO.whatsappId)).toBe(true);
  }, 60_000);
});
