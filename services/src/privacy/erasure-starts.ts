/** What starts a contact's erasure workflow (Temporal's, wired by the app); idempotent per contact. */
export interface ContactErasures {
  start(input: { companyId: string; contactId: string; userId: string | null }): Promise<void>;
}
