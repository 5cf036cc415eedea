import { UploadContactRow } from '@zelo/contracts/contacts/api';
import type { UploadRowError } from '@zelo/contracts/contacts/read-models';
import { DomainError } from '@zelo/contracts/errors';
import * as v from 'valibot';
import { type Actor, type Deps, latestPosition } from '../platform/command-handler.ts';
import { createContact } from './handlers.ts';

/** Rows written at once: enough to hide round trips, few enough to leave the pool to everyone else. */
const CONCURRENCY = 8;

interface ValidRow {
  row: number;
  name: string;
  number: string;
  email: string;
}

const text = (x: unknown) => (typeof x === 'string' || typeof x === 'number' ? String(x) : '');

type RowSchema = v.GenericSchema<unknown, { name: string; number: string; email?: string | null }>;

/**
 * A spreadsheet's rows checked one by one (the contacts import and the contact lists' alike): each row
 * against `schema`, and a number repeated in the file refused on its later rows (`duplicate`), so the
 * first one wins. Answers the good rows and, for each refused one, its line, name, number and why.
 */
export function checkRows(
  rows: { line: number; cells: Record<string, unknown> }[],
  schema: RowSchema,
  duplicate: 'ERR_DUPLICATED_CONTACT' | 'ERR_DUPLICATED_CONTACT_LIST_ITEM',
) {
  const errorBag: UploadRowError[] = [];
  const valid: ValidRow[] = [];
  const seen = new Set<string>();
  for (const { line: row, cells: raw } of rows) {
    const parsed = v.safeParse(schema, raw);
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
      continue;
    }
    const { name, number, email } = parsed.output;
    if (seen.has(number)) {
      errorBag.push({ row, name, number, error: duplicate, message: 'number repeated in the file' });
      continue;
    }
    seen.add(number);
    valid.push({ row, name, number, email: email ?? '' });
  }
  return { valid, errorBag };
}

/**
 * The spreadsheet import (POST /contacts/upload). Every row is checked and created on its own through
 * createContact, so the number's stream still decides duplicates; a refused row writes nothing and
 * never stops the others. A number repeated inside the file is refused on its later rows, so the first
 * one wins whatever order the writes finish in.
 */
export async function uploadContacts(
  deps: Deps,
  companyId: string,
  rows: Record<string, unknown>[],
  who: Actor,
) {
  const { valid, errorBag } = checkRows(
    rows.map((cells, i) => ({ line: i + 1, cells })),
    UploadContactRow,
    'ERR_DUPLICATED_CONTACT',
  );

  const created: { row: number; contactId: string }[] = [];
  let position: string | null = null;
  let next = 0;
  const worker = async () => {
    while (next < valid.length) {
      const r = valid[next++];
      try {
        const data = {
          name: r.name,
          number: r.number,
          email: r.email,
          isGroup: false,
          profilePicUrl: '',
          extraInfo: [],
        };
        const done = await createContact(deps, companyId, data, who);
        created.push({ row: r.row, contactId: done.contactId });
        position = latestPosition(deps.store, position, done.position);
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
        errorBag.push({ row: r.row, name: r.name, number: r.number, error: err.code, message: err.message });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, valid.length) }, worker));
  created.sort((a, b) => a.row - b.row);
  errorBag.sort((a, b) => a.row - b.row);
  return { created, errorBag, position };
}
