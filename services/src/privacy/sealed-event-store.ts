import type {
  EventStore,
  ExpectedRevision,
  NewEvent,
  RecordedEvent,
  StreamAppend,
  StreamCheck,
  StreamRead,
} from '../event-store/port.ts';
import type { KeyVault, SubjectKey } from './key-vault.ts';
import { openEvent, sealEvent, subjectsToOpen, subjectsToSeal } from './seal.ts';

// The product's event store: any adapter, with personal fields sealed on the way in and opened on
// the way out (crypto-shredding, issue 25). What the adapter stores holds no name, number or text in
// clear; readers see today's events, or redacted values where a key was destroyed.

/** The event store with its vault, for whoever destroys keys (erasure, retention). */
export interface SealedEventStore extends EventStore {
  readonly vault: KeyVault;
}

/** The vault of the product's store (`deps.store`): throws for a store that seals nothing. */
export function vaultOf(store: EventStore): KeyVault {
  const vault = (store as Partial<SealedEventStore>).vault;
  if (!vault) throw new Error(`event store ${store.name} does not seal personal data`);
  return vault;
}

/** Keys for every event of a write, created where missing: one vault call per company written to. */
async function sealAll(vault: KeyVault, events: NewEvent[]): Promise<NewEvent[]> {
  const byCompany = new Map<string | null, string[]>();
  for (const e of events) {
    const subjects = subjectsToSeal(e);
    if (subjects.length === 0) continue;
    const companyId = (e.data.companyId as string | undefined) ?? e.metadata.companyId;
    const list = byCompany.get(companyId);
    if (list) list.push(...subjects);
    else byCompany.set(companyId, subjects);
  }
  if (byCompany.size === 0) return events;
  const keys = new Map<string, SubjectKey>();
  for (const [companyId, subjects] of byCompany)
    for (const [s, k] of await vault.keysFor(subjects, { create: true, companyId })) keys.set(s, k);
  return events.map((e) => sealEvent(e, keys));
}

async function openAll(vault: KeyVault, events: RecordedEvent[]): Promise<RecordedEvent[]> {
  const subjects = new Set<string>();
  for (const e of events) subjectsToOpen(e, subjects);
  if (subjects.size === 0) return events;
  const keys = await vault.keysFor(subjects);
  return events.map((e) => openEvent(e, keys));
}

export function sealedEventStore(inner: EventStore, vault: KeyVault): SealedEventStore {
  return {
    name: inner.name,
    atomicMultiStream: inner.atomicMultiStream,
    vault,
    async readStream(streamId: string, after?: number): Promise<StreamRead> {
      const read = await inner.readStream(streamId, after);
      return { revision: read.revision, events: await openAll(vault, read.events) };
    },
    async readStreams(streamIds: string[]): Promise<Map<string, StreamRead>> {
      const reads = await inner.readStreams(streamIds);
      // One key fetch for every stream read.
      const opened = await openAll(
        vault,
        [...reads.values()].flatMap((r) => r.events),
      );
      let at = 0;
      const out = new Map<string, StreamRead>();
      for (const [id, r] of reads) {
        out.set(id, { revision: r.revision, events: opened.slice(at, at + r.events.length) });
        at += r.events.length;
      }
      return out;
    },
    async appendToStream(streamId: string, events: NewEvent[], expected: ExpectedRevision) {
      return inner.appendToStream(streamId, await sealAll(vault, events), expected);
    },
    async appendToStreams(appends: StreamAppend[], checks?: StreamCheck[]) {
      const sealed = await sealAll(
        vault,
        appends.flatMap((a) => a.events),
      );
      let at = 0;
      const out = appends.map((a) => {
        const events = sealed.slice(at, at + a.events.length);
        at += a.events.length;
        return { ...a, events };
      });
      return inner.appendToStreams(out, checks);
    },
    async readAll(after: string | null, limit: number): Promise<RecordedEvent[]> {
      return openAll(vault, await inner.readAll(after, limit));
    },
    comparePositions: (a, b) => inner.comparePositions(a, b),
    onAppended: (listener) => inner.onAppended(listener),
    close: () => inner.close(),
  };
}
