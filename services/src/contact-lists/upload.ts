import { ContactListUploadRow } from '@zelo/contracts/contact-lists/api';
import type { UploadRowError } from '@zelo/contracts/contacts/read-models';
import * as v from 'valibot';
import type { Actor, Deps } from '../platform/command-handler.ts';
import { newId } from '../platform/ids.ts';
import type { NewItem } from './domain/contact-list.ts';
import { runContactListCommand } from './handlers.ts';
import type { SheetRow } from './spreadsheet.ts';

const text = (x: unknown) => (typeof x === 'string' || typeof x === 'number' ? String(x) : '');

/**
 * A spreadsheet's rows into a list (POST /contact-lists/{id}/upload): every row is checked, the good
 * ones are added by one command (one append of many events), the others are reported. The list's
 * stream decides duplicates: a number already in the list, or repeated by an earlier row, is refused.
 */
export async function uploadContactListItems(
  deps: Deps,
  companyId: string,
  contactListId: string,
  rows: SheetRow[],
  who: Actor,
) {
  const errorBag: UploadRowError[] = [];
  const valid: (NewItem & { row: number })[] = [];
  const seen = new Set<string>();
  // A refused row is named by its line in the sheet, as the user finds it there.
  rows.forEach(({ line: row, cells: raw }) => {
    const parsed = v.safeParse(ContactListUploadRow, raw);
    if (!parsed.success) {
      const message = parsed.issues
        .map((issue) => `${v.getDotPath(issue) ?? 'row'}: ${issue.message}`)
        .join('; ');
      errorBag.push({
        row,
        name: text(raw.name),
        number: text(raw.number),
        error: 'ERR_VALIDATION',
        message,
      });
      return;
    }
    const { name, number, email } = parsed.output;
    if (seen.has(number)) {
      const error = 'ERR_DUPLICATED_CONTACT_LIST_ITEM';
      errorBag.push({ row, name, number, error, message: 'number repeated in the file' });
      return;
    }
    seen.add(number);
    valid.push({ row, itemId: newId(), name, number, email: email ?? '' });
  });

  let added = new Set<string>();
  let position: string | null = null;
  if (valid.length > 0) {
    const r = await runContactListCommand(
      deps,
      {
        type: 'ImportContactListItems',
        companyId,
        contactListId,
        items: valid.map(({ row: _r, ...item }) => item),
      },
      who,
    );
    added = new Set(
      r.appended.flatMap((e) => (e.type === 'ContactListItemAdded' ? [e.data.itemId as string] : [])),
    );
    position = r.position;
  }
  for (const item of valid.filter((i) => !added.has(i.itemId))) {
    errorBag.push({
      row: item.row,
      name: item.name,
      number: item.number,
      error: 'ERR_DUPLICATED_CONTACT_LIST_ITEM',
      message: 'this number is already in the list',
    });
  }
  errorBag.sort((a, b) => a.row - b.row);
  return { added: valid.filter((i) => added.has(i.itemId)).map((i) => i.itemId), errorBag, position };
}
