import { MAX_UPLOAD_ROWS } from '@zelo/contracts/contacts/api';
import type { UploadContactsResult } from '@zelo/contracts/contacts/read-models';
import { readSheet } from 'read-excel-file/browser';
import { apiRequest } from '../../../lib/api.ts';
import { type Cell, type MappedSheet, mapSheetRows } from '../lib/import-rows.ts';
import type { ImportRow } from '../types.ts';

/** The server's limit, checked first in the browser so a huge sheet is refused before it is sent. */
export const MAX_IMPORT_ROWS = MAX_UPLOAD_ROWS;

/** Reads the first sheet of the .xlsx in the browser; the server only ever sees plain rows. */
export async function readContactsSheet(file: File): Promise<MappedSheet> {
  const sheet = (await readSheet(file)) as unknown as Cell[][];
  return mapSheetRows(sheet);
}

/** Asks the default connection to read the phone's address book; contacts arrive as they are created. */
export const importFromPhone = () =>
  apiRequest<{ message: string }>('/contacts/import', { method: 'POST', body: {} });

export const uploadContacts = (rows: ImportRow[]) =>
  apiRequest<UploadContactsResult>('/contacts/upload', {
    method: 'POST',
    body: rows,
  });
