import { ContactListUploadRow } from '@zelo/contracts/contact-lists/api';
import { checkRows } from '../contacts/upload.ts';
import type { Actor, Deps } from '../platform/command-handler.ts';
import { newId } from '../platform/ids.ts';
import { runContactListCommand } from './handlers.ts';
import type { SheetRow } from './spreadsheet.ts';

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
  // A refused row is named by its line in the sheet, as the user finds it there.
  const checked = checkRows(rows, ContactListUploadRow, 'ERR_DUPLICATED_CONTACT_LIST_ITEM');
  const { errorBag } = checked;
  const valid = checked.valid.map((r) => ({ ...r, itemId: newId() }));

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
