import { randomUUID } from 'node:crypto';
import { PRIVACY_SETTING_DEFAULTS } from '@zelo/contracts/contacts/privacy';
import type { InboundMessageReceived } from '@zelo/contracts/messaging/events';
import type { ProjectionEvent } from '@zelo/projections/runner';
import { tenancyMigrations } from '@zelo/projections/tenancy/companies';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore } from '../event-store/port.ts';
import { eventStoreMigrations, PostgresEventStore } from '../event-store/postgres.ts';
import { systemClock } from '../platform/clock.ts';
import type { Deps } from '../platform/command-handler.ts';
import { createTestDatabase, type TestDatabase } from '../testing/database.ts';
import { ticketForInbound } from '../tickets/handlers.ts';
import { ensureContact } from './handlers.ts';
import { optOutReactor } from './opt-out-reactor.ts';

// The opt-out reactor against the real event store, called as its runner calls it: a batch applied
// again after a crash (the confirmation queued, the opt-out not yet recorded) confirms once, and a
// word from long ago or from a group changes nothing.

let db: TestDatabase;
let store: PostgresEventStore;
let deps: Deps;

beforeAll(async () => {
  // A company unknown to the read model has the default words and replies.
  db = await createTestDatabase([...eventStoreMigrations, ...tenancyMigrations]);
  store = new PostgresEventStore(db.pool, db.url);
  deps = { store, clock: systemClock };
});
afterAll(async () => {
  await store?.close();
  await db?.drop();
});

let serial = 0;
async function customer(isGroup = false) {
  const companyId = randomUUID();
  const whatsappId = randomUUID();
  const number = `55419${String(Date.now() % 1_000_000).padStart(6, '0')}${String(serial++).padStart(3, '0')}`;
  const who = { companyId, actor: 'system:test' };
  const { contactId } = await ensureContact(deps, companyId, { name: 'Cliente', number, isGroup }, who);
  const { ticketId } = await ticketForInbound(deps, { companyId, whatsappId, contactId, isGroup }, who);
  /** The customer's message as the runner hands it to the reactor. */
  const says = (body: string, at = new Date()): ProjectionEvent => {
    const data: InboundMessageReceived['data'] = {
      messageId: randomUUID(),
      companyId,
      ticketId,
      contactId,
      whatsappId,
      body,
      mediaType: 'chat',
      mediaUrl: null,
      quotedMsgId: null,
      waMessageId: randomUUID(),
      senderName: 'Cliente',
      receivedAt: at.toISOString(),
    };
    return {
      type: 'InboundMessageReceived',
      data,
      id: randomUUID(),
      metadata: { companyId, actor: 'system:channel', correlationId: randomUUID(), at: at.toISOString() },
      streamId: `message-${data.messageId}`,
      streamRevision: 0,
      position: '0',
    } as ProjectionEvent;
  };
  const events = async () =>
    (await store.readAll(null, 100_000)).filter((e) => e.metadata.companyId === companyId);
  return {
    says,
    replies: async () =>
      (await events())
        .filter((e) => e.type === 'OutboundMessageQueued')
        .map((e) => (e.data as { body: string; automatic?: boolean }).body),
    changes: async () =>
      (await events())
        .filter((e) => e.type === 'ContactOptedOut' || e.type === 'ContactOptedIn')
        .map((e) => e.type),
  };
}

async function apply(reactorDeps: Deps, events: ProjectionEvent[]) {
  const client = await db.pool.connect();
  try {
    await optOutReactor(reactorDeps).handleBatch?.(client, events);
  } finally {
    client.release();
  }
}

describe('opt-out reactor', () => {
  it('a batch applied again after a crash between the confirmation and the opt-out confirms once', async () => {
    const c = await customer();
    const sair = c.says('Sair!');
    // The process dies as it records the contact's opt-out: the confirmation is queued already.
    const crashing = Object.create(store) as EventStore;
    crashing.appendToStream = async (streamId, events, expected) => {
      if (streamId.startsWith('contact-')) throw new Error('process died');
      return store.appendToStream(streamId, events, expected);
    };
    await expect(apply({ ...deps, store: crashing }, [sair])).rejects.toThrow('process died');
    expect(await c.replies()).toEqual([PRIVACY_SETTING_DEFAULTS.optOutReply]);
    expect(await c.changes()).toEqual([]);

    await apply(deps, [sair]);
    await apply(deps, [sair]);
    expect(await c.replies()).toEqual([PRIVACY_SETTING_DEFAULTS.optOutReply]);
    expect(await c.changes()).toEqual(['ContactOptedOut']);
  });

  it('in one batch, SAIR, SAIR again and VOLTAR: opted out, back in, one reply each', async () => {
    const c = await customer();
    await apply(deps, [c.says('SAIR'), c.says('sair'), c.says('Voltar')]);
    expect(await c.replies()).toEqual([
      PRIVACY_SETTING_DEFAULTS.optOutReply,
      PRIVACY_SETTING_DEFAULTS.optInReply,
    ]);
    expect(await c.changes()).toEqual(['ContactOptedOut', 'ContactOptedIn']);
  });

  it('VOLTAR from a contact who never opted out, a word from hours ago, or from a group change nothing', async () => {
    const c = await customer();
    await apply(deps, [c.says('VOLTAR'), c.says('PARAR', new Date(Date.now() - 3 * 3600_000))]);
    expect(await c.replies()).toEqual([]);
    expect(await c.changes()).toEqual([]);
    const group = await customer(true);
    await apply(deps, [group.says('STOP')]);
    expect(await group.replies()).toEqual([]);
    expect(await group.changes()).toEqual([]);
  });
});
