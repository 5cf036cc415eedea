import type { UploadRowError } from '../contacts/read-models.ts';

/** A contact list as its page, its dialog and the campaign dialog's select show it (doc 2 §3). */
export interface ContactListView {
  id: string;
  name: string;
  /** Items in the list now. */
  contactsCount: number;
  companyId: string;
  createdAt: string;
  updatedAt: string;
}

/** GET /contact-lists/: one page of the search. */
export interface ContactListPage {
  records: ContactListView[];
  count: number;
  hasMore: boolean;
}

/** A contact of a list (doc 2 §3 Contact list item). */
export interface ContactListItemView {
  id: string;
  name: string;
  number: string;
  email: string;
  /** What WhatsApp said of the number; null until a connected connection of the company was asked. */
  isWhatsappValid: boolean | null;
  /**
   * LGPD (issue 25): the number is one of a contact of the company who opted out of campaigns; read
   * when asked, so it follows opt-outs made after the item was added.
   */
  optedOut: boolean;
  companyId: string;
  contactListId: string;
  createdAt: string;
  updatedAt: string;
}

/** GET /contact-list-items: one page of a list's items. */
export interface ContactListItemPage {
  contacts: ContactListItemView[];
  count: number;
  hasMore: boolean;
}

/**
 * POST /contact-lists/{id}/upload, in the shape of POST /contacts/upload: rows added, rows refused.
 * A refused row's `row` is its line in the spreadsheet (the heading is line 1).
 */
export interface ContactListUploadResult {
  newContacts: ContactListItemView[];
  errorBag: UploadRowError[];
}
