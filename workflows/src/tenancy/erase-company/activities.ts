/** The services' company handler the erasure needs (the app wires the real one). */
export interface CompanyErasureDeps {
  /** Appends CompanyErased to a deleted company's stream; nothing when already erased. */
  eraseCompany(companyId: string): Promise<unknown>;
}

export function createCompanyErasureActivities(deps: CompanyErasureDeps) {
  return {
    async eraseCompany(companyId: string): Promise<void> {
      await deps.eraseCompany(companyId);
    },
  };
}

export type CompanyErasureActivities = ReturnType<typeof createCompanyErasureActivities>;
