import { randomUUID } from 'node:crypto';
import { defaultConnectionSettings } from '@zelo/contracts/connections/read-models';
import { DomainError } from '@zelo/contracts/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConnectionCommand } from '../connections/handlers.ts';
import { createContact } from '../contacts/handlers.ts';
import { eventStoreMigrations, PostgresEventStore } from '../event-store/postgres.ts';
import { loadMessage } from '../messaging/handlers.ts';
import { systemClock } from '../platform/clock.ts';
import type { Deps } from '../platform/command-handler.ts';
import { createTestDatabase, type TestDatabase } from '../testing/database.ts';
import { scheduledMessageId, scheduledMessageSender } from './handlers.ts';

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

async function company(withDefaultConnection: boolean) {
  const companyId = randomUUID();
  const who = { companyId, actor: randomUUID() };
  const whatsappId = randomUUID();
  if (withDefaultConnection) {
    const fields = {
      ...defaultConnectionSettings,
      name: 'Principal',
      isDefault: true,
      provider: 'simulator' as const,
      queueIds: [],
    };
    await runConnectionCommand(
      deps,
      { type: 'CreateConnection', companyId, whatsappId, token: randomUUID(), fields },
      who,
    );
  }
  const contact = {
    name: 'Maria Souza',
    number: `55119${Math.floor(Math.random() * 1e8)}`,
    email: '',
    isGroup: false,
    profilePicUrl: '',
    extraInfo: [],
  };
  const { contactId } = await createContact(deps, companyId, contact, who);
  return { companyId, contactId, whatsappId, userId: who.actor };
}

describe('scheduledMessageSender', () => {
  it('queues the body once on the contact ticket of the default connection, however often it is retried', async () => {
    const c = await company(true);
    const send = scheduledMessageSender(deps);
    const messageId = scheduledMessageId(randomUUID());
    const request = {
      messageId,
      companyId: c.companyId,
      contactId: c.contactId,
      ticketId: null,
      whatsappId: null,
      body: 'Lembrete',
      userId: c.userId,
      media: null,
    };

    expect(await send(request)).toEqual({ messageId });
    expect(await send(request)).toEqual({ messageId });

    const queued = (await store.readStream(`message-${messageId}`)).events;
    expect(queued.map((e) => e.type)).toEqual(['OutboundMessageQueued']);
    expect(queued[0].data).toMatchObject({
      body: 'Lembrete',
      whatsappId: c.whatsappId,
      contactId: c.contactId,
      userId: c.userId,
    });
    expect((await loadMessage(deps, messageId)).kind).not.toBe('none');
  });

  it('sends an attached image as one image message captioned with the body, once across retries', async () => {
    const c = await company(true);
    const send = scheduledMessageSender(deps);
    const messageId = scheduledMessageId(randomUUID());
    const mediaPath = `/public/${c.companyId}/2030/01/1-${'a'.repeat(32)}-lembrete.png`;
    const request = {
      messageId,
      companyId: c.companyId,
      contactId: c.contactId,
      ticketId: null,
      whatsappId: null,
      body: 'Lembrete com a foto',
      userId: c.userId,
      media: { mediaPath, mediaName: 'lembrete.png' },
    };

    expect(await send(request)).toEqual({ messageId });
    expect(await send(request)).toEqual({ messageId });

    const queued = (await store.readStream(`message-${messageId}`)).events;
    expect(queued.map((e) => e.type)).toEqual(['OutboundMessageQueued']);
    expect(queued[0].data).toMatchObject({
      body: 'Lembrete com a foto',
      mediaType: 'image',
      mediaUrl: mediaPath,
      whatsappId: c.whatsappId,
    });
  });

  it('refuses with ERR_NO_DEF_WAPP_FOUND when the company has no connection', async () => {
    const c = await company(false);
    const send = scheduledMessageSender(deps);
    const request = {
      messageId: randomUUID(),
      companyId: c.companyId,
      contactId: c.contactId,
      ticketId: null,
      whatsappId: null,
      body: 'Lembrete',
      userId: c.userId,
      media: null,
    };
    await expect(send(request)).rejects.toSatisfy(
      (e) => e instanceof DomainError && e.code === 'ERR_NO_DEF_WAPP_FOUND',
    );
  });
});
