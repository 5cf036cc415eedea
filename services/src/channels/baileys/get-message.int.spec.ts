import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventStoreMigrations, PostgresEventStore } from '../../event-store/postgres.ts';
import { inboundMessageId, outboundWaMessageId, runMessageCommand } from '../../messaging/handlers.ts';
import { systemClock } from '../../platform/clock.ts';
import type { Deps } from '../../platform/command-handler.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/database.ts';
import { isResendable, type LookupMessage, messageLookup } from './get-message.ts';

let db: TestDatabase;
let deps: Deps;
let lookup: LookupMessage;
const who = { companyId: null, actor: 'system:test' };
const ref = () => ({
  companyId: randomUUID(),
  ticketId: randomUUID(),
  contactId: randomUUID(),
  whatsappId: randomUUID(),
});

beforeAll(async () => {
  db = await createTestDatabase(eventStoreMigrations);
  deps = { store: new PostgresEventStore(db.pool, db.url), clock: systemClock };
  lookup = messageLookup(deps);
});
afterAll(async () => {
  await deps.store.close();
  await db.drop();
});

async function inbound(body: string, mediaType: 'chat' | 'image' | 'locationMessage') {
  const r = ref();
  const waMessageId = `3EB0${randomUUID().slice(0, 8).toUpperCase()}`;
  const messageId = inboundMessageId(r.whatsappId, waMessageId);
  const message = {
    ...r,
    messageId,
    body,
    mediaType,
    mediaUrl: mediaType === 'image' ? '/public/x.jpg' : null,
    quotedMsgId: null,
    waMessageId,
    senderName: 'Maria',
    receivedAt: new Date().toISOString(),
  };
  await runMessageCommand(deps, messageId, { type: 'ReceiveInbound', message }, who);
  return { ...r, waMessageId, messageId };
}

describe("getMessage from Zelo's event store", () => {
  it("answers a customer's text by its WhatsApp id, for its own connection only", async () => {
    const m = await inbound('Olá, meu pedido não chegou', 'chat');
    expect(await lookup(m.whatsappId, m.waMessageId)).toEqual({ conversation: 'Olá, meu pedido não chegou' });
    expect(await lookup(randomUUID(), m.waMessageId)).toBeUndefined();
    expect(await lookup(m.whatsappId, '3EB0UNKNOWN')).toBeUndefined();
  });

  it("answers Zelo's own queued message by its ZELO id", async () => {
    const r = ref();
    const messageId = randomUUID();
    const message = {
      ...r,
      messageId,
      body: 'Seu pedido saiu para entrega',
      mediaType: 'chat' as const,
      mediaUrl: null,
      quotedMsgId: null,
      userId: null,
      waMessageId: outboundWaMessageId(messageId),
    };
    await runMessageCommand(deps, messageId, { type: 'QueueOutbound', message }, who);
    expect(await lookup(r.whatsappId, message.waMessageId)).toEqual({
      conversation: 'Seu pedido saiu para entrega',
    });
  });

  it('rebuilds a location; a photo only as a quote preview, never for a resend', async () => {
    const place = await inbound(
      '|https://maps.google.com/maps?q=-23.5613%2C-46.6565&z=17|MASP',
      'locationMessage',
    );
    const loc = await lookup(place.whatsappId, place.waMessageId);
    expect(loc).toEqual({
      locationMessage: { degreesLatitude: -23.5613, degreesLongitude: -46.6565, name: 'MASP' },
    });
    expect(isResendable(loc)).toBe(true);
    const photo = await inbound('Foto da caixa', 'image');
    const img = await lookup(photo.whatsappId, photo.waMessageId);
    expect(img).toEqual({ imageMessage: { caption: 'Foto da caixa' } });
    expect(isResendable(img)).toBe(false);
  });

  it('a message its sender deleted is not answered', async () => {
    const r = ref();
    const [messageId, userId] = [randomUUID(), randomUUID()];
    const waMessageId = outboundWaMessageId(messageId);
    const message = {
      ...r,
      messageId,
      body: 'enviado por engano',
      mediaType: 'chat' as const,
      mediaUrl: null,
      quotedMsgId: null,
      userId,
      waMessageId,
    };
    await runMessageCommand(deps, messageId, { type: 'QueueOutbound', message }, who);
    expect(await lookup(r.whatsappId, waMessageId)).toBeDefined();
    await runMessageCommand(deps, messageId, { type: 'DeleteMessage', userId }, who);
    expect(await lookup(r.whatsappId, waMessageId)).toBeUndefined();
  });
});
