import { checkOut } from '@zelo/projections/pg-listener';
import type { EventMetadata, RecordedEvent } from '../event-store/port.ts';
import { upcast } from '../event-store/upcast.ts';
import type { Pool } from '../platform/db.ts';
import type { KeyVault, SubjectKey } from './key-vault.ts';
import { personalFields } from './personal-fields.ts';
import { isPersonalIndex, personalIndex } from './personal-index.ts';
import { SEALED, sealEvent, subjectsToSeal } from './seal.ts';

// Events recorded before issue 25 hold personal data in clear. On PostgreSQL they are sealed once, in
// place, at start-up (batched, resumable: a sealed row is skipped), and the number streams move to
// their indexed ids; a table records that it ran. This is the one edit of stored events the design
// allows, for the law's sake. EventStoreDB cannot edit events: a deployment on it that recorded
// personal data before this change keeps that history readable (a documented boundary).

const DONE = 'events-v1';
/** Serialises the processes that start at once (migrate uses 774411). */
const LOCK = 774412;
/** Types recorded under an older name that carry personal fields (event-store/upcast.ts). */
const LEGACY_TYPES = ['CampaignShipmentSent', 'CampaignShipmentFailed'];

export interface HistorySealed {
  /** Rows whose personal fields were sealed. */
  sealed: number;
  /** Number streams moved to their indexed id. */
  renamed: number;
}

interface Row {
  global_position: string;
  event_id: string;
  stream_id: string;
  type: string;
  data: Record<string, unknown>;
  metadata: EventMetadata;
}

export async function sealRecordedHistory(pool: Pool, vault: KeyVault, batch = 500): Promise<HistorySealed> {
  const { client, release } = await checkOut(pool, 'seal recorded history');
  const result: HistorySealed = { sealed: 0, renamed: 0 };
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCK]);
    const done = await client.query('SELECT 1 FROM privacy_history_sealed WHERE id = $1', [DONE]);
    if (done.rowCount) return result;

    // contactnumber-<company uuid>-<number> becomes contactnumber-<company uuid>-<index>.
    const { rows: streams } = await client.query<{ stream_id: string }>(
      `SELECT DISTINCT stream_id FROM es_events WHERE stream_id LIKE 'contactnumber-%'`,
    );
    const prefix = 'contactnumber-'.length + 36 + 1;
    const moves = streams
      .map((r) => r.stream_id)
      .filter((id) => !isPersonalIndex(id.slice(prefix)))
      .map((id) => [id, `${id.slice(0, prefix)}${personalIndex(id.slice(prefix))}`]);
    if (moves.length) {
      await client.query(
        `UPDATE es_events e SET stream_id = m.to_id
           FROM unnest($1::text[], $2::text[]) AS m(from_id, to_id) WHERE e.stream_id = m.from_id`,
        [moves.map((m) => m[0]), moves.map((m) => m[1])],
      );
      result.renamed = moves.length;
    }

    const types = [...Object.keys(personalFields), ...LEGACY_TYPES];
    let after = '0';
    for (;;) {
      const { rows } = await client.query<Row>(
        `SELECT global_position::text, event_id, stream_id, type, data, metadata FROM es_events
          WHERE global_position > $1::bigint AND type = ANY($2::text[]) AND NOT data ? '${SEALED}'
          ORDER BY global_position LIMIT $3`,
        [after, types, batch],
      );
      if (rows.length === 0) break;
      after = rows[rows.length - 1].global_position;
      // Sealed under today's type name (the fields sealed are the same under the old one).
      const events = rows.map((r) => ({
        id: r.event_id,
        type: upcast({ ...r, id: r.event_id } as unknown as RecordedEvent).type,
        data: r.data,
        metadata: r.metadata,
      }));
      const keys = new Map<string, SubjectKey>();
      const byCompany = new Map<string | null, string[]>();
      for (const e of events) {
        const companyId = (e.data.companyId as string | undefined) ?? e.metadata.companyId;
        const list = byCompany.get(companyId) ?? [];
        list.push(...subjectsToSeal(e));
        byCompany.set(companyId, list);
      }
      for (const [companyId, subjects] of byCompany)
        for (const [s, k] of await vault.keysFor(subjects, { create: true, companyId })) keys.set(s, k);
      const sealed = events.map((e) => sealEvent(e, keys));
      await client.query(
        `UPDATE es_events e SET data = n.data
           FROM unnest($1::bigint[], $2::jsonb[]) AS n(gp, data) WHERE e.global_position = n.gp`,
        [rows.map((r) => r.global_position), sealed.map((e) => JSON.stringify(e.data))],
      );
      result.sealed += rows.length;
    }
    await client.query('INSERT INTO privacy_history_sealed (id) VALUES ($1) ON CONFLICT DO NOTHING', [DONE]);
    return result;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCK]).catch(() => {});
    release();
  }
}
