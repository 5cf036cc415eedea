/** A name and value the agent keeps on a contact (doc 1 §3 ContactCustomField). */
export interface ContactExtraInfo {
  name: string;
  value: string;
}

/** A contact as GET /contacts/:id, the contact writes and the lists answer it. */
export interface ContactView {
  id: string;
  name: string;
  number: string;
  email: string;
  isGroup: boolean;
  profilePicUrl: string;
  extraInfo: ContactExtraInfo[];
  /** LGPD (issue 25): the customer opted out of campaigns (an opt-out word or an admin). */
  optedOut: boolean;
  /** When they opted out (null while they receive campaigns). */
  optedOutAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** GET /contacts: one page of the company's contacts by name. */
export interface ContactPage {
  contacts: ContactView[];
  count: number;
  hasMore: boolean;
}

/** A row of GET /contacts/list, every contact of the company for the pickers and the export. */
export type ContactListItem = Pick<
  ContactView,
  'id' | 'name' | 'number' | 'email' | 'profilePicUrl' | 'isGroup'
>;

/** A spreadsheet row POST /contacts/upload refused, and why. */
export interface UploadRowError {
  /** 1-based position of the row in the uploaded list. */
  row: number;
  name: string;
  number: string;
  error: string;
  message: string;
}

/** The answer of POST /contacts/upload: the contacts created, in row order, and the refused rows. */
export interface UploadContactsResult {
  newContacts: ContactView[];
  errorBag: UploadRowError[];
}
