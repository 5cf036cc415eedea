import { EventEmitter } from 'node:events';
import { DisconnectReason } from '@whiskeysockets/baileys';
import { beforeEach, describe, expect, it } from 'vitest';
import { backoffMs, ConnectionLifecycle, type Timers } from './reconnect.ts';

/** A hand-driven timer: records what was scheduled, fires on demand. */
function manualTimers() {
  const pending = new Map<number, { fn: () => void; ms: number }>();
  let next = 0;
  const timers: Timers = {
    set(fn, ms) {
      pending.set(++next, { fn, ms });
      return next;
    },
    clear: (h) => void pending.delete(h as number),
  };
  return {
    timers,
    delays: () => [...pending.values()].map((p) => p.ms),
    fireAll() {
      const due = [...pending.entries()];
      pending.clear();
      for (const [, p] of due) p.fn();
    },
  };
}

const closed = (statusCode: number) => ({
  connection: 'close' as const,
  lastDisconnect: { error: Object.assign(new Error('closed'), { output: { statusCode } }), date: new Date() },
});

let sockets: EventEmitter[];
let reports: unknown[][];
let wiped: number;
let ended: number;
let clock: ReturnType<typeof manualTimers>;
let lifecycle: ConnectionLifecycle;
/** Each socket's ev feeds the lifecycle, as the adapter wires Baileys' `connection.update`. */
const current = () => sockets[sockets.length - 1];
const emit = async (update: object) => {
  const done = new Promise<void>((resolve) => current().once('handled', resolve));
  current().emit('connection.update', update);
  await done;
};

beforeEach(() => {
  sockets = [];
  reports = [];
  wiped = 0;
  ended = 0;
  clock = manualTimers();
  lifecycle = new ConnectionLifecycle({
    report: async (...args) => void reports.push(args),
    open: () => {
      const ev = new EventEmitter();
      ev.on('connection.update', (u) => void lifecycle.onUpdate(u).then(() => ev.emit('handled')));
      sockets.push(ev);
    },
    close: () => void ended++,
    wipe: async () => void wiped++,
    number: () => '5511912345678',
    timers: clock.timers,
  });
  lifecycle.start();
});

describe('pairing', () => {
  it('shows each QR with the count of earlier ones, and gives up after 3 unscanned', async () => {
    await emit({ connection: 'connecting' });
    for (const qr of ['qr-1', 'qr-2', 'qr-3', 'qr-4']) await emit({ qr });
    expect(reports).toEqual([
      ['OPENING', '', 0],
      ['qrcode', 'qr-1', 0],
      ['qrcode', 'qr-2', 1],
      ['qrcode', 'qr-3', 2],
      ['DISCONNECTED', '', 3],
    ]);
    expect(ended).toBe(1);
    // The close that follows our own close does not reconnect: it waits for an admin.
    await emit(closed(DisconnectReason.connectionClosed));
    expect(sockets).toHaveLength(1);
    expect(clock.delays()).toEqual([]);
    expect(reports).toHaveLength(5);
  });

  it('after the scan, 515 reopens at once, and open reports CONNECTED with the number', async () => {
    await emit({ qr: 'qr-1' });
    await emit(closed(DisconnectReason.restartRequired));
    expect(sockets).toHaveLength(2);
    expect(clock.delays()).toEqual([]);
    await emit({ connection: 'connecting' });
    await emit({ connection: 'open' });
    expect(reports.slice(-2)).toEqual([
      ['OPENING', '', 0],
      ['CONNECTED', '', 0, '5511912345678'],
    ]);
    expect(lifecycle.connected).toBe(true);
  });

  it('a new start counts QR codes from zero again', async () => {
    for (const qr of ['a', 'b', 'c', 'd']) await emit({ qr });
    lifecycle.start();
    await emit({ qr: 'e' });
    expect(reports.at(-1)).toEqual(['qrcode', 'e', 0]);
  });
});

describe('a lost connection', () => {
  beforeEach(async () => {
    await emit({ connection: 'open' });
    reports = [];
  });

  it('reconnects with backoff 1 s, 2 s, 4 s … capped at 60 s, reporting TIMEOUT then OPENING', async () => {
    const seen: number[] = [];
    for (let i = 0; i < 8; i++) {
      await emit(closed(DisconnectReason.connectionLost));
      seen.push(...clock.delays());
      expect(lifecycle.connected).toBe(false);
      clock.fireAll();
    }
    expect(seen).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000]);
    expect(sockets).toHaveLength(9);
    expect(reports[0]).toEqual(['TIMEOUT', '', 1]);
    await emit({ connection: 'connecting' });
    expect(reports.at(-1)).toEqual(['OPENING', '', 0]);
  });

  it('a successful reconnection resets the backoff', async () => {
    await emit(closed(DisconnectReason.connectionLost));
    clock.fireAll();
    await emit(closed(DisconnectReason.connectionLost));
    clock.fireAll();
    await emit({ connection: 'open' });
    await emit(closed(DisconnectReason.timedOut));
    expect(clock.delays()).toEqual([1000]);
  });

  it('logged out on the phone: wipes the session, shows DISCONNECTED, then a fresh QR', async () => {
    await emit(closed(DisconnectReason.loggedOut));
    expect(wiped).toBe(1);
    expect(reports).toEqual([['DISCONNECTED', '', 0]]);
    expect(sockets).toHaveLength(2);
    await emit({ qr: 'fresh' });
    expect(reports.at(-1)).toEqual(['qrcode', 'fresh', 0]);
    expect(clock.delays()).toEqual([]);
  });

  it('stop cancels a pending reconnection', async () => {
    await emit(closed(DisconnectReason.connectionLost));
    lifecycle.stop();
    expect(clock.delays()).toEqual([]);
    expect(sockets).toHaveLength(1);
  });

  it('backoff formula', () => {
    expect([1, 2, 3, 6, 7, 20].map(backoffMs)).toEqual([1000, 2000, 4000, 32000, 60000, 60000]);
  });
});
