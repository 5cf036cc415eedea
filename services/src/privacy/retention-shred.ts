import { type Deps, handle, load } from '../platform/command-handler.ts';
import type { Pool } from '../platform/db.ts';
import { companyStreamId } from '../tenancy/handlers.ts';
import { deleteStoredMedia, mediaOfMessagesBefore } from './erasure-media.ts';
import type { KeyVault } from './key-vault.ts';
import { decideShred, evolveRetention, initialRetentionState, retentionCutoff } from './retention-decide.ts';

/** What one company's round did: its cutoff (null: retention off) and whether it recorded it now. */
export interface ShredOutcome {
  before: string | null;
  recorded: boolean;
}

const retentionAggregate = { initialState: initialRetentionState, evolve: evolveRetention };

/** Companies whose messageRetentionDays is above 0, as the companies read model has it. */
export async function companiesWithRetention(pool: Pool): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>(
    `SELECT id FROM companies
      WHERE settings->>'messageRetentionDays' ~ '^[0-9]+$' AND (settings->>'messageRetentionDays')::int > 0
      ORDER BY id`,
  );
  return rows.map((r) => r.id);
}

/**
 * One company's retention round: its message-day keys before the cutoff destroyed (their bodies and
 * media urls read 'Mensagem removida' / null from then on), those days' stored files removed, then
 * CompanyMessagesShredded recorded, once per cutoff. Each step is idempotent: a retried round redoes
 * what was left. The setting is read from the company's stream, not the read model.
 */
export async function shredCompanyMessages(
  deps: Deps,
  pool: Pool,
  vault: KeyVault,
  mediaRoot: string,
  companyId: string,
): Promise<ShredOutcome> {
  const { state } = await load(deps.store, companyStreamId(companyId), retentionAggregate);
  if (!state.active || state.retentionDays <= 0) return { before: null, recorded: false };
  const now = deps.clock.now();
  const before = retentionCutoff(now, state.retentionDays);
  await vault.destroyDaysBefore(companyId, before.slice(0, 10));
  await deleteStoredMedia(pool, mediaRoot, companyId, await mediaOfMessagesBefore(pool, companyId, before), {
    before,
  });
  const r = await handle(
    deps,
    companyStreamId(companyId),
    retentionAggregate,
    (s) => decideShred({ before, at: now.toISOString() }, s),
    { companyId, actor: 'system:retention' },
  );
  return { before, recorded: r.appended.length > 0 };
}
