import { randomUUID } from 'node:crypto';
import {
  contactCreated,
  contactNumberClaimed,
  inboundMessageReceived,
  ticketNoteAdded,
} from '@zelo/contracts/testing/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactNumberStreamId } from '../contacts/domain/contact.ts';
import { eventStoreContract } from '../event-store/event-store.contract.ts';
import type { EventStore, NewEvent } from '../event-store/port.ts';
import { eventStoreMigrations, PostgresEventStore } from '../event-store/postgres.ts';
import { createTestDatabase, type TestDatabase } from '../testing/database.ts';
import { KeyVault, keyVaultMigrations } from './key-vault.ts';
import { ERASED_TEXT, SHREDDED_TEXT } from './personal-fields.ts';
import { sealRecordedHistory } from './seal-recorded-history.ts';
import { sealedEventStore, vaultOf } from './sealed-event-store.ts';
import { personalSubject } from './subjects.ts';

const migrations = [...eventStoreMigrations, ...keyVaultMigrations];

eventStoreContract('PostgreSQL, personal data sealed', async () => {
  const db = await createTestDatabase(migrations);
  const vault = new KeyVault(db.pool, db.url);
  await vault.start();
  const store = sealedEventStore(new PostgresEventStore(db.pool, db.url), vault);
  return {
    store,
    teardown: async () => {
      await store.close();
      await vault.close();
      await db.drop();
    },
  };
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The event as the command handler records it. */
const recordable = (
  e: { type: string; data: Record<string, unknown> },
  at = new Date().toISOString(),
): NewEvent => ({
  id: randomUUID(),
  type: e.type,
  data: e.data,
  metadata: {
    companyId: e.data.companyId as string,
    actor: 'system:test',
    correlationId: randomUUID(),
    at,
  },
});

/** A contact with its number claim, a message and a note, each with text found nowhere else. */
function customer(companyId = randomUUID()) {
  const contactId = randomUUID();
  const tag = randomUUID().slice(0, 8);
  const name = `Ana ${tag}`;
  const number = `55119${Math.floor(Math.random() * 1e8)}`;
  const body = `my card is ${tag}`;
  return {
    companyId,
    contactId,
    name,
    number,
    body,
    contact: recordable(contactCreated({ contactId, companyId, name, number, email: `${tag}@mail.test` })),
    claim: recordable(contactNumberClaimed({ contactId, companyId, number })),
    message: recordable(inboundMessageReceived({ contactId, companyId, body, senderName: name })),
    note: recordable(ticketNoteAdded({ contactId, companyId, note: `call ${name}` })),
  };
}

describe('the sealed event store on PostgreSQL', () => {
  let db: TestDatabase;
  let vault: KeyVault;
  let store: EventStore;

  beforeAll(async () => {
    db = await createTestDatabase(migrations);
    vault = new KeyVault(db.pool, db.url);
    await vault.start();
    store = sealedEventStore(new PostgresEventStore(db.pool, db.url), vault);
  });

  afterAll(async () => {
    await store?.close();
    await vault?.close();
    await db?.drop();
  });

  /** Raw rows of the events table whose text holds `needle` (data, metadata or stream id). */
  const rawHits = async (needle: string) =>
    (
      await db.pool.query(
        `SELECT count(*)::int AS n FROM es_events
          WHERE data::text LIKE $1 OR metadata::text LIKE $1 OR stream_id LIKE $1`,
        [`%${needle}%`],
      )
    ).rows[0].n as number;

  async function write(c: ReturnType<typeof customer>) {
    await store.appendToStreams([
      { streamId: `contact-${c.contactId}`, events: [c.contact], expected: 'no_stream' },
      { streamId: contactNumberStreamId(c.companyId, c.number), events: [c.claim], expected: 'no_stream' },
    ]);
    await store.appendToStream(`ticket-${randomUUID()}`, [c.message, c.note], 'no_stream');
  }

  it('stores no name, number or message text in clear, and reads them back as written', async () => {
    const c = customer();
    await write(c);
    for (const needle of [c.name, c.number, c.body]) expect(await rawHits(needle), needle).toBe(0);

    const read = await store.readStream(`contact-${c.contactId}`);
    expect(read.events[0].data).toEqual(c.contact.data);
    const claim = await store.readStream(contactNumberStreamId(c.companyId, c.number));
    expect(claim.events[0].data).toEqual(c.claim.data);
    const all = await store.readAll(null, 1000);
    expect(all.find((e) => e.id === c.message.id)?.data).toEqual(c.message.data);
    expect(all.find((e) => e.id === c.note.id)?.data).toEqual(c.note.data);
  });

  it("reads an erased contact's data redacted everywhere, ids and counts unchanged", async () => {
    const c = customer();
    await write(c);
    const kept = customer(c.companyId);
    await write(kept);
    expect(await vault.destroy([personalSubject.contact(c.contactId)])).toBe(1);
    // Destroying again destroys nothing more.
    expect(await vault.destroy([personalSubject.contact(c.contactId)])).toBe(0);

    const [contact] = (await store.readStream(`contact-${c.contactId}`)).events;
    expect(contact.data).toMatchObject({ contactId: c.contactId, name: ERASED_TEXT, number: '', email: '' });
    const all = await store.readAll(null, 1000);
    expect(all.find((e) => e.id === c.message.id)?.data).toMatchObject({
      messageId: c.message.data.messageId,
      body: ERASED_TEXT,
      senderName: ERASED_TEXT,
      mediaUrl: null,
    });
    expect(all.find((e) => e.id === c.note.id)?.data.note).toBe(ERASED_TEXT);
    // The other customer of the same company reads as written.
    expect(all.find((e) => e.id === kept.message.id)?.data).toEqual(kept.message.data);
  });

  it('redacts at write time what is written for a subject destroyed before', async () => {
    const c = customer();
    await vault.destroy([personalSubject.contact(c.contactId)], c.companyId);
    await store.appendToStream(`contact-${c.contactId}`, [c.contact], 'no_stream');
    expect(await rawHits(c.name)).toBe(0);
    const { rows } = await db.pool.query('SELECT key FROM personal_data_keys WHERE subject = $1', [
      personalSubject.contact(c.contactId),
    ]);
    expect(rows).toEqual([{ key: null }]);
    const [contact] = (await store.readStream(`contact-${c.contactId}`)).events;
    expect(contact.data.name).toBe(ERASED_TEXT);
  });

  it("stops another process's vault decrypting once a key is destroyed (NOTIFY)", async () => {
    const c = customer();
    await write(c);
    const otherVault = new KeyVault(db.pool, db.url);
    await otherVault.start();
    const other = sealedEventStore(new PostgresEventStore(db.pool, db.url), otherVault);
    try {
      // The other process knows the key (cached): it reads in clear.
      expect((await other.readStream(`contact-${c.contactId}`)).events[0].data.name).toBe(c.name);
      await vault.destroy([personalSubject.contact(c.contactId)]);
      let name: unknown = c.name;
      for (let i = 0; i < 100 && name === c.name; i++) {
        await sleep(20);
        name = (await other.readStream(`contact-${c.contactId}`)).events[0].data.name;
      }
      expect(name).toBe(ERASED_TEXT);
    } finally {
      await other.close();
      await otherVault.close();
    }
  });

  it("shreds a company's message days before a date, and only those", async () => {
    const companyId = randomUUID();
    const contactId = randomUUID();
    const old = recordable(
      inboundMessageReceived({ companyId, contactId, body: 'old words' }),
      '2026-01-10T10:00:00.000Z',
    );
    const recent = recordable(
      inboundMessageReceived({ companyId, contactId, body: 'recent words' }),
      '2026-02-20T10:00:00.000Z',
    );
    const elsewhere = customer();
    await store.appendToStream(`ticket-${randomUUID()}`, [old, recent], 'no_stream');
    await write(elsewhere);
    expect(await vault.destroyDaysBefore(companyId, '2026-02-20')).toBe(1);
    expect(await vault.destroyDaysBefore(companyId, '2026-02-20')).toBe(0);
    const all = await store.readAll(null, 10_000);
    expect(all.find((e) => e.id === old.id)?.data).toMatchObject({ body: SHREDDED_TEXT, mediaUrl: null });
    expect(all.find((e) => e.id === recent.id)?.data.body).toBe('recent words');
    expect(all.find((e) => e.id === elsewhere.message.id)?.data.body).toBe(elsewhere.body);
  });

  it('fetches the keys of a batch in one statement, and known keys with none', async () => {
    let queries = 0;
    const counted = new Proxy(db.pool, {
      get: (pool, name) =>
        name === 'query'
          ? (...args: unknown[]) => {
              queries++;
              return (pool.query as (...a: unknown[]) => unknown).apply(pool, args);
            }
          : Reflect.get(pool, name),
    });
    const subjects = Array.from({ length: 300 }, () => personalSubject.contact(randomUUID()));
    const writer = new KeyVault(counted, null);
    const created = await writer.keysFor(subjects, { create: true, companyId: randomUUID() });
    expect(queries).toBe(1);
    expect([...created.values()].every((k) => k?.length === 32)).toBe(true);
    await writer.keysFor(subjects, { create: true });
    expect(queries).toBe(1);
    // Another process knows none of them: one SELECT, the same keys.
    const reader = new KeyVault(counted, null);
    const read = await reader.keysFor(subjects);
    expect(queries).toBe(2);
    expect(subjects.every((s) => read.get(s)?.equals(created.get(s)!))).toBe(true);
  });

  it('reaches the vault through the store (deps.store)', () => {
    expect(vaultOf(store)).toBe(vault);
  });
});

describe('events recorded before issue 25', () => {
  let db: TestDatabase;
  let vault: KeyVault;
  let store: EventStore;

  beforeAll(async () => {
    db = await createTestDatabase(migrations);
    vault = new KeyVault(db.pool, db.url);
    store = sealedEventStore(new PostgresEventStore(db.pool, db.url), vault);
  });

  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });

  /** Appended as the store did before: data in clear, the number in the stream id. */
  async function appendRaw(streamId: string, events: NewEvent[]) {
    const plain = new PostgresEventStore(db.pool, db.url);
    await plain.appendToStream(streamId, events, 'no_stream');
    await plain.close();
  }

  it('are sealed once, in place, read back identical, and erasable', async () => {
    const c = customer();
    await appendRaw(`contact-${c.contactId}`, [c.contact]);
    await appendRaw(`contactnumber-${c.companyId}-${c.number}`, [c.claim]);
    await appendRaw(`ticket-${randomUUID()}`, [c.message, c.note]);
    const rawHits = async (needle: string) =>
      (
        await db.pool.query(
          `SELECT count(*)::int AS n FROM es_events WHERE data::text LIKE $1 OR stream_id LIKE $1`,
          [`%${needle}%`],
        )
      ).rows[0].n as number;
    expect(await rawHits(c.name)).toBeGreaterThan(0);
    const before = await db.pool.query('SELECT global_position, transaction_id::text FROM es_events');

    expect(await sealRecordedHistory(db.pool, vault, 2)).toEqual({ sealed: 4, renamed: 1 });
    for (const needle of [c.name, c.number, c.body]) expect(await rawHits(needle), needle).toBe(0);
    // Global order untouched: projections' checkpoints stay valid.
    const after = await db.pool.query('SELECT global_position, transaction_id::text FROM es_events');
    expect(after.rows).toEqual(before.rows);

    expect((await store.readStream(`contact-${c.contactId}`)).events[0].data).toEqual(c.contact.data);
    const claim = await store.readStream(contactNumberStreamId(c.companyId, c.number));
    expect(claim.events.map((e) => e.data)).toEqual([c.claim.data]);
    const all = await store.readAll(null, 100);
    expect(all.find((e) => e.id === c.message.id)?.data).toEqual(c.message.data);

    // A second start does nothing.
    expect(await sealRecordedHistory(db.pool, vault)).toEqual({ sealed: 0, renamed: 0 });

    await vault.destroy([personalSubject.contact(c.contactId)]);
    const erased = await store.readAll(null, 100);
    expect(erased.find((e) => e.id === c.message.id)?.data.body).toBe(ERASED_TEXT);
    expect(erased.find((e) => e.id === c.contact.id)?.data.name).toBe(ERASED_TEXT);
  });
});
