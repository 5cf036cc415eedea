import { MAX_CONTACT_LIST_UPLOAD_ROWS } from '@zelo/contracts/contact-lists/api';
import { DomainError } from '@zelo/contracts/errors';
import { storableText } from '../platform/text.ts';
import { readFirstSheet } from './read-sheet.ts';

// The contact list import reads .xls and .xlsx on the server with a maintained SheetJS build (the
// registry's `xlsx` 0.18.5 has a prototype-pollution flaw on untrusted files), in a worker thread with
// a heap cap and a deadline (read-sheet.ts).

/** An .xlsx is a zip; an .xls is an OLE2 compound file. Anything else (SheetJS would read CSV or HTML) is refused. */
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const startsWith = (bytes: Buffer, magic: number[]) => magic.every((b, i) => bytes[i] === b);

/** One row of the sheet: its cells by column, and its line number as the spreadsheet shows it. */
export interface SheetRow {
  line: number;
  cells: Record<string, unknown>;
}

const notASpreadsheet = (why: string) =>
  new DomainError('ERR_INVALID_SPREADSHEET', `file: ${why}; send an .xls or .xlsx spreadsheet`);

/** Column headings as people write them (the example has nome, numero, email). */
const COLUMNS: Record<string, 'name' | 'number' | 'email'> = {
  nome: 'name',
  name: 'name',
  nombre: 'name',
  numero: 'number',
  number: 'number',
  telefone: 'number',
  telefono: 'number',
  phone: 'number',
  whatsapp: 'number',
  celular: 'number',
  email: 'email',
  'e-mail': 'email',
  correo: 'email',
};
const heading = (h: string) => h.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();

/**
 * The first sheet's rows as `{ name, number, email }` objects (cells as the sheet holds them), each with
 * its line in the sheet (the heading is line 1, as the user sees it), from a
 * file the user uploaded. A file that is not an .xls/.xlsx, or that SheetJS cannot read within the
 * worker's memory and time, is ERR_INVALID_SPREADSHEET; a sheet without rows or with too many is
 * ERR_VALIDATION.
 */
export async function spreadsheetRows(bytes: Buffer, filename: string): Promise<SheetRow[]> {
  if (!/\.xlsx?$/i.test(filename)) throw notASpreadsheet(`${filename || 'the file'} is not .xls or .xlsx`);
  if (!startsWith(bytes, ZIP) && !startsWith(bytes, OLE2)) throw notASpreadsheet('not a spreadsheet');
  // One row more than allowed, to tell "too many" apart; no formulas or HTML kept.
  const read = await readFirstSheet(bytes, MAX_CONTACT_LIST_UPLOAD_ROWS + 2);
  if ('why' in read) throw notASpreadsheet(read.why);
  const rows = read.rows
    .map(({ line, cells }): SheetRow => {
      const row: Record<string, unknown> = Object.create(null);
      for (const [key, value] of Object.entries(cells)) {
        const column = COLUMNS[heading(key)];
        // Text from a file is cleaned (NUL, lone surrogates) as WhatsApp's text is, never refused.
        if (column && row[column] === undefined)
          row[column] = typeof value === 'string' ? storableText(value) : value;
      }
      return { line, cells: { ...row } };
    })
    // Rows left blank between filled ones are not contacts.
    .filter((r) => Object.values(r.cells).some((x) => String(x ?? '').trim() !== ''));
  if (rows.length === 0)
    throw new DomainError(
      'ERR_VALIDATION',
      'file: the spreadsheet has no rows (columns nome, numero, email)',
    );
  if (rows.length > MAX_CONTACT_LIST_UPLOAD_ROWS)
    throw new DomainError('ERR_VALIDATION', `file: at most ${MAX_CONTACT_LIST_UPLOAD_ROWS} rows`);
  return rows;
}
