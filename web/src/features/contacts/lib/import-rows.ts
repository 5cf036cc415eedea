import type { ImportRow } from '../types.ts';

export type Cell = string | number | boolean | Date | null | undefined;

/** Header spellings the import recognises, compared without case or accents. */
const HEADERS: Record<keyof ImportRow, string[]> = {
  name: ['name', 'nome', 'nombre'],
  number: ['number', 'numero', 'telefone', 'phone', 'whatsapp', 'celular', 'telefono'],
  email: ['email', 'e-mail', 'correo'],
};

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();

function cellText(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  // Excel keeps phone numbers as numbers; integers print without exponent below 1e21.
  if (typeof cell === 'number') return Number.isInteger(cell) ? cell.toFixed(0) : String(cell);
  if (cell instanceof Date) return cell.toISOString();
  return String(cell).trim();
}

function headerColumns(first: Cell[]): Record<keyof ImportRow, number> | null {
  const folded = first.map((c) => fold(cellText(c)));
  const find = (names: string[]) => folded.findIndex((h) => names.includes(h));
  const columns = { name: find(HEADERS.name), number: find(HEADERS.number), email: find(HEADERS.email) };
  return columns.name >= 0 || columns.number >= 0 ? columns : null;
}

export interface MappedSheet {
  rows: ImportRow[];
  /** The sheet row (1-based, as Excel numbers them) each mapped row came from. */
  sheetRows: number[];
}

/**
 * Turns the first sheet (an array of rows of cells) into the rows the server imports. A first row
 * naming the columns (name/nome, number/número/telefone, email) says where each field is; without
 * one, the columns are taken as name, number, email. Blank rows are skipped.
 */
export function mapSheetRows(sheet: Cell[][]): MappedSheet {
  const header = sheet.length > 0 ? headerColumns(sheet[0]) : null;
  const columns = header ?? { name: 0, number: 1, email: 2 };
  const rows: ImportRow[] = [];
  const sheetRows: number[] = [];
  sheet.forEach((cells, i) => {
    if (header && i === 0) return;
    const at = (col: number) => (col >= 0 ? cellText(cells[col]) : '');
    const row = { name: at(columns.name), number: at(columns.number), email: at(columns.email) };
    if (!row.name && !row.number && !row.email) return;
    rows.push(row);
    sheetRows.push(i + 1);
  });
  return { rows, sheetRows };
}

/** Only .xlsx is accepted (doc 1 §2 Import dialog). */
export const isXlsx = (file: { name: string }) => /\.xlsx$/i.test(file.name);
