import type {
  ContactListItemPage,
  ContactListItemView,
  ContactListPage,
  ContactListUploadResult,
  ContactListView,
} from '@zelo/contracts/contact-lists/read-models';
import * as v from 'valibot';
import { apiRequest } from '../../../lib/api.ts';

// Doc 2 §5: a list's name 2 to 50; an item's name 2 to 50, number 8 to 50, e-mail a valid format.
const Name = v.pipe(
  v.string('validation.required'),
  v.trim(),
  v.minLength(1, 'validation.required'),
  v.minLength(2, 'validation.tooShort'),
  v.maxLength(50, 'validation.tooLong'),
);

export const ContactListInput = v.object({ name: Name });
export type ContactListInput = v.InferOutput<typeof ContactListInput>;

export const ContactListItemInput = v.object({
  name: Name,
  number: v.pipe(
    v.string('validation.required'),
    v.transform((s) => s.replace(/\D/g, '')),
    v.minLength(1, 'validation.required'),
    v.minLength(8, 'validation.tooShort'),
    v.maxLength(50, 'validation.tooLong'),
  ),
  email: v.optional(
    v.union(
      [v.literal(''), v.pipe(v.string(), v.trim(), v.email('validation.invalidEmail'))],
      'validation.invalidEmail',
    ),
    '',
  ),
});
export type ContactListItemInput = v.InferOutput<typeof ContactListItemInput>;

const at = (path: string, id: string) => `${path}/${encodeURIComponent(id)}`;

export const searchContactLists = (searchParam: string, pageNumber: number, signal?: AbortSignal) =>
  apiRequest<ContactListPage>('/contact-lists/', {
    signal,
    query: { searchParam: searchParam || undefined, pageNumber },
  });

export const getContactList = (id: string, signal?: AbortSignal) =>
  apiRequest<ContactListView>(at('/contact-lists', id), { signal });

export const saveContactList = (id: string | null, input: ContactListInput) =>
  apiRequest<ContactListView>(id ? at('/contact-lists', id) : '/contact-lists', {
    method: id ? 'PUT' : 'POST',
    body: v.parse(ContactListInput, input),
  });

export const deleteContactList = (id: string) =>
  apiRequest<{ message: string }>(at('/contact-lists', id), { method: 'DELETE' });

export const searchContactListItems = (
  contactListId: string,
  searchParam: string,
  pageNumber: number,
  signal?: AbortSignal,
) =>
  apiRequest<ContactListItemPage>('/contact-list-items', {
    signal,
    query: { searchParam: searchParam || undefined, pageNumber, contactListId },
  });

export const saveContactListItem = (contactListId: string, id: string | null, input: ContactListItemInput) =>
  apiRequest<ContactListItemView>(id ? at('/contact-list-items', id) : '/contact-list-items', {
    method: id ? 'PUT' : 'POST',
    body: { ...v.parse(ContactListItemInput, input), contactListId },
  });

export const deleteContactListItem = (id: string) =>
  apiRequest<{ message: string }>(at('/contact-list-items', id), { method: 'DELETE' });

/** Sends the .xls/.xlsx as it is: the server reads it and answers the rows added and the rows refused. */
export function uploadContactListSpreadsheet(
  contactListId: string,
  file: File,
): Promise<ContactListUploadResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiRequest<ContactListUploadResult>(`${at('/contact-lists', contactListId)}/upload`, {
    method: 'POST',
    body: form,
  });
}

/** The example spreadsheet (columns nome, numero, email), served by the web app itself. */
export const EXAMPLE_SPREADSHEET_URL = '/planilha.xlsx';
