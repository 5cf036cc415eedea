/** A spreadsheet row as the browser maps it before the upload (POST /contacts/upload). */
export interface ImportRow {
  name: string;
  number: string;
  email: string;
}
