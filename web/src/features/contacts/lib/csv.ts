/**
 * The contacts export (doc 1 §2): contatos.csv, semicolon-separated, columns name;number;email.
 * Semicolons because Excel in pt-BR reads them as the separator; the UTF-8 byte-order mark makes it
 * read the file as UTF-8, so accented names (João, Conceição) come out right.
 */
export const CSV_BOM = '\uFEFF';
export const CSV_FILE_NAME = 'contatos.csv';
const SEPARATOR = ';';

/** Quotes a cell only when it has to: a separator, a quote or a line break inside; quotes double. */
export function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function buildContactsCsv(
  contacts: { name: string; number: string; email?: string | null }[],
): string {
  const lines = [['name', 'number', 'email'], ...contacts.map((c) => [c.name, c.number, c.email ?? ''])].map(
    (cells) => cells.map(csvCell).join(SEPARATOR),
  );
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}

/** Hands the text to the browser as a download. */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
