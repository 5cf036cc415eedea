import { openContactExports } from '@zelo/projections/contacts/exports-queries';
import type { Projection } from '@zelo/projections/runner';
import type { Pool } from '../platform/db.ts';
import { REACTORS } from '../reactors.ts';

/** The exports' workflows, kept outside this package (Temporal's, wired by the app). */
export interface ContactExportTimers {
  /** Builds the archive and keeps it `ttlMs`; once per export (a replayed request starts nothing). */
  start(input: { exportId: string; companyId: string; contactId: string; ttlMs: number }): Promise<void>;
  /** The contact was erased: the export is expired and its archive deleted. */
  contactErased(exportId: string): Promise<void>;
}

/**
 * LGPD (issue 25): an export requested starts its workflow; a contact erased expires its exports still
 * pending or ready. Because the events happened, never from the route.
 */
export function contactExportsReactor(timers: ContactExportTimers, pool: Pool, ttlMs: number): Projection {
  return {
    name: REACTORS.contactExports,
    tables: [],
    async handle(_tx, e) {
      if (e.type === 'ContactExportRequested') {
        const { exportId, companyId, contactId } = e.data;
        await timers.start({ exportId, companyId, contactId, ttlMs });
      } else if (e.type === 'ContactErased') {
        for (const exportId of await openContactExports(pool, e.data.companyId, e.data.contactId))
          await timers.contactErased(exportId);
      }
    },
  };
}
