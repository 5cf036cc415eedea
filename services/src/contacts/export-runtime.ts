import { recordContactExportProgress } from '@zelo/projections/contacts/exports-queries';
import type { Deps } from '../platform/command-handler.ts';
import type { Pool } from '../platform/db.ts';
import { type ArchiveRequest, buildContactArchive, deleteArchive } from './export-archive.ts';
import { expireContactExport, failContactExport, markContactExportReady } from './export-handlers.ts';
import { loadContact } from './handlers.ts';

type ExportRef = ArchiveRequest & { ttlMs: number };

/**
 * The export workflow's handlers (workflows/src/privacy/export-contact): the archive from the read
 * models and the store, and the export stream's steps. The app wires them into the worker.
 */
export function contactExportRuntime(
  deps: Deps,
  pool: Pool,
  roots: { mediaRoot: string; exportRoot: string },
) {
  const erased = async (contactId: string) => {
    const c = await loadContact(deps, contactId);
    return c.kind === 'none' || c.erased || c.deleted;
  };
  return {
    async buildArchive(input: ExportRef): Promise<{ bytes: number; erased: boolean }> {
      if (await erased(input.contactId)) return { bytes: 0, erased: true };
      const bytes = await buildContactArchive({ deps, pool, ...roots }, input, (p) =>
        recordContactExportProgress(pool, input.companyId, input.exportId, p),
      );
      // Erased while it was being written: the archive must not outlive the data.
      if (await erased(input.contactId)) {
        await deleteArchive(roots.exportRoot, input.companyId, input.exportId);
        return { bytes, erased: true };
      }
      return { bytes, erased: false };
    },
    markReady: (input: ExportRef, bytes: number) =>
      markContactExportReady(deps, input.companyId, input.exportId, bytes, input.ttlMs),
    fail: async (input: ExportRef, reason: string) => {
      await deleteArchive(roots.exportRoot, input.companyId, input.exportId);
      return failContactExport(deps, input.companyId, input.exportId, reason);
    },
    async expire(input: ExportRef) {
      await deleteArchive(roots.exportRoot, input.companyId, input.exportId);
      return expireContactExport(deps, input.companyId, input.exportId);
    },
  };
}
