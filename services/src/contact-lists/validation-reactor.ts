import { connectedConnections, connectionProvider } from '@zelo/projections/connections/queries';
import {
  companiesWithUncheckedItems,
  uncheckedContactListItems,
} from '@zelo/projections/contact-lists/queries';
import type { Projection, ProjectionEvent } from '@zelo/projections/runner';
import type { ChannelAdapter } from '../channels/port.ts';
import type { Actor, Deps } from '../platform/command-handler.ts';
import type { Pool } from '../platform/db.ts';
import { newId } from '../platform/ids.ts';
import { REACTORS } from '../reactors.ts';
import { needsValidation } from './domain/contact-list.ts';
import { loadContactList, runContactListCommand } from './handlers.ts';

/** Numbers asked of WhatsApp at once. */
export const CHECK_BATCH = 50;

/** Items to ask about, by company and list. */
type Work = Map<string, Map<string, Set<string> | 'all'>>;

/** Companies whose unchecked items are asked about now, with the connection that just came online. */
type Sweeps = Map<string, string>;

function workOf(events: ProjectionEvent[], sweeps: Sweeps): Work {
  const work: Work = new Map();
  for (const e of events) {
    if (e.type === 'ContactListItemAdded' || e.type === 'ContactListItemUpdated') {
      const { companyId, contactListId, itemId } = e.data;
      const lists = work.get(companyId) ?? new Map();
      const items = lists.get(contactListId) ?? new Set<string>();
      if (items !== 'all') items.add(itemId);
      lists.set(contactListId, items);
      work.set(companyId, lists);
    } else if (e.type === 'ConnectionStatusChanged' && e.data.status === 'CONNECTED') {
      // A connection came online: whatever waited for one is asked now.
      sweeps.set(e.data.companyId, e.data.whatsappId);
      if (!work.has(e.data.companyId)) work.set(e.data.companyId, new Map());
    }
  }
  return work;
}

/** Asks through a session this process holds; `mayAsk` leaves out items asked about lately. */
function validator(deps: Deps, pool: Pool, adapterFor: (provider: string) => ChannelAdapter | undefined) {
  async function connectedAdapter(companyId: string, justConnected: string | undefined) {
    // The connection whose CONNECTED we react to may not be projected as such yet: it comes first.
    const candidates = await connectedConnections(pool, companyId);
    if (justConnected && !candidates.some((c) => c.id === justConnected)) {
      const provider = await connectionProvider(pool, justConnected);
      if (provider) candidates.unshift({ id: justConnected, provider });
    }
    for (const c of candidates) {
      const adapter = adapterFor(c.provider);
      // Only the process holding the session can ask through it.
      if (adapter?.isConnected(c.id)) return { whatsappId: c.id, adapter };
    }
    return null;
  }

  async function validateCompany(
    companyId: string,
    lists: Map<string, Set<string> | 'all'>,
    causedBy: string,
    justConnected: string | undefined,
    mayAsk: (itemId: string) => boolean = () => true,
  ) {
    const via = await connectedAdapter(companyId, justConnected);
    if (!via) return;
    const who: Actor = { companyId, actor: 'system:contact-list-validation', correlationId: causedBy };
    for (const [contactListId, itemIds] of lists) {
      const state = await loadContactList(deps, contactListId);
      if (state.status !== 'active' || state.companyId !== companyId) continue;
      const ids = itemIds === 'all' ? Object.keys(state.items) : [...itemIds];
      const pending = ids.flatMap((itemId) => {
        const item = state.items[itemId];
        return needsValidation(item) && mayAsk(itemId) ? [{ itemId, number: item.number }] : [];
      });
      // Asked in batches; the answers of the list are recorded together (one load of a long stream).
      const results: { itemId: string; number: string; isWhatsappValid: boolean }[] = [];
      let offline = false;
      for (let i = 0; i < pending.length && !offline; i += CHECK_BATCH) {
        const batch = pending.slice(i, i + CHECK_BATCH);
        try {
          const answers = await via.adapter.checkNumbers(via.whatsappId, [
            ...new Set(batch.map((b) => b.number)),
          ]);
          for (const b of batch) {
            const answer = answers.get(b.number);
            if (answer !== undefined) results.push({ ...b, isWhatsappValid: answer });
          }
        } catch (err) {
          // Offline meanwhile, or WhatsApp did not answer: the rest waits for the next CONNECTED.
          console.error('[contact-lists] WhatsApp number check failed', (err as Error).message);
          offline = true;
        }
      }
      if (results.length > 0) {
        await runContactListCommand(
          deps,
          { type: 'RecordContactListValidation', companyId, contactListId, results },
          who,
        );
      }
      if (offline) return;
    }
  }

  return { validateCompany };
}

/**
 * Asks WhatsApp whether each contact list item's number has an account (isWhatsappValid), through a
 * connected connection of the item's company, in batches, and records the answers
 * (ContactListItemValidated). Without a connected connection the items stay unchecked until one of
 * the company's connections reports CONNECTED. The list's stream is read before asking: an item
 * already answered for its number (a replay, a rename) is never asked about again. Only a process
 * holding a session can ask: with several channel workers, the one running this reactor may hold none
 * of the company's, and the sweep below (every worker runs it) asks instead.
 */
export function contactListValidationReactor(
  deps: Deps,
  pool: Pool,
  adapterFor: (provider: string) => ChannelAdapter | undefined,
): Projection {
  const { validateCompany } = validator(deps, pool, adapterFor);

  async function handleBatch(_tx: unknown, events: ProjectionEvent[]) {
    const sweeps: Sweeps = new Map();
    const work = workOf(events, sweeps);
    for (const companyId of sweeps.keys()) {
      const lists = work.get(companyId)!;
      for (const u of await uncheckedContactListItems(pool, companyId)) lists.set(u.contactListId, 'all');
    }
    const causedBy = events[events.length - 1]?.id;
    for (const [companyId, lists] of work) {
      if (lists.size > 0) await validateCompany(companyId, lists, causedBy, sweeps.get(companyId));
    }
    return [];
  }

  return {
    name: REACTORS.contactListValidation,
    tables: [],
    handles: new Set(['ContactListItemAdded', 'ContactListItemUpdated', 'ConnectionStatusChanged']),
    handle: async (tx, e) => handleBatch(tx, [e]),
    handleBatch,
  };
}

/** How often each channel worker looks for items no process could ask about. */
export const VALIDATION_SWEEP_MS = 5_000;
/** An item WhatsApp did not answer about is asked again after this, not on every sweep. */
const ASK_AGAIN_MS = 10 * 60_000;

/**
 * Every channel worker, every few seconds: the companies with unchecked items, asked about through a
 * session of theirs that this worker holds (a worker holding none of a company's does nothing for it).
 * The reactor asks at once when it runs beside the session; this catches what it could not.
 */
export function contactListValidationSweep(
  deps: Deps,
  pool: Pool,
  adapterFor: (provider: string) => ChannelAdapter | undefined,
  everyMs = VALIDATION_SWEEP_MS,
): { stop(): Promise<void> } {
  const { validateCompany } = validator(deps, pool, adapterFor);
  const askedAt = new Map<string, number>();
  const mayAsk = (itemId: string) => {
    const now = Date.now();
    if (now - (askedAt.get(itemId) ?? 0) < ASK_AGAIN_MS) return false;
    askedAt.set(itemId, now);
    return true;
  };
  let running: Promise<void> | null = null;
  const sweep = async () => {
    for (const companyId of await companiesWithUncheckedItems(pool)) {
      const lists = new Map<string, 'all'>();
      for (const u of await uncheckedContactListItems(pool, companyId)) lists.set(u.contactListId, 'all');
      await validateCompany(companyId, lists, newId(), undefined, mayAsk);
    }
  };
  const timer = setInterval(() => {
    running ??= sweep()
      .catch((err) => console.error('[contact-lists] validation sweep failed', (err as Error).message))
      .finally(() => {
        running = null;
      });
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
