import { DomainError } from '@zelo/contracts/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WrongExpectedRevisionError } from '../event-store/port.ts';
import { eventStoreMigrations, PostgresEventStore } from '../event-store/postgres.ts';
import { systemClock } from '../platform/clock.ts';
import type { Deps } from '../platform/command-handler.ts';
import { createPool, type Pool } from '../platform/db.ts';
import { newId } from '../platform/ids.ts';
import { createTestDatabase, type TestDatabase } from '../testing/database.ts';
import { contactListStreamId } from './domain/contact-list.ts';
import { loadContactList, runContactListCommand } from './handlers.ts';

// One contact list written by many callers at once, in one process and across several (a store per
// process, each with its own pool, group commit and queue): every add succeeds, a number once.

const AT_ONCE = 16;
const companyId = newId();
const who = { companyId, actor: 'test' };

/** A process's store, counting the appends it saw refused for a stale revision. */
function processStore(url: string) {
  const pool: Pool = createPool(url, 10);
  const store = new PostgresEventStore(pool, url);
  const stats = { conflicts: 0 };
  const append = store.appendToStreams.bind(store);
  store.appendToStreams = async (...args) => {
    try {
      return await append(...args);
    } catch (err) {
      if (err instanceof WrongExpectedRevisionError) stats.conflicts++;
      throw err;
    }
  };
  const deps: Deps = { store, clock: systemClock };
  const close = async () => {
    await store.close();
    await pool.end();
  };
  return { deps, stats, close };
}

let db: TestDatabase;
let processes: ReturnType<typeof processStore>[];

beforeAll(async () => {
  db = await createTestDatabase(eventStoreMigrations);
  processes = Array.from({ length: 3 }, () => processStore(db.url));
});

afterAll(async () => {
  for (const p of processes ?? []) await p.close();
  await db?.drop();
});

const newList = async (deps: Deps) => {
  const contactListId = newId();
  await runContactListCommand(deps, { type: 'CreateContactList', companyId, contactListId, name: 'L' }, who);
  return contactListId;
};
const add = (deps: Deps, contactListId: string, number: string) =>
  runContactListCommand(
    deps,
    {
      type: 'AddContactListItem',
      companyId,
      contactListId,
      item: { itemId: newId(), name: 'Pessoa', number, email: '' },
    },
    who,
  );
const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'added',
    (err: unknown) => (err instanceof DomainError ? err.code : String(err)),
  );

/** `total` adds of different numbers, `AT_ONCE` at a time, the k-th through process k mod `spread`. */
async function addMany(contactListId: string, total: number, spread: number) {
  for (const p of processes) p.stats.conflicts = 0;
  const started = performance.now();
  const outcomes: string[] = [];
  for (let n = 0; n < total; n += AT_ONCE) {
    const round = Array.from({ length: Math.min(AT_ONCE, total - n) }, (_, i) =>
      outcome(add(processes[i % spread].deps, contactListId, `55117${String(n + i).padStart(8, '0')}`)),
    );
    outcomes.push(...(await Promise.all(round)));
  }
  const ms = Math.round(performance.now() - started);
  const conflicts = processes.reduce((sum, p) => sum + p.stats.conflicts, 0);
  console.log(
    `[contact-lists] ${total} adds ${AT_ONCE} at a time over ${spread} process(es): ` +
      `${outcomes.filter((o) => o !== 'added').length} refused, ${conflicts} appends retried, ${ms} ms`,
  );
  return outcomes;
}

describe('a contact list taking items from many callers at once', () => {
  it('in one process, adds every one of 1,000 items sent 16 at a time', async () => {
    const listId = await newList(processes[0].deps);
    const outcomes = await addMany(listId, 1000, 1);
    expect(outcomes.filter((o) => o !== 'added')).toEqual([]);
    const list = await loadContactList(processes[0].deps, listId);
    expect(new Set(Object.values(list.items).map((i) => i.number)).size).toBe(1000);
  }, 60_000);

  it('across three processes, adds every one of 480 items sent 16 at a time', async () => {
    const listId = await newList(processes[0].deps);
    const outcomes = await addMany(listId, 480, 3);
    expect(outcomes.filter((o) => o !== 'added')).toEqual([]);
    expect(Object.keys((await loadContactList(processes[1].deps, listId)).items)).toHaveLength(480);
  }, 60_000);

  it('takes a number sent by 8 of 16 callers at once, in one process or three, once', async () => {
    const listId = await newList(processes[0].deps);
    for (const [k, spread] of [1, 3].entries()) {
      // Half the callers send one number, the others a number each: a refusal is its caller's alone.
      const number = (i: number) =>
        i % 2 ? `5511966200${k}${String(i).padStart(2, '0')}` : `5511966100${k}00`;
      const outcomes = await Promise.all(
        Array.from({ length: AT_ONCE }, (_, i) =>
          outcome(add(processes[i % spread].deps, listId, number(i))),
        ),
      );
      expect(outcomes.filter((o, i) => i % 2 && o === 'added')).toHaveLength(AT_ONCE / 2);
      const same = outcomes.filter((_, i) => i % 2 === 0);
      expect(same.filter((o) => o === 'added')).toHaveLength(1);
      expect(same.filter((o) => o !== 'added')).toEqual(
        Array(AT_ONCE / 2 - 1).fill('ERR_DUPLICATED_CONTACT_LIST_ITEM'),
      );
    }
    const numbers = Object.values((await loadContactList(processes[2].deps, listId)).items).map(
      (i) => i.number,
    );
    expect(numbers).toHaveLength(AT_ONCE + 2);
    expect(new Set(numbers).size).toBe(AT_ONCE + 2);
  });

  it('decides from the stream, not from the state a queue kept: a list deleted elsewhere takes nothing', async () => {
    const [a, b] = processes;
    const listId = await newList(a.deps);
    // Process a keeps the list's state while its queue is busy; b deletes the list meanwhile.
    const burst = Array.from({ length: AT_ONCE }, (_, i) =>
      outcome(add(a.deps, listId, `55117990000${String(i).padStart(2, '0')}`)),
    );
    await runContactListCommand(b.deps, { type: 'DeleteContactList', companyId, contactListId: listId }, who);
    const outcomes = await Promise.all(burst);
    expect(outcomes.filter((o) => o !== 'added' && o !== 'ERR_NO_CONTACT_LIST_FOUND')).toEqual([]);
    // Every add answered 'added' is in the stream, and none after the deletion.
    const { events } = await a.deps.store.readStream(contactListStreamId(listId));
    expect(events.map((e) => e.type)).toEqual([
      'ContactListCreated',
      ...outcomes.filter((o) => o === 'added').map(() => 'ContactListItemAdded'),
      'ContactListDeleted',
    ]);
    expect(await outcome(add(a.deps, listId, '5511799999999'))).toBe('ERR_NO_CONTACT_LIST_FOUND');
  });
});
