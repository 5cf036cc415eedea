export interface ExtraInfo {
  id?: string;
  name: string;
  value: string;
}

export interface Contact {
  id: string;
  name: string;
  number: string;
  email: string;
  isGroup: boolean;
  profilePicUrl: string;
  extraInfo: ExtraInfo[];
  createdAt?: string;
  updatedAt?: string;
}

export interface TicketNote {
  id: string;
  note: string;
  ticketId: string;
  contactId: string;
  userId: string;
  user: { id: string; name: string } | null;
  createdAt: string;
}

/** A spreadsheet row as the server takes it (POST /contacts/upload). */
export interface ImportRow {
  name: string;
  number: string;
  email: string;
}

export interface UploadError {
  row: number;
  name: string;
  number: string;
  error: string;
  message: string;
}
