import { randomUUID } from 'node:crypto';
import { campaignCreated, campaignStarted } from '@zelo/contracts/testing/events';
import { contactsMigrations } from '@zelo/projections/contacts/contacts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureContact } from '../contacts/handlers.ts';
import type { EventStore, RecordedEvent } from '../event-store/port.ts';
import { eventStoreMigrations, PostgresEventStore } from '../event-store/postgres.ts';
import { systemClock } from '../platform/clock.ts';
import { type Deps, recordable } from '../platform/command-handler.ts';
import { createTestDatabase, type TestDatabase } from '../testing/database.ts';
import { shipmentMessageId } from './deliver.ts';
import { campaignStreamId, loadCampaign } from './handlers.ts';
import { campaignRuntime } from './runtime.ts';

// A campaign's sends at interval 0 against the real event store: a number Zelo never saw gets its
// contact, ticket and message in one write; a known number goes through its contact; a batch retried
// after its worker died (messages queued, shipments not recorded) queues nothing a second time.

let db: TestDatabase;
let store: PostgresEventStore;
let deps: Deps;

beforeAll(async () => {
  // The contacts' read model: a send skips the numbers whose contact opted out (LGPD).
  db = await createTestDatabase([...eventStoreMigrations, ...contactsMigrations]);
  store = new PostgresEventStore(db.pool, db.url);
  deps = { store, clock: systemClock };
});
afterAll(async () => {
  await store?.close();
  await db?.drop();
});

const stamp = String(Date.now() % 1_000_000).padStart(6, '0');
let serial = 0;
const newNumber = () => `55119${stamp}${String(serial++).padStart(3, '0')}`;

async function runningCampaign(names: string[], on: { companyId?: string; whatsappId?: string } = {}) {
  const { companyId = randomUUID(), whatsappId = randomUUID() } = on;
  const campaignId = randomUUID();
  const recipients = names.map((name) => ({ number: newNumber(), name, email: '' }));
  const ref = { companyId, campaignId };
  const fields = { ...campaignCreated().data.fields, message1: 'Olá {nome}, temos ofertas!', whatsappId };
  await store.appendToStream(
    campaignStreamId(campaignId),
    recordable(
      deps,
      [campaignCreated({ ...ref, fields }), campaignStarted({ ...ref, whatsappId, recipients })],
      { companyId, actor: 'system:test' },
    ),
    'no_stream',
  );
  return { companyId, campaignId, whatsappId, recipients };
}

/** Every event of the company, in the order the store recorded them. */
async function eventsOf(companyId: string): Promise<RecordedEvent[]> {
  const all = await store.readAll(null, 100_000);
  return all.filter((e) => e.metadata.companyId === companyId);
}

const queuedMessages = (events: RecordedEvent[]) => events.filter((e) => e.type === 'OutboundMessageQueued');

describe('campaign sends at interval 0', () => {
  it('a number Zelo never saw: its contact, a ticket closed by the campaign and the message, in one write', async () => {
    const { companyId, campaignId, whatsappId, recipients } = await runningCampaign(['Ana Souza', ' ']);
    const runtime = campaignRuntime(deps, db.pool);

    expect(await runtime.sendRecipients(campaignId, 0, 2)).toEqual([
      { index: 0, outcome: 'sent' },
      { index: 1, outcome: 'sent' },
    ]);

    const events = await eventsOf(companyId);
    const ofMessage = (index: number) => {
      const queued = queuedMessages(events).find(
        (e) => e.data.messageId === shipmentMessageId(campaignId, index),
      );
      if (!queued) throw new Error(`recipient ${index}: no message queued`);
      // One write: the contact, conversation, ticket and message share the write's correlation id.
      const write = events.filter((e) => e.metadata.correlationId === queued.metadata.correlationId);
      return { queued, write };
    };
    const first = ofMessage(0);
    expect(first.write.map((e) => e.type)).toEqual([
      'ContactNumberClaimed',
      'ContactCreated',
      'ConversationTicketClaimed',
      'TicketCreated',
      'TicketClosed',
      'OutboundMessageQueued',
    ]);
    const [claimed, created, , ticket, closed] = first.write;
    expect(claimed.data).toMatchObject({ companyId, number: recipients[0].number });
    expect(created.data).toMatchObject({ name: 'Ana Souza', number: recipients[0].number });
    expect(ticket.data).toMatchObject({ whatsappId, status: 'open', userId: null, queueId: null });
    expect(closed.data).toMatchObject({ ticketId: ticket.data.ticketId, reason: 'campaign' });
    expect(first.queued.data).toMatchObject({
      ticketId: ticket.data.ticketId,
      contactId: created.data.contactId,
      whatsappId,
      body: 'Olá Ana Souza, temos ofertas!',
      userId: null,
    });
    // A recipient without a name is named by the number, as a first contact from WhatsApp would be.
    expect(ofMessage(1).write[1].data).toMatchObject({ name: recipients[1].number });

    const s = await loadCampaign(deps, campaignId);
    expect(s.kind === 'exists' && [...s.shipments.keys()]).toEqual([0, 1]);
  });

  it('a number that is a contact already: the message goes through that contact, never a second one', async () => {
    const { companyId, campaignId, recipients } = await runningCampaign(['Bruno', 'Carla']);
    const who = { companyId, actor: 'system:test' };
    const bruno = await ensureContact(deps, companyId, { ...recipients[0], isGroup: false }, who);
    const carla = await ensureContact(deps, companyId, { ...recipients[1], isGroup: false }, who);
    const runtime = campaignRuntime(deps, db.pool);
    expect((await runtime.sendRecipients(campaignId, 0, 2)).map((o) => o.outcome)).toEqual(['sent', 'sent']);

    const events = await eventsOf(companyId);
    expect(events.filter((e) => e.type === 'ContactNumberClaimed')).toHaveLength(2);
    expect(events.filter((e) => e.type === 'ContactCreated')).toHaveLength(2);
    // Sent side by side: the two messages may be recorded in either order.
    const contactOf = (index: number) =>
      queuedMessages(events).find((e) => e.data.messageId === shipmentMessageId(campaignId, index))?.data
        .contactId;
    expect([contactOf(0), contactOf(1)]).toEqual([bruno.contactId, carla.contactId]);
  });

  it('a number claimed between the check and the write: the write is refused whole, the reading path sends', async () => {
    const { companyId, campaignId, recipients } = await runningCampaign(['Kátia']);
    const who = { companyId, actor: 'system:test' };
    const katia = await ensureContact(deps, companyId, { ...recipients[0], isGroup: false }, who);
    // The check saw no claim (it came just after): every stream of the one-write path is tried.
    const late: Deps = {
      ...deps,
      store: new Proxy(store, {
        get: (target, key) =>
          key === 'readStreams'
            ? async () => new Map()
            : ((v) => (typeof v === 'function' ? v.bind(target) : v))(Reflect.get(target, key)),
      }),
    };
    expect((await campaignRuntime(late, db.pool).sendRecipients(campaignId, 0, 1))[0].outcome).toBe('sent');
    const events = await eventsOf(companyId);
    expect(events.filter((e) => e.type === 'ContactCreated')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'TicketCreated')).toHaveLength(1);
    expect(queuedMessages(events).map((e) => e.data.contactId)).toEqual([katia.contactId]);
  });

  it('a batch retried after its worker died between queueing and recording queues nothing twice', async () => {
    const { companyId, campaignId } = await runningCampaign(['Davi', 'Elisa', 'Fábio']);
    // The first attempt writes the messages, then dies on the shipments' append.
    const dying: Deps = { ...deps, store: failingOn(store, campaignStreamId(campaignId)) };
    await expect(campaignRuntime(dying, db.pool).sendRecipients(campaignId, 0, 3)).rejects.toThrow(
      'worker died',
    );
    const afterCrash = await eventsOf(companyId);
    expect(queuedMessages(afterCrash)).toHaveLength(3);

    // The retry (another process, its own state) finds every message queued and records the shipments.
    const retry = campaignRuntime({ ...deps, store: new PostgresEventStore(db.pool, db.url) }, db.pool);
    expect((await retry.sendRecipients(campaignId, 0, 3)).map((o) => o.outcome)).toEqual([
      'sent',
      'sent',
      'sent',
    ]);
    const events = await eventsOf(companyId);
    expect(queuedMessages(events)).toHaveLength(3);
    expect(events.filter((e) => e.type === 'ContactCreated')).toHaveLength(3);
    expect(events.filter((e) => e.type === 'TicketCreated')).toHaveLength(3);
    const shipped = events.filter((e) => e.type === 'CampaignMessageQueued');
    expect(shipped.map((e) => [e.data.index, e.data.messageId])).toEqual(
      [0, 1, 2].map((i) => [i, shipmentMessageId(campaignId, i)]),
    );
    // Each shipment names the ticket its message is on.
    for (const e of shipped) {
      const message = queuedMessages(events).find((m) => m.data.messageId === e.data.messageId);
      expect(e.data.ticketId).toBe(message?.data.ticketId);
    }
  });

  it('a batch answers only once the read models applied its writes, so the next waits for them', async () => {
    const { campaignId } = await runningCampaign(['Gabi', 'Hugo']);
    const asked: string[] = [];
    let release = () => {};
    const applied = new Promise<void>((r) => {
      release = r;
    });
    const runtime = campaignRuntime(deps, db.pool, {
      caughtUp: (position) => {
        asked.push(position);
        return applied;
      },
    });
    let answered = false;
    let beats = 0;
    const batch = runtime
      .sendRecipients(campaignId, 0, 2, () => {
        beats++;
      })
      .then((r) => {
        answered = true;
        return r;
      });
    await vi.waitFor(() => expect(asked).toHaveLength(1));
    // It waits on the position of its last write, the shipments'.
    const last = (await store.readStream(campaignStreamId(campaignId))).events.at(-1);
    expect(last?.type).toBe('CampaignMessageQueued');
    expect(asked[0]).toBe(last?.position);
    const beatsBefore = beats;
    // Waiting, it still says it is alive (the activity's heartbeat), every 2 s.
    await new Promise((r) => setTimeout(r, 2_200));
    expect(answered).toBe(false);
    expect(beats).toBeGreaterThan(beatsBefore);
    release();
    expect((await batch).map((o) => o.outcome)).toEqual(['sent', 'sent']);
  });

  it('paced: a second campaign on the same number waits for the interval after the first one sent', async () => {
    const a = await runningCampaign(['Ivo']);
    const b = await runningCampaign(['Júlia'], { companyId: a.companyId, whatsappId: a.whatsappId });
    const runtime = campaignRuntime(deps, db.pool);
    const pace = { gapMs: 60_000 };

    const first = await runtime.sendRecipient(a.campaignId, 0, pace);
    expect(first.outcome).toBe('sent');
    const second = await runtime.sendRecipient(b.campaignId, 0, pace);
    expect(second.outcome).toBe('wait');
    const sentAt = first.outcome === 'sent' ? first.queuedAt : 0;
    // A minute after the first message went (its slot is taken just before it is queued).
    expect(second.outcome === 'wait' && second.notBefore - sentAt).toBeGreaterThan(59_000);
    expect(second.outcome === 'wait' && second.notBefore - sentAt).toBeLessThanOrEqual(60_000);
    // Nothing of the waiting campaign's was written.
    expect(queuedMessages(await eventsOf(a.companyId))).toHaveLength(1);
    // Unpaced (interval 0) or on another number it goes at once.
    expect((await runtime.sendRecipient(b.campaignId, 0)).outcome).toBe('sent');
    const other = await runningCampaign(['Lia'], { companyId: a.companyId });
    expect((await runtime.sendRecipient(other.campaignId, 0, pace)).outcome).toBe('sent');
  });
});

/** A store whose appends to `streamId` fail, as if the process died before they reached the database. */
function failingOn(inner: EventStore, streamId: string): EventStore {
  return new Proxy(inner, {
    get(target, key, receiver) {
      if (key === 'appendToStream')
        return (id: string, ...rest: unknown[]) =>
          id === streamId
            ? Promise.reject(new Error('worker died'))
            : (target.appendToStream as (...a: unknown[]) => unknown).call(target, id, ...rest);
      const value = Reflect.get(target, key, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
