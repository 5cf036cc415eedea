import { DomainError } from '@zelo/contracts/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactNumberStreamId } from '../contacts/domain/contact.ts';
import { contactStreamId, createContact, loadContact } from '../contacts/handlers.ts';
import type { EventStore } from '../event-store/port.ts';
import { eventStoreMigrations, PostgresEventStore } from '../event-store/postgres.ts';
import { signUpCompany } from '../tenancy/handlers.ts';
import { createTestDatabase, type TestDatabase } from '../testing/database.ts';
import { userEmailStreamId } from '../users/domain/user.ts';
import { createUser, userStreamId } from '../users/handlers.ts';
import { systemClock } from './clock.ts';
import { CLAIM_GRACE_MS, type Deps } from './command-handler.ts';
import { newId } from './ids.ts';

// A command that claims a unique value (an e-mail, a contact's number) and writes its owner must do
// both or neither: a claim left without its owner would block that e-mail or number for good.

const who = { companyId: null, actor: 'system:test' };
const signUp = (email: string, name: string) =>
  signUpCompany(deps, { name, email, phone: '5511999990000', password: 'secret1', planId: newId() }, who);

let db: TestDatabase;
let store: PostgresEventStore;
let deps: Deps;

beforeAll(async () => {
  db = await createTestDatabase(eventStoreMigrations);
  store = new PostgresEventStore(db.pool, db.url);
  deps = { store, clock: systemClock };
});

afterAll(async () => {
  await store?.close();
  await db?.drop();
});

const failure = async (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: unknown) => err,
  );

describe('a claim and its owner, all or nothing', () => {
  it('a sign-up that fails after the e-mail claim leaves the e-mail free for a retry', async () => {
    const email = `nul-${newId()}@example.dev`;
    // A NUL reaches the store (the API refuses it earlier; this is any failure of the later append).
    expect(await failure(signUp(email, 'Empresa\u0000Nula'))).toBeTruthy();
    expect((await store.readStream(userEmailStreamId(email))).revision).toBe(-1);

    const ok = await signUp(email, 'Empresa Boa');
    expect((await store.readStream(userStreamId(ok.userId))).revision).toBe(0);
    // And a second sign-up with it is refused as a duplicate, writing nothing.
    const dup = await failure(signUp(email, 'Outra Empresa'));
    expect(dup).toBeInstanceOf(DomainError);
    expect((dup as DomainError).code).toBe('ERR_DUPLICATED_EMAIL');
  });

  it("a contact that fails after its number's claim leaves the number free for a retry", async () => {
    const companyId = newId();
    const number = '5511912345678';
    const data = {
      name: 'Cliente\u0000',
      number,
      email: '',
      extraInfo: [],
      isGroup: false,
      profilePicUrl: '',
    };
    expect(await failure(createContact(deps, companyId, data, who))).toBeTruthy();
    expect((await store.readStream(contactNumberStreamId(companyId, number))).revision).toBe(-1);

    const { contactId } = await createContact(deps, companyId, { ...data, name: 'Cliente' }, who);
    expect((await loadContact(deps, contactId)).kind).toBe('exists');
  });
});

describe('a claim whose owner never appeared (written apart by an older version, or by EventStoreDB)', () => {
  const orphanClaim = async (email: string, at: Date) => {
    await store.appendToStream(
      userEmailStreamId(email),
      [
        {
          id: newId(),
          type: 'UserEmailClaimed',
          data: { email, userId: newId() },
          metadata: { companyId: null, actor: 'system:test', correlationId: newId(), at: at.toISOString() },
        },
      ],
      'no_stream',
    );
  };
  const user = (email: string) => ({
    userId: newId(),
    companyId: newId(),
    name: 'Ana',
    email,
    passwordHash: 'x',
    profile: 'user' as const,
    super: false,
    allTicket: 'desabled' as const,
    whatsappId: null,
    queueIds: [],
  });

  it('is taken over by the next claim of the e-mail', async () => {
    const email = `orphan-${newId()}@example.dev`;
    await orphanClaim(email, new Date(Date.now() - 2 * CLAIM_GRACE_MS));
    const u = user(email);
    await createUser(deps, u, who);
    expect((await store.readStream(userStreamId(u.userId))).revision).toBe(0);
    const claims = (await store.readStream(userEmailStreamId(email))).events;
    expect(claims.at(-1)?.data).toMatchObject({ userId: u.userId });
  });

  it('waits out its grace period on a store without multi-stream transactions (its writer may be mid-way)', async () => {
    const email = `young-${newId()}@example.dev`;
    await orphanClaim(email, new Date());
    const split: EventStore = Object.assign(Object.create(store), { atomicMultiStream: false });
    const err = await failure(createUser({ ...deps, store: split }, user(email), who));
    expect((err as DomainError).code).toBe('ERR_DUPLICATED_EMAIL');
  });

  it('is completed, not taken over, by an inbound message of its number (the contact id stays)', async () => {
    const companyId = newId();
    const number = '5511987654321';
    const contactId = newId();
    await store.appendToStream(
      contactNumberStreamId(companyId, number),
      [
        {
          id: newId(),
          type: 'ContactNumberClaimed',
          data: { companyId, number, contactId },
          metadata: { companyId, actor: 'system:test', correlationId: newId(), at: new Date().toISOString() },
        },
      ],
      'no_stream',
    );
    const { ensureContact } = await import('../contacts/handlers.ts');
    const r = await ensureContact(deps, companyId, { name: 'Cliente', number, isGroup: false }, who);
    expect(r.contactId).toBe(contactId);
    expect((await store.readStream(contactStreamId(contactId))).revision).toBe(0);
  });
});
