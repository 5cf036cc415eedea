import { companyMessagesShredded, contactErased } from '@zelo/contracts/testing/events';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allProjections } from './registry.ts';
import { applyToGroup, type Change, type Projection, type ProjectionEvent } from './runner.ts';
import { busyHistory, type HistoryEvent } from './testing/busy-history.ts';
import { createReadModelDatabase, type ReadModelDatabase } from './testing/read-model-database.ts';
import { FIRST_RECORDED_AT, recorded } from './testing/recorded-events.ts';

// The runner and a rebuild apply events batch by batch, with every handler's writes buffered and
// sent together (write-buffer.ts) and the conversations projection holding ticket and ack updates
// until the batch ends. One event at a time, unbuffered, is what each handler says it does: both must
// leave the same rows and report the same changes (browsers are pushed from them), per projection.

const BATCH = 500;
/** Filled by the database at insert time (now()), so never equal across two databases. */
const clockColumns: Record<string, string[]> = { outbound_queue: ['next_attempt_at'] };

/**
 * The busy history with what LGPD adds in among its traffic (issue 25): one contact in ten erased
 * halfway through, and a retention shred of the company's first day at two thirds.
 */
function withPrivacy(events: HistoryEvent[]): HistoryEvent[] {
  const company = events.find((e) => e.type === 'CompanyCreated')!.data as { companyId: string };
  const companyId = company.companyId;
  const contacts = events
    .filter((e) => e.type === 'ContactCreated')
    .map((e) => e.data as { contactId: string });
  const out = [...events];
  const half = Math.floor(out.length / 2);
  const erasures = contacts
    .filter((_, i) => i % 10 === 0)
    .map(({ contactId }) => {
      const e = contactErased({ companyId, contactId });
      return { stream: `contact-${contactId}`, type: e.type, data: e.data };
    });
  out.splice(half, 0, ...erasures);
  const first = new Date(FIRST_RECORDED_AT);
  const shred = companyMessagesShredded({
    companyId,
    before: new Date(
      Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), first.getUTCDate() + 1),
    ).toISOString(),
  });
  out.splice(Math.floor((out.length * 2) / 3), 0, {
    stream: `company-${companyId}`,
    type: shred.type,
    data: shred.data,
  });
  return out;
}

const history = withPrivacy([...busyHistory(4_000)]).map((e) =>
  recorded({ type: e.type, data: e.data }, { streamId: e.stream }),
) as unknown as ProjectionEvent[];

async function tableRows(pool: pg.Pool, table: string) {
  const { rows } = await pool.query<{ r: Record<string, unknown> }>(
    `SELECT to_jsonb(t) AS r FROM "${table}" t`,
  );
  return rows
    .map(({ r }) => {
      for (const c of clockColumns[table] ?? []) delete r[c];
      return JSON.stringify(r);
    })
    .sort();
}

async function oneAtATime(pool: pg.Pool, projection: Projection): Promise<Change[]> {
  const changes: Change[] = [];
  const client = await pool.connect();
  try {
    for (const e of history) {
      await client.query('BEGIN');
      changes.push(...((await projection.handle(client, e)) ?? []));
      await client.query('COMMIT');
    }
  } finally {
    client.release();
  }
  return changes;
}

async function batchByBatch(pool: pg.Pool, projection: Projection): Promise<Change[]> {
  const changes: Change[] = [];
  for (let i = 0; i < history.length; i += BATCH) {
    const events = history.slice(i, i + BATCH);
    changes.push(...(await applyToGroup(pool, [{ projection, events }], { lock: false })).changes);
  }
  return changes;
}

describe('batch by batch, buffered, against one event at a time, for every projection', () => {
  let batched: ReadModelDatabase;
  let single: ReadModelDatabase;
  const changes = new Map<string, { batched: Change[]; single: Change[] }>();

  beforeAll(async () => {
    [batched, single] = await Promise.all([createReadModelDatabase(), createReadModelDatabase()]);
    // In registry order, as the runner applies them: some handlers read other projections' rows.
    for (const p of allProjections())
      changes.set(p.name, {
        batched: await batchByBatch(batched.pool, p),
        single: await oneAtATime(single.pool, p),
      });
  }, 120_000);
  afterAll(async () => {
    await Promise.all([batched?.drop(), single?.drop()]);
  });

  it('replays a busy history with every kind of ticket and message event', () => {
    const types = new Set(history.map((e) => e.type));
    for (const t of [
      'MessageAcknowledged',
      'MessageEdited',
      'MessageDeleted',
      'PhoneMessageSent',
      'TicketDeleted',
      'ContactErased',
      'CompanyMessagesShredded',
    ])
      expect(types).toContain(t);
  });

  it.each(allProjections().map((p) => [p.name, p] as const))(
    '%s: same rows, same changes',
    async (_name, p) => {
      for (const table of p.tables) {
        const rows = await tableRows(single.pool, table);
        expect(await tableRows(batched.pool, table), table).toEqual(rows);
      }
      const { batched: fromBatches, single: fromEvents } = changes.get(p.name)!;
      expect(fromBatches).toEqual(fromEvents);
    },
  );

  it('fills the tables a busy company fills', async () => {
    const count = async (table: string) =>
      Number((await batched.pool.query(`SELECT count(*) AS n FROM "${table}"`)).rows[0].n);
    expect(await count('messages')).toBeGreaterThan(1_000);
    expect(await count('tickets')).toBeGreaterThan(50);
    expect(await count('report_openings')).toBeGreaterThan(50);
    // The erasures and the shred reached rows, in among the rest.
    const bodies = async (body: string) =>
      Number(
        (await batched.pool.query('SELECT count(*) AS n FROM messages WHERE body = $1', [body])).rows[0].n,
      );
    expect(await bodies('Contato removido')).toBeGreaterThan(10);
    expect(await bodies('Mensagem removida')).toBeGreaterThan(10);
  });
});
