import { connectionCreated, connectionStatusChanged, testId } from '@zelo/contracts/testing/events';
import { connectionsProjection } from '@zelo/projections/connections/whatsapps';
import { contactListsProjection } from '@zelo/projections/contact-lists/contact-lists';
import { getContactListItem } from '@zelo/projections/contact-lists/queries';
import { readModelMigrations } from '@zelo/projections/registry';
import { applyBatch, type ProjectionEvent, type StoredEvent } from '@zelo/projections/runner';
import { recorded } from '@zelo/projections/testing/recorded-events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelAdapter } from '../channels/port.ts';
import { eventStoreMigrations, PostgresEventStore } from '../event-store/postgres.ts';
import { systemClock } from '../platform/clock.ts';
import type { Deps } from '../platform/command-handler.ts';
import { createTestDatabase, type TestDatabase } from '../testing/database.ts';
import { readAllCommitted } from '../testing/read-all.ts';
import { runContactListCommand } from './handlers.ts';
import { contactListValidationReactor } from './validation-reactor.ts';

// The reactor that asks WhatsApp about contact list numbers, against a fake channel that counts what
// it is asked: it asks once per number, waits for a connected connection, and a replay asks nothing.

/** A channel whose phone network knows `onWhatsApp`, and that remembers every question. */
function fakeChannel(onWhatsApp: Set<string>) {
  const asked: string[][] = [];
  const channel = {
    connected: true,
    asked,
    isConnected: () => channel.connected,
    async checkNumbers(_whatsappId: string, numbers: string[]) {
      asked.push(numbers);
      return new Map(numbers.map((n) => [n, onWhatsApp.has(n)]));
    },
  };
  return channel;
}

describe('the contact list validation reactor', () => {
  let db: TestDatabase;
  let deps: Deps;
  const companyId = testId();
  const whatsappId = testId();
  const contactListId = testId();
  const who = { companyId, actor: 'test' };
  const channel = fakeChannel(new Set(['5511900000001', '5511900000003']));
  let reactor: ReturnType<typeof contactListValidationReactor>;
  /** Every event so far, projected (the read models the reactor reads are up to date). */
  let seen = 0;
  const newEvents = async (): Promise<ProjectionEvent[]> => {
    const all = await readAllCommitted(deps.store, db.pool);
    const fresh = all.slice(seen) as unknown as StoredEvent[];
    seen = all.length;
    await applyBatch(db.pool, contactListsProjection, fresh);
    return fresh as unknown as ProjectionEvent[];
  };
  const add = (itemId: string, number: string) =>
    runContactListCommand(
      deps,
      {
        type: 'AddContactListItem',
        companyId,
        contactListId,
        item: { itemId, name: 'Pessoa', number, email: '' },
      },
      who,
    );
  const validity = async (itemId: string) =>
    (await getContactListItem(db.pool, companyId, itemId))?.isWhatsappValid;

  beforeAll(async () => {
    db = await createTestDatabase([...eventStoreMigrations, ...readModelMigrations]);
    deps = { store: new PostgresEventStore(db.pool, db.url), clock: systemClock };
    await applyBatch(db.pool, connectionsProjection, [
      recorded(connectionCreated({ companyId, whatsappId })),
      recorded(connectionStatusChanged({ companyId, whatsappId, status: 'CONNECTED' })),
    ] as unknown as StoredEvent[]);
    reactor = contactListValidationReactor(deps, db.pool, () => channel as unknown as ChannelAdapter);
    await runContactListCommand(
      deps,
      { type: 'CreateContactList', companyId, contactListId, name: 'VIP' },
      who,
    );
  });
  afterAll(async () => db?.drop());

  it('asks once, in one batch, and records each answer', async () => {
    const ids = [testId(), testId(), testId()];
    await add(ids[0], '5511900000001');
    await add(ids[1], '5511900000002');
    await add(ids[2], '5511900000003');
    const added = await newEvents();
    await reactor.handleBatch!(undefined as never, added);
    expect(channel.asked).toEqual([['5511900000001', '5511900000002', '5511900000003']]);
    await newEvents();
    expect(await Promise.all(ids.map(validity))).toEqual([true, false, true]);

    // A replay of the same history (a reset checkpoint) never asks WhatsApp again.
    const history = await readAllCommitted(deps.store, db.pool);
    await reactor.handleBatch!(undefined as never, history as unknown as ProjectionEvent[]);
    expect(channel.asked).toHaveLength(1);
  });

  it('leaves a number unchecked while offline, and asks about it (only it) once a connection is CONNECTED', async () => {
    channel.connected = false;
    const late = testId();
    await add(late, '5511900000004');
    await reactor.handleBatch!(undefined as never, await newEvents());
    expect(channel.asked).toHaveLength(1);
    expect(await validity(late)).toBeNull();

    channel.connected = true;
    const back = recorded(connectionStatusChanged({ companyId, whatsappId, status: 'CONNECTED' }));
    await reactor.handleBatch!(undefined as never, [back] as unknown as ProjectionEvent[]);
    expect(channel.asked.at(-1)).toEqual(['5511900000004']);
    await newEvents();
    expect(await validity(late)).toBe(false);
  });
});
