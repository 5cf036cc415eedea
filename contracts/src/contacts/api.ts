import * as v from 'valibot';
import { Id, PageNumber, PhoneNumber } from '../common.ts';

export const ContactRequest = v.object({
  name: v.pipe(v.string(), v.trim(), v.minLength(2, 'too short'), v.maxLength(50, 'too long')),
  number: PhoneNumber,
  email: v.optional(v.union([v.literal(''), v.pipe(v.string(), v.trim(), v.email('invalid email'))]), ''),
  extraInfo: v.optional(
    v.array(
      v.object({ name: v.pipe(v.string(), v.maxLength(100)), value: v.pipe(v.string(), v.maxLength(500)) }),
    ),
    [],
  ),
});
export type ContactRequest = v.InferOutput<typeof ContactRequest>;

const Day = v.pipe(v.string(), v.isoDate('must be yyyy-MM-dd'));

/** GET /contacts: `date` is one day of creation; `dateStart`/`dateEnd` a range of days (doc 1 §7). */
export const ListContactsQuery = v.object({
  searchParam: v.optional(v.pipe(v.string(), v.maxLength(100)), ''),
  pageNumber: PageNumber,
  date: v.optional(Day),
  dateStart: v.optional(Day),
  dateEnd: v.optional(Day),
});

/** GET /contacts/list: every contact of the company, for pickers (companyId is the session's, never the query's). */
export const ListAllContactsQuery = v.object({
  searchParam: v.optional(v.pipe(v.string(), v.maxLength(100)), ''),
});

/** POST /contacts/import: the connection to read the phone's contacts through; the default one when absent. */
export const ImportContactsRequest = v.optional(v.object({ whatsappId: v.optional(Id) }), {});

export const MAX_UPLOAD_ROWS = 5_000;

/**
 * POST /contacts/upload: spreadsheet rows the browser read from the .xlsx. Each row is checked on its
 * own (a bad row lands in the errorBag), so the list itself only has to be a list of objects.
 */
export const UploadContactsRequest = v.pipe(
  v.array(v.record(v.string(), v.unknown())),
  v.minLength(1, 'no rows'),
  v.maxLength(MAX_UPLOAD_ROWS, `at most ${MAX_UPLOAD_ROWS} rows`),
);

/** One spreadsheet row; cells may arrive as numbers (Excel stores phone numbers as numbers). */
const cell = v.pipe(
  v.union([v.string(), v.number()]),
  v.transform((x) => String(x)),
);
export const UploadContactRow = v.object({
  name: v.pipe(cell, v.trim(), v.minLength(2, 'too short'), v.maxLength(50, 'too long')),
  number: v.pipe(
    cell,
    v.transform((s) => s.replace(/\D/g, '')),
    v.minLength(8, 'too short'),
    v.maxLength(50, 'too long'),
  ),
  email: v.pipe(
    v.optional(v.nullable(cell)),
    v.transform((s) => (s ?? '').trim()),
    v.union([v.literal(''), v.pipe(v.string(), v.email('invalid email'))], 'invalid email'),
  ),
});
