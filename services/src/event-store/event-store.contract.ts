// The contract every EventStore adapter must keep, as vitest blocks. Each adapter's spec file calls
// `eventStoreContract(name, setup)`. The store is shared by the tests of one run and is not assumed
// to be empty (EventStoreDB is not reset between tests): every test writes to streams of its own,
// and reads $all only from a position taken just before it starts, counting only its own streams.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EventStore, type NewEvent, type RecordedEvent, WrongExpectedRevisionError } from './port.ts';

export interface ContractOptions {
  /** Time allowed to set the store up (pulling a container image can be slow). */
  setupTimeoutMs?: number;
}

export const newEvent = (type = 'TestHappened', data: Record<string, unknown> = {}): NewEvent => ({
  id: randomUUID(),
  type,
  data,
  metadata: {
    companyId: 'company-1',
    actor: 'system:contract-test',
    correlationId: randomUUID(),
    at: new Date().toISOString(),
  },
});

const events = (n: number, type = 'TestHappened') =>
  Array.from({ length: n }, (_, i) => newEvent(type, { i }));

/** A prefix for the streams of one test, so that tests sharing a store never see each other. */
export const streamPrefix = () => `contract${randomUUID().replaceAll('-', '').slice(0, 12)}-`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A position from before anything the caller does next: the position of a fresh marker event. */
export async function positionNow(store: EventStore): Promise<string> {
  const { position } = await store.appendToStream(
    `${streamPrefix()}marker`,
    [newEvent('MarkerSet')],
    'no_stream',
  );
  return position;
}

async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('expected the promise to reject');
}

/**
 * Reads $all after `from` page by page until `done` says so (or `timeoutMs` passes). Readers poll:
 * the PostgreSQL store holds back every event while an older write transaction anywhere on the
 * server is still open, so "appended" does not mean "readable in the very next readAll".
 */
export async function readUntil(
  store: EventStore,
  from: string,
  pageSize: number,
  done: (all: RecordedEvent[]) => boolean,
  timeoutMs = 10_000,
): Promise<RecordedEvent[]> {
  const all: RecordedEvent[] = [];
  let after = from;
  const deadline = Date.now() + timeoutMs;
  while (!done(all)) {
    if (Date.now() > deadline) break;
    const page = await store.readAll(after, pageSize);
    expect(page.length).toBeLessThanOrEqual(pageSize);
    if (page.length === 0) {
      await sleep(5);
      continue;
    }
    all.push(...page);
    after = page[page.length - 1].position;
  }
  return all;
}

export function eventStoreContract(
  name: string,
  setup: () => Promise<{ store: EventStore; teardown: () => Promise<void> }>,
  options: ContractOptions = {},
): void {
  describe(`event store contract: ${name}`, () => {
    let store: EventStore;
    let teardown: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      ({ store, teardown } = await setup());
    }, options.setupTimeoutMs);

    afterAll(async () => {
      await teardown?.();
    });

    it('reads back what was appended, with revisions 0..n, and a missing stream as revision -1', async () => {
      const stream = `${streamPrefix()}ticket`;
      expect(await store.readStream(stream)).toEqual({ revision: -1, events: [] });

      const first = events(3);
      const r1 = await store.appendToStream(stream, first, 'no_stream');
      expect(r1.nextRevision).toBe(2);
      const second = events(2, 'OtherThingHappened');
      const r2 = await store.appendToStream(stream, second, 2);
      expect(r2.nextRevision).toBe(4);
      expect(store.comparePositions(r1.position, r2.position)).toBeLessThan(0);

      const tail = await store.readStream(stream, 2);
      expect(tail.events.map((e) => e.streamRevision)).toEqual([3, 4]);
      expect(tail.revision).toBe(4);
      expect(await store.readStream(stream, 4)).toEqual({ revision: 4, events: [] });

      const read = await store.readStream(stream);
      expect(read.revision).toBe(4);
      expect(read.events.map((e) => e.streamRevision)).toEqual([0, 1, 2, 3, 4]);
      const written = [...first, ...second];
      read.events.forEach((e, i) => {
        expect(e.streamId).toBe(stream);
        expect({ id: e.id, type: e.type, data: e.data, metadata: e.metadata }).toEqual(written[i]);
      });
      for (let i = 1; i < read.events.length; i++) {
        expect(store.comparePositions(read.events[i - 1].position, read.events[i].position)).toBeLessThan(0);
      }
    });

    it("reads an event stored under an older name and shape as today's (upcast.ts), on every read", async () => {
      const stream = `${streamPrefix()}campaign`;
      const from = await positionNow(store);
      const queuedAt = new Date().toISOString();
      const old = newEvent('CampaignShipmentSent', { campaignId: 'c-1', index: 0, sentAt: queuedAt });
      await store.appendToStream(stream, [old], 'no_stream');
      const today = { type: 'CampaignMessageQueued', data: { campaignId: 'c-1', index: 0, queuedAt } };

      const [read] = (await store.readStream(stream)).events;
      expect(read).toMatchObject({ id: old.id, ...today, metadata: old.metadata });
      expect(read.data).not.toHaveProperty('sentAt');
      expect((await store.readStreams([stream])).get(stream)?.events[0]).toMatchObject(today);
      const all = await readUntil(store, from, 1000, (evs) => evs.some((e) => e.streamId === stream));
      expect(all.find((e) => e.streamId === stream)).toMatchObject(today);
    });

    it("refuses 'no_stream' on an existing stream, naming the actual revision", async () => {
      const stream = `${streamPrefix()}contact`;
      await store.appendToStream(stream, events(1), 'no_stream');
      const err = await rejection(store.appendToStream(stream, events(1), 'no_stream'));
      expect(err).toBeInstanceOf(WrongExpectedRevisionError);
      expect(err).toMatchObject({ streamId: stream, expected: 'no_stream', actual: 0 });
      expect((await store.readStream(stream)).revision).toBe(0);
    });

    it('refuses a stale numeric revision and writes nothing', async () => {
      const stream = `${streamPrefix()}ticket`;
      await store.appendToStream(stream, events(2), 'no_stream');
      await store.appendToStream(stream, events(1), 1);
      const rejected = events(2);
      const err = await rejection(store.appendToStream(stream, rejected, 1));
      expect(err).toBeInstanceOf(WrongExpectedRevisionError);
      expect(err).toMatchObject({ streamId: stream, expected: 1, actual: 2 });

      const read = await store.readStream(stream);
      expect(read.revision).toBe(2);
      expect(read.events).toHaveLength(3);
      const ids = new Set(read.events.map((e) => e.id));
      for (const e of rejected) expect(ids.has(e.id)).toBe(false);
    });

    it("refuses 'stream_exists' on a missing stream, and accepts it on an existing one", async () => {
      const stream = `${streamPrefix()}queue`;
      const err = await rejection(store.appendToStream(stream, events(1), 'stream_exists'));
      expect(err).toBeInstanceOf(WrongExpectedRevisionError);
      expect(err).toMatchObject({ streamId: stream, expected: 'stream_exists', actual: -1 });
      expect(await store.readStream(stream)).toEqual({ revision: -1, events: [] });

      await store.appendToStream(stream, events(1), 'no_stream');
      expect((await store.appendToStream(stream, events(2), 'stream_exists')).nextRevision).toBe(2);
    });

    it("appends with 'any' whether or not the stream exists", async () => {
      const stream = `${streamPrefix()}chat`;
      expect((await store.appendToStream(stream, events(2), 'any')).nextRevision).toBe(1);
      expect((await store.appendToStream(stream, events(1), 'any')).nextRevision).toBe(2);
      expect((await store.readStream(stream)).events.map((e) => e.streamRevision)).toEqual([0, 1, 2]);
    });

    it('appends to several streams in one call, each with its own expected revision, results in order', async () => {
      const prefix = streamPrefix();
      await store.appendToStream(`${prefix}owner`, events(1), 'no_stream');
      const results = await store.appendToStreams([
        { streamId: `${prefix}claim`, events: events(1, 'Claimed'), expected: 'no_stream' },
        { streamId: `${prefix}owner`, events: events(2), expected: 0 },
      ]);
      expect(results.map((r) => r.nextRevision)).toEqual([0, 2]);
      expect(store.comparePositions(results[0].position, results[1].position)).toBeLessThan(0);
      expect((await store.readStream(`${prefix}claim`)).revision).toBe(0);
      expect((await store.readStream(`${prefix}owner`)).revision).toBe(2);
    });

    it('stops a multi-stream append at a conflict: the conflicting stream and the ones after it are not written', async () => {
      const prefix = streamPrefix();
      await store.appendToStream(`${prefix}owner`, events(1), 'no_stream');
      const err = await rejection(
        store.appendToStreams([
          { streamId: `${prefix}claim`, events: events(1, 'Claimed'), expected: 'no_stream' },
          { streamId: `${prefix}owner`, events: events(1), expected: 'no_stream' },
          { streamId: `${prefix}after`, events: events(1), expected: 'no_stream' },
        ]),
      );
      expect(err).toBeInstanceOf(WrongExpectedRevisionError);
      expect(err).toMatchObject({ streamId: `${prefix}owner`, actual: 0 });
      expect((await store.readStream(`${prefix}owner`)).revision).toBe(0);
      expect((await store.readStream(`${prefix}after`)).revision).toBe(-1);
      // All or nothing where the store says so: the claim before the conflict is rolled back too.
      if (store.atomicMultiStream) expect((await store.readStream(`${prefix}claim`)).revision).toBe(-1);
    });

    for (const expected of ['no_stream', 0] as const) {
      it(`lets exactly one of 20 racing appends expecting ${expected} win; the stream holds only its events`, async () => {
        const stream = `${streamPrefix()}race`;
        const existing = expected === 0 ? events(1) : [];
        if (existing.length) await store.appendToStream(stream, existing, 'no_stream');

        const attempts = Array.from({ length: 20 }, () => events(2, 'RaceWon'));
        const results = await Promise.allSettled(
          attempts.map((evs) => store.appendToStream(stream, evs, expected)),
        );

        const winners = results.flatMap((r, i) => (r.status === 'fulfilled' ? [i] : []));
        expect(winners).toHaveLength(1);
        for (const r of results) {
          if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(WrongExpectedRevisionError);
        }
        const read = await store.readStream(stream);
        expect(read.events.map((e) => e.id)).toEqual([...existing, ...attempts[winners[0]]].map((e) => e.id));
        expect(read.revision).toBe(existing.length + 1);
      });
    }

    it('checks streams it does not write: a moved one refuses the whole append, naming it', async () => {
      const prefix = streamPrefix();
      await store.appendToStream(`${prefix}contact`, events(2), 'no_stream');
      const ok = await store.appendToStreams(
        [{ streamId: `${prefix}message`, events: events(1), expected: 'no_stream' }],
        [
          { streamId: `${prefix}contact`, revision: 1 },
          { streamId: `${prefix}missing`, revision: -1 },
        ],
      );
      expect(ok.map((r) => r.nextRevision)).toEqual([0]);
      // Another writer moved the contact: a decision made from revision 1 is refused.
      await store.appendToStream(`${prefix}contact`, events(1), 1);
      const err = await rejection(
        store.appendToStreams(
          [{ streamId: `${prefix}message2`, events: events(1), expected: 'no_stream' }],
          [{ streamId: `${prefix}contact`, revision: 1 }],
        ),
      );
      expect(err).toBeInstanceOf(WrongExpectedRevisionError);
      expect(err).toMatchObject({ streamId: `${prefix}contact`, actual: 2 });
      expect((await store.readStream(`${prefix}message2`)).revision).toBe(-1);
    });

    it('reads several streams at once, a missing one as revision -1', async () => {
      const prefix = streamPrefix();
      await store.appendToStream(`${prefix}a`, events(3), 'no_stream');
      await store.appendToStream(`${prefix}b`, events(1), 'no_stream');
      const reads = await store.readStreams([`${prefix}a`, `${prefix}b`, `${prefix}none`]);
      expect(reads.get(`${prefix}a`)?.events.map((e) => e.streamRevision)).toEqual([0, 1, 2]);
      expect(reads.get(`${prefix}b`)?.revision).toBe(0);
      expect(reads.get(`${prefix}none`)).toEqual({ revision: -1, events: [] });
    });

    it('commits concurrent writers together and fails only the one that conflicts', async () => {
      const prefix = streamPrefix();
      await store.appendToStream(`${prefix}busy`, events(1), 'no_stream');
      const writes = Array.from({ length: 30 }, (_, i) =>
        store.appendToStreams(
          [{ streamId: `${prefix}w${i}`, events: events(2), expected: 'no_stream' }],
          // Writer 7 decided from a revision the busy stream is no longer at.
          [{ streamId: `${prefix}busy`, revision: i === 7 ? 5 : 0 }],
        ),
      );
      const settled = await Promise.allSettled(writes);
      expect(settled.filter((r) => r.status === 'rejected')).toHaveLength(1);
      expect(settled[7]).toMatchObject({ status: 'rejected' });
      expect((settled[7] as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevisionError);
      const reads = await store.readStreams(Array.from({ length: 30 }, (_, i) => `${prefix}w${i}`));
      expect([...reads.values()].map((r) => r.revision)).toEqual(
        Array.from({ length: 30 }, (_, i) => (i === 7 ? -1 : 1)),
      );
    });

    it('reads $all in global order, each event once, and pages with `after`', async () => {
      const prefix = streamPrefix();
      const from = await positionNow(store);
      const appended: { ids: string[]; position: string }[] = [];
      const revisions = new Map<string, number>();
      for (let k = 0; k < 8; k++) {
        const stream = `${prefix}s${k % 3}`;
        const evs = events(1 + (k % 3));
        const rev = revisions.get(stream) ?? -1;
        const r = await store.appendToStream(stream, evs, rev);
        revisions.set(stream, r.nextRevision);
        appended.push({ ids: evs.map((e) => e.id), position: r.position });
      }
      const allIds = appended.flatMap((a) => a.ids);
      const ours = (evs: RecordedEvent[]) => evs.filter((e) => e.streamId.startsWith(prefix));

      const oneRead = await readUntil(store, from, 1000, (all) => ours(all).length >= allIds.length);
      expect(ours(oneRead).map((e) => e.id)).toEqual(allIds);
      for (let i = 1; i < oneRead.length; i++) {
        expect(store.comparePositions(oneRead[i - 1].position, oneRead[i].position)).toBeLessThan(0);
      }
      // Nothing at or before `from` comes back.
      for (const e of oneRead) expect(store.comparePositions(e.position, from)).toBeGreaterThan(0);

      const paged = await readUntil(store, from, 3, (all) => ours(all).length >= allIds.length);
      expect(ours(paged).map((e) => e.id)).toEqual(allIds);
      expect(ours(paged).map((e) => e.position)).toEqual(ours(oneRead).map((e) => e.position));

      // An append's position is reached by a reader exactly when it has read the append's last event.
      const byId = new Map(oneRead.map((e) => [e.id, e]));
      for (const a of appended) {
        const last = byId.get(a.ids[a.ids.length - 1]) as RecordedEvent;
        expect(store.comparePositions(last.position, a.position)).toBeGreaterThanOrEqual(0);
        const before = oneRead[oneRead.indexOf(byId.get(a.ids[0]) as RecordedEvent) - 1];
        if (before) expect(store.comparePositions(before.position, a.position)).toBeLessThan(0);
      }

      // From the start, $all begins with the oldest application event, never a system one.
      const [oldest] = await store.readAll(null, 1);
      expect(oldest).toBeDefined();
      expect(oldest.type.startsWith('$')).toBe(false);
    });

    it('calls onAppended listeners after an append, and stops after unsubscribe', async () => {
      const stream = `${streamPrefix()}wake`;
      let calls = 0;
      const off = store.onAppended(() => {
        calls++;
      });
      try {
        // The wake-up channel may take a moment to be listening: keep appending until it fires.
        const deadline = Date.now() + 10_000;
        while (calls === 0 && Date.now() < deadline) {
          await store.appendToStream(stream, events(1), 'any');
          for (let i = 0; i < 40 && calls === 0; i++) await sleep(25);
        }
        expect(calls).toBeGreaterThan(0);
      } finally {
        off();
      }
      const before = calls;
      await store.appendToStream(stream, events(1), 'any');
      await sleep(300);
      expect(calls).toBe(before);
    });

    it('gives a catch-up reader every event exactly once, in order, while 8 writers commit concurrently', async () => {
      const prefix = streamPrefix();
      const from = await positionNow(store);
      const writers = 8;
      const appendsPerWriter = 50;
      const written = new Map<string, string>(); // event id -> stream
      let writing = true;

      const writer = async (w: number) => {
        const revisions = new Map<string, number>();
        for (let k = 0; k < appendsPerWriter; k++) {
          const stream = `${prefix}w${w}-${k % 3}`;
          const evs = events(1 + (k % 3), `Writer${w}Wrote`);
          await sleep(Math.random() * 3);
          const r = await store.appendToStream(stream, evs, revisions.get(stream) ?? 'no_stream');
          revisions.set(stream, r.nextRevision);
          for (const e of evs) written.set(e.id, stream);
        }
      };

      const seen = new Set<string>();
      const lastRevision = new Map<string, number>();
      let last: RecordedEvent | null = null;
      const problems: string[] = [];
      const reader = async () => {
        let after = from;
        const deadline = Date.now() + 30_000;
        // Keep reading until the writers are done and every written event has been seen.
        while ((writing || seen.size < written.size) && Date.now() < deadline) {
          const page = await store.readAll(after, 25);
          if (page.length === 0) {
            await sleep(1);
            continue;
          }
          for (const e of page) {
            if (last && store.comparePositions(last.position, e.position) >= 0) {
              problems.push(`position ${e.position} not after ${last.position}`);
            }
            last = e;
            if (!e.streamId.startsWith(prefix)) continue;
            if (seen.has(e.id)) problems.push(`event ${e.id} seen twice`);
            seen.add(e.id);
            const expectedRevision = (lastRevision.get(e.streamId) ?? -1) + 1;
            if (e.streamRevision !== expectedRevision) {
              problems.push(`${e.streamId}: revision ${e.streamRevision} after ${expectedRevision - 1}`);
            }
            lastRevision.set(e.streamId, e.streamRevision);
          }
          after = page[page.length - 1].position;
        }
      };

      const reading = reader();
      await Promise.all(Array.from({ length: writers }, (_, w) => writer(w)));
      writing = false;
      await reading;

      expect(problems).toEqual([]);
      const perWriter = Array.from({ length: appendsPerWriter }, (_, k) => 1 + (k % 3)).reduce(
        (a, b) => a + b,
        0,
      );
      expect(written.size).toBe(writers * perWriter);
      expect(seen.size).toBe(written.size);
      for (const id of written.keys()) expect(seen.has(id)).toBe(true);
      for (let w = 0; w < writers; w++) {
        for (let s = 0; s < 3; s++) {
          const stream = `${prefix}w${w}-${s}`;
          expect(lastRevision.get(stream)).toBe((await store.readStream(stream)).revision);
        }
      }
    }, 60_000);
  });
}
