import { readSheet } from 'read-excel-file/browser';
import { apiRequest } from '../../../lib/api.ts';
import { type Cell, type MappedSheet, mapSheetRows } from '../lib/import-rows.ts';
import type { Contact, ImportRow, UploadError } from '../types.ts';

export const MAX_IMPORT_ROWS = 5_000;

/** Reads the first sheet of the .xlsx in the browser; the server only ever sees plain rows. */
export async function readContactsSheet(file: File): Promise<MappedSheet> {
  const sheet = (await readSheet(file)) as unknown as Cell[][];
  return mapSheetRows(sheet);
}

/** Asks the default connection to read the phone's address book; contacts arrive as they are created. */
export const importFromPhone = () =>
  apiRequest<{ message: string }>('/contacts/import', { method: 'POST', body: {} });

export const uploadContacts = (rows: ImportRow[]) =>
  apiRequest<{ newContacts: Contact[]; errorBag: UploadError[] }>('/contacts/upload', {
    method: 'POST',
    body: rows,
  });
