import type { EventStore, RecordedEvent } from '../event-store/port.ts';
import type { Pool } from '../platform/db.ts';

/**
 * Every committed event of a PostgreSQL store, through its catch-up reader. A read right after
 * appending may come back short while any transaction on the PostgreSQL server is still open (the
 * xmin rule keeps readers from skipping late commits), so this polls until the reader has them all,
 * as the projection runner would.
 */
export async function readAllCommitted(
  store: EventStore,
  pool: Pool,
  timeoutMs = 30_000,
): Promise<RecordedEvent[]> {
  const { rows } = await pool.query('SELECT count(*)::int AS n FROM es_events');
  const count: number = rows[0].n;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const events: RecordedEvent[] = [];
    for (
      let batch = await store.readAll(null, 1000);
      batch.length;
      batch = await store.readAll(batch.at(-1)!.position, 1000)
    ) {
      events.push(...batch);
    }
    if (events.length >= count) return events;
    if (Date.now() > deadline)
      throw new Error(`only ${events.length} of ${count} events readable after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * The committed events of these types as the product reads them: their personal fields are sealed in
 * es_events (issue 25), so a test that looks for a body or a number reads them here, not in SQL.
 */
export async function committedEventsOfType(
  store: EventStore,
  pool: Pool,
  types: string[],
): Promise<RecordedEvent[]> {
  return (await readAllCommitted(store, pool)).filter((e) => types.includes(e.type));
}
