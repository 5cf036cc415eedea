import type { Projection } from '@zelo/projections/runner';
import { REACTORS } from '../reactors.ts';

/** A deleted company's erasure timer, kept outside this package (Temporal's, wired by the app). */
export interface CompanyErasureTimers {
  /** Sets the timer once per company (a replayed deletion sets nothing new). */
  start(timer: { companyId: string; eraseAt: string }): Promise<void>;
}

/**
 * Starts the erasure of a deleted company after `retentionMs` from its deletion: because CompanyDeleted
 * happened, never from the route. The workflow appends CompanyErased; the read models drop its rows.
 */
export function companyErasureReactor(timers: CompanyErasureTimers, retentionMs: number): Projection {
  return {
    name: REACTORS.companyErasure,
    tables: [],
    async handle(_tx, e) {
      if (e.type !== 'CompanyDeleted') return;
      const eraseAt = new Date(Date.parse(e.metadata.at) + retentionMs).toISOString();
      await timers.start({ companyId: e.data.companyId, eraseAt });
    },
  };
}
