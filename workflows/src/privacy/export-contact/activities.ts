/** One export, as its workflow and activities know it. */
export interface ContactExportInput {
  exportId: string;
  companyId: string;
  contactId: string;
  /** How long the archive waits for its one download (24 h; a test shortens it). */
  ttlMs: number;
}

/** The services' export handlers the workflow needs (the app wires the real ones). */
export interface ContactExportDeps {
  /** Writes the zip, reporting progress to the requester; `erased` when the contact is gone meanwhile. */
  buildArchive(input: ContactExportInput): Promise<{ bytes: number; erased: boolean }>;
  /** Appends ContactExportReady (expiring `ttlMs` later); nothing when already recorded. */
  markReady(input: ContactExportInput, bytes: number): Promise<unknown>;
  fail(input: ContactExportInput, reason: string): Promise<unknown>;
  /** Deletes the archive and appends ContactExportExpired unless it was downloaded (or failed). */
  expire(input: ContactExportInput): Promise<unknown>;
}

export function createContactExportActivities(deps: ContactExportDeps) {
  return {
    async buildContactExport(input: ContactExportInput): Promise<{ bytes: number; erased: boolean }> {
      return deps.buildArchive(input);
    },
    async markContactExportReady(input: ContactExportInput, bytes: number): Promise<void> {
      await deps.markReady(input, bytes);
    },
    async failContactExport(input: ContactExportInput, reason: string): Promise<void> {
      await deps.fail(input, reason);
    },
    async expireContactExport(input: ContactExportInput): Promise<void> {
      await deps.expire(input);
    },
  };
}

export type ContactExportActivities = ReturnType<typeof createContactExportActivities>;
