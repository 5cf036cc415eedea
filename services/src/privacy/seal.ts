import { createCipheriv, createDecipheriv, createHmac, randomBytes, randomFillSync } from 'node:crypto';
import type { EventMetadata } from '../event-store/port.ts';
import type { SubjectKey } from './key-vault.ts';
import { contentDay, type FieldGroup, personalFields, redactedValue } from './personal-fields.ts';

// Sealing one event: its personal fields (personal-fields.ts) leave `data` and come back as sealed
// parts under `data.$sealed`, one per group of fields (AES-256-GCM, a random IV, the event id as
// associated data so that a part cannot be moved to another event). Message content is sealed under
// both its person's key and its company's key of the day: with a key derived from the two (HMAC of the
// day's key under the person's), so that destroying either makes it unreadable, at the cost of one
// cipher (it runs on every inbound message, and again for every reader of it).

type Data = Record<string, unknown>;

/** The key under which sealed parts travel inside an event's data. */
export const SEALED = '$sealed';

/** One sealed group: its subjects (the person's first), the fields it holds, and iv|tag|ciphertext. */
export interface SealedPart {
  s: string[];
  f: string[];
  c: string;
}

interface Sealable {
  id: string;
  type: string;
  data: Data;
  metadata: EventMetadata;
}

const IV = 12;
const TAG = 16;

/** Random IVs drawn from a pool: one call to the system's generator per 4 096 of them. */
const ivPool = randomBytes(IV * 4096);
let ivAt = 0;
function nextIv(): Buffer {
  if (ivAt + IV > ivPool.length) {
    randomFillSync(ivPool);
    ivAt = 0;
  }
  // A copy: the pool is refilled in place.
  const iv = Buffer.from(ivPool.subarray(ivAt, ivAt + IV));
  ivAt += IV;
  return iv;
}

/** Keys of subject pairs (person and day), derived once: only reached when both keys exist. */
const derived = new Map<string, Buffer>();
const MAX_DERIVED = 50_000;

/** The one key a part's subjects seal it under; null when any of their keys is gone. */
function partKey(subjects: string[], keys: Map<string, SubjectKey>): Buffer | null {
  const first = keys.get(subjects[0]) ?? null;
  if (first === null || subjects.length === 1) return first;
  const second = keys.get(subjects[1]) ?? null;
  if (second === null) return null;
  const id = `${subjects[0]}\n${subjects[1]}`;
  let key = derived.get(id);
  if (!key) {
    key = createHmac('sha256', first).update(second).digest();
    if (derived.size >= MAX_DERIVED) derived.clear();
    derived.set(id, key);
  }
  return key;
}

function encrypt(key: Buffer, plain: Buffer, aad: Buffer): Buffer {
  const iv = nextIv();
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

function decrypt(key: Buffer, sealed: Buffer, aad: Buffer): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV));
  decipher.setAAD(aad);
  decipher.setAuthTag(sealed.subarray(IV, IV + TAG));
  return Buffer.concat([decipher.update(sealed.subarray(IV + TAG)), decipher.final()]);
}

/** A group's subjects, inner first. */
const groupSubjects = (g: FieldGroup, e: Sealable): string[] =>
  g.content
    ? [g.subject(e.data, e.metadata), contentDay(e.data, e.metadata)]
    : [g.subject(e.data, e.metadata)];

/** Every subject whose key sealing this event needs (none: it passes through untouched). */
export function subjectsToSeal(e: Sealable): string[] {
  const spec = personalFields[e.type];
  if (!spec || SEALED in e.data) return [];
  const subjects: string[] = [];
  for (const g of spec.groups)
    if (Object.keys(g.fields).some((f) => f in e.data)) subjects.push(...groupSubjects(g, e));
  const items = spec.items && e.data[spec.items.field];
  if (spec.items && Array.isArray(items))
    for (let i = 0; i < items.length; i++) subjects.push(spec.items.subject(e.data, i));
  return subjects;
}

/** Which field `f` of a part names: `recipients.3` is item 3 of `recipients`. */
const itemOf = (f: string): [string, number] | null => {
  const dot = f.indexOf('.');
  return dot < 0 ? null : [f.slice(0, dot), Number(f.slice(dot + 1))];
};

/**
 * The event with its personal fields sealed under `keys` (subjectsToSeal's, fetched). A field whose
 * key was destroyed before it was written is stored already redacted: nobody can ever read it.
 */
export function sealEvent<E extends Sealable>(e: E, keys: Map<string, SubjectKey>): E {
  const spec = personalFields[e.type];
  if (!spec || SEALED in e.data) return e;
  const data: Data = { ...e.data };
  const parts: SealedPart[] = [];
  const aad = Buffer.from(e.id);
  const seal = (subjects: string[], fields: Data, redact: () => void) => {
    const key = partKey(subjects, keys);
    if (key === null) return redact();
    const json = JSON.stringify(fields);
    const sealed = encrypt(key, Buffer.from(json), aad).toString('base64');
    rememberPlaintext(`${e.id}\n${sealed}`, json);
    parts.push({ s: subjects, f: Object.keys(fields), c: sealed });
  };
  for (const g of spec.groups) {
    const present = Object.keys(g.fields).filter((f) => f in e.data);
    if (present.length === 0) continue;
    const fields: Data = {};
    for (const f of present) {
      fields[f] = e.data[f];
      delete data[f];
    }
    const subjects = groupSubjects(g, e);
    seal(subjects, fields, () => {
      const shredded = keys.get(subjects[0]) != null;
      for (const f of present) data[f] = redactedValue(g.fields[f], shredded);
    });
  }
  const items = spec.items && e.data[spec.items.field];
  if (spec.items && Array.isArray(items)) {
    const { field, subject, redacted } = spec.items;
    const kept: unknown[] = items.map(() => redacted);
    items.forEach((item, i) => {
      seal([subject(e.data, i)], { [`${field}.${i}`]: item }, () => {});
    });
    // The clear array keeps its length (counts stay); its items come back from their parts.
    data[field] = kept;
  }
  if (parts.length === 0 && !spec.items) return { ...e, data };
  return { ...e, data: { ...data, [SEALED]: parts } };
}

const partsOf = (data: Data): SealedPart[] | null => {
  const parts = data[SEALED];
  return Array.isArray(parts) ? (parts as SealedPart[]) : null;
};

/** Every subject whose key opening this event needs. */
export function subjectsToOpen(e: { data: Data }, into: Set<string>): void {
  const parts = partsOf(e.data);
  if (parts) for (const p of parts) for (const s of p.s) into.add(s);
}

/**
 * The event as it was written, or, where a key is gone, with the redacted values its schema accepts:
 * the person's (ERASED_TEXT) when the person's key is gone, the day's (SHREDDED_TEXT) when only the
 * day's is.
 */
export function openEvent<E extends { id: string; type: string; data: Data }>(
  e: E,
  keys: Map<string, SubjectKey>,
): E {
  const parts = partsOf(e.data);
  if (!parts) return e;
  const data: Data = {};
  for (const k in e.data) if (k !== SEALED) data[k] = e.data[k];
  const spec = personalFields[e.type];
  // Arrays whose items come back from their parts, copied once.
  const lists = new Map<string, unknown[]>();
  const listOf = (field: string) => {
    let list = lists.get(field);
    if (!list) {
      list = [...((data[field] as unknown[] | undefined) ?? [])];
      lists.set(field, list);
      data[field] = list;
    }
    return list;
  };
  for (const p of parts) {
    const key = partKey(p.s, keys);
    if (key === null) {
      // Only the day's key gone: retention, not erasure. An unreadable item keeps the clear array's.
      const shredded = (keys.get(p.s[0]) ?? null) !== null;
      for (const f of p.f) if (!itemOf(f)) data[f] = redactionOf(spec?.groups, f, shredded);
      continue;
    }
    const fields = JSON.parse(plaintextOf(e.id, key, p.c)) as Data;
    for (const f of p.f) {
      const item = itemOf(f);
      if (item) listOf(item[0])[item[1]] = fields[f];
      else data[f] = fields[f];
    }
  }
  return { ...e, data };
}

/**
 * Parts recently sealed or opened in this process, as JSON: the API's reactors read back what it just
 * wrote, several runners read the same events, and a cipher costs more than all the rest of a read.
 * Consulted only once the part's keys are known to exist (a destroyed key is never bypassed). Kept as
 * text, parsed per read: no reader shares another's objects.
 */
const plaintexts = new Map<string, string>();
const MAX_PLAINTEXTS = 20_000;

function rememberPlaintext(id: string, json: string): void {
  if (plaintexts.size >= MAX_PLAINTEXTS) plaintexts.clear();
  plaintexts.set(id, json);
}

/** Keyed by the event and the sealed text (its IV is random): a part is found only as it was sealed. */
function plaintextOf(eventId: string, key: Buffer, sealed: string): string {
  const id = `${eventId}\n${sealed}`;
  let json = plaintexts.get(id);
  if (json === undefined) {
    json = decrypt(key, Buffer.from(sealed, 'base64'), Buffer.from(eventId)).toString('utf8');
    rememberPlaintext(id, json);
  }
  return json;
}

function redactionOf(groups: FieldGroup[] | undefined, field: string, shredded: boolean): unknown {
  const g = groups?.find((x) => field in x.fields);
  return g ? redactedValue(g.fields[field], shredded && g.content === true) : '';
}
