import * as XLSX from '@e965/xlsx';
import { eventually } from '@zelo/services/testing/eventually';
import type { TestSystem } from './system.ts';

/**
 * A contact list of `numbers`, each made a phone of the simulated network first, uploaded as a
 * spreadsheet as an admin would (nome, numero, email); resolves with its id once the connection found
 * every number WhatsApp-valid, so that a campaign on it sends to all of them (timeoutMs 0: at once,
 * for a test of who asks).
 */
export async function validContactList(
  system: TestSystem,
  token: string,
  name: string,
  numbers: string[],
  timeoutMs = 60_000,
): Promise<string> {
  for (const [i, number] of numbers.entries()) {
    const phone = await system.api('POST', '/simulator/phones', { body: { number, name: `Cliente ${i}` } });
    if (phone.status >= 300) throw new Error(`simulator phone ${number}: ${phone.status}`);
  }
  const list = await system.api('POST', '/contact-lists', { token, body: { name } });
  if (list.status !== 201) throw new Error(`contact list: ${list.status} ${JSON.stringify(list.body)}`);
  const listId = list.body.id as string;
  const book = XLSX.utils.book_new();
  const rows = numbers.map((number, i) => [`Cliente ${i}`, number, '']);
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['nome', 'numero', 'email'], ...rows]), 'C');
  const form = new FormData();
  form.append('file', new Blob([XLSX.write(book, { type: 'buffer', bookType: 'xlsx' })]), 'lista.xlsx');
  const upload = await fetch(`${system.url}/contact-lists/${listId}/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (upload.status !== 200) throw new Error(`list upload: ${upload.status} ${await upload.text()}`);
  if (timeoutMs === 0) return listId;
  await eventually(
    async () =>
      (
        await system.ctx.pool.query(
          'SELECT count(*)::int AS n FROM contact_list_items WHERE contact_list_id = $1 AND is_whatsapp_valid',
          [listId],
        )
      ).rows[0].n === numbers.length,
    timeoutMs,
    'every number checked',
  );
  return listId;
}

/** What the contact-list calls wrote: their events, WhatsApp's answers (recorded later by the channel) aside. */
export async function contactListEventCount(system: TestSystem): Promise<number> {
  const { rows } = await system.ctx.pool.query(
    "SELECT count(*) AS n FROM es_events WHERE type LIKE 'ContactList%' AND type <> 'ContactListItemValidated'",
  );
  return Number(rows[0].n);
}
