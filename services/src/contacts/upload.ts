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
  const errorBag: UploadRowError[] = [];
  const valid: ValidRow[] = [];
  const seen = new Set<string>();
  rows.forEach((raw, i) => {
    const row = i + 1;
    const parsed = v.safeParse(UploadContactRow, raw);
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
      errorBag.push({
        row,
        name,
        number,
        error: 'ERR_DUPLICATED_CONTACT',
        message: 'number repeated in the file',
      });
      return;
    }
    seen.add(number);
    valid.push({ row, name, number, email: email ?? '' });
  });

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
