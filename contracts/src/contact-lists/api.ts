import * as v from 'valibot';
import { Id, Name, PageNumber, PhoneNumber } from '../common.ts';

/** POST /contact-lists and PUT /contact-lists/{id} (doc 2 §5: name required, 2 to 50). */
export const ContactListRequest = v.object({ name: Name });
export type ContactListRequest = v.InferOutput<typeof ContactListRequest>;

/** GET /contact-lists/: the page's search with infinite scroll. */
export const ListContactListsQuery = v.object({
  searchParam: v.optional(v.pipe(v.string(), v.maxLength(100)), ''),
  pageNumber: PageNumber,
});

/** GET /contact-lists/list: the spec's client may send companyId; the session decides it. */
export const AllContactListsQuery = v.object({ companyId: v.optional(v.string()) });

const ItemEmail = v.optional(
  v.union([v.literal(''), v.pipe(v.string(), v.trim(), v.email('invalid email'), v.maxLength(120))]),
  '',
);

/** POST /contact-list-items (doc 2 §5: name 2 to 50, number 8 to 50, e-mail a valid format). */
export const ContactListItemRequest = v.object({
  contactListId: Id,
  name: Name,
  number: PhoneNumber,
  email: ItemEmail,
});
export type ContactListItemRequest = v.InferOutput<typeof ContactListItemRequest>;

/** PUT /contact-list-items/{id}: the item stays in its list (a contactListId sent along is ignored). */
export const UpdateContactListItemRequest = v.object({
  contactListId: v.optional(v.unknown()),
  name: Name,
  number: PhoneNumber,
  email: ItemEmail,
});
export type UpdateContactListItemRequest = v.InferOutput<typeof UpdateContactListItemRequest>;

/** GET /contact-list-items: one list's items, searched by name, number or e-mail. */
export const ListContactListItemsQuery = v.object({
  searchParam: v.optional(v.pipe(v.string(), v.maxLength(100)), ''),
  pageNumber: PageNumber,
  contactListId: Id,
});

/** POST /contact-lists/{id}/upload: the spreadsheet's size and rows the server reads at most. */
export const MAX_CONTACT_LIST_UPLOAD_BYTES = 5 * 1024 * 1024;
export const MAX_CONTACT_LIST_UPLOAD_ROWS = 5_000;

/** A spreadsheet cell: Excel stores phone numbers as numbers. */
const cell = v.pipe(
  v.union([v.string(), v.number()]),
  v.transform((x) => String(x)),
);
/** One spreadsheet row, its columns already named name/number/email (from nome, numero, email). */
export const ContactListUploadRow = v.object({
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
