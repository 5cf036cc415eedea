/** What a contact's erasure touches, as ids and stored paths only: nothing personal enters the history. */
export interface ContactBelongings {
  /** Key-vault subjects of the contact (its own, its tickets', list items', campaign recipients'). */
  subjects: string[];
  /** Stored media URLs (`/public/<companyId>/...`) of its messages, schedules and picture. */
  mediaUrls: string[];
}

/** The services' handlers the erasure needs (the app wires the real ones). */
export interface ContactErasureDeps {
  /** What belongs to the contact, read before its keys go (its number is unreadable afterwards). */
  collect(companyId: string, contactId: string): Promise<ContactBelongings>;
  /** Destroys the subjects' keys; destroying a destroyed key is a no-op. */
  destroyKeys(companyId: string, subjects: string[]): Promise<void>;
  /** Appends ContactErased (once) and releases the number's claim; the position of what it wrote. */
  recordErased(companyId: string, contactId: string, userId: string | null): Promise<string | null>;
  /** Removes the files under the media folder that nothing else refers to; a missing file is no error. */
  deleteMedia(companyId: string, contactId: string, urls: string[]): Promise<void>;
  /** Resolves once every read model applied the events up to `position`; throws when not yet. */
  readModelsPassed(position: string): Promise<void>;
}

export function createContactErasureActivities(deps: ContactErasureDeps) {
  return {
    collectContactBelongings: (companyId: string, contactId: string) => deps.collect(companyId, contactId),
    async destroyContactKeys(companyId: string, subjects: string[]): Promise<void> {
      await deps.destroyKeys(companyId, subjects);
    },
    recordContactErased: (companyId: string, contactId: string, userId: string | null) =>
      deps.recordErased(companyId, contactId, userId),
    async deleteContactMedia(companyId: string, contactId: string, urls: string[]): Promise<void> {
      await deps.deleteMedia(companyId, contactId, urls);
    },
    async awaitErasureProjected(position: string): Promise<void> {
      await deps.readModelsPassed(position);
    },
  };
}

export type ContactErasureActivities = ReturnType<typeof createContactErasureActivities>;
