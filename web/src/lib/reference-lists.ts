import type { ConnectionView } from '@zelo/contracts/connections/read-models';
import type { QueueView } from '@zelo/contracts/queues/read-models';
import type { ChangeKind } from '@zelo/contracts/realtime/frames';
import type { TagView } from '@zelo/contracts/tags/read-models';
import type { UserListItem } from '@zelo/contracts/users/read-models';
import { useEffect, useSyncExternalStore } from 'react';
import { apiRequest } from './api.ts';
import { socket } from './socket.ts';
import { appStore, sessionAtom } from './store.ts';

// The company's queues, connections, users and tags, which many pickers and filters offer: fetched once
// per session, fetched again when the socket says one of them changed or that pushes may have been
// missed, dropped at logout and when the company changes. Each feature's own list page (paged, searched,
// live row by row) keeps its own fetch.

export interface ReferenceLists {
  queues: QueueView[];
  connections: ConnectionView[];
  users: UserListItem[];
  tags: TagView[];
}
export type ReferenceKind = keyof ReferenceLists;

const SOURCES = {
  queues: { path: '/queue', topic: 'queue' },
  connections: { path: '/whatsapp', topic: 'whatsapp' },
  users: { path: '/users/list', topic: 'user' },
  tags: { path: '/tags/list', topic: 'tag' },
} as const satisfies Record<ReferenceKind, { path: string; topic: ChangeKind }>;
const KINDS = Object.keys(SOURCES) as ReferenceKind[];

interface ReferenceState<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  /** Which company's list this is: a new one (another login) asks for its own. */
  company: string | null;
}

/** One list of the signed-in company: its last answer, and who is showing it. */
class ReferenceList<T> {
  state: ReferenceState<T> = { data: undefined, error: null, loading: false, company: null };
  private request: Promise<T> | null = null;
  /** Changed while a request was out: that answer may predate the change, so ask once more. */
  private changedMeanwhile = false;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly path: string) {}

  /** The list as this session last fetched it, or a fetch when there is none yet (or it failed). */
  load(): Promise<T> {
    return this.request ?? this.fetch();
  }

  /** The list may have changed: fetched again at once while shown, otherwise at its next use. */
  changed() {
    if (this.listeners.size === 0) return this.drop(this.state.company);
    if (this.state.loading) this.changedMeanwhile = true;
    else void this.fetch().catch(() => {});
  }

  /** Forgets the list (logout, another company); whoever shows it asks again. */
  drop(company: string | null) {
    this.request = null;
    this.changedMeanwhile = false;
    this.set({ data: undefined, error: null, loading: false, company });
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private fetch(): Promise<T> {
    const request = apiRequest<T>(this.path);
    this.request = request;
    this.set({ ...this.state, loading: true });
    const current = () => this.request === request;
    request.then(
      (data) => current() && this.settled({ ...this.state, data, error: null, loading: false }),
      (error) => {
        if (!current()) return;
        this.request = null; // the next use tries again
        this.settled({ ...this.state, error, loading: false });
      },
    );
    return request;
  }

  private settled(state: ReferenceState<T>) {
    this.set(state);
    if (!this.changedMeanwhile) return;
    this.changedMeanwhile = false;
    this.changed();
  }

  private set(state: ReferenceState<T>) {
    this.state = state;
    for (const listener of [...this.listeners]) listener();
  }
}

const lists: { [K in ReferenceKind]: ReferenceList<ReferenceLists[K]> } = {
  queues: new ReferenceList(SOURCES.queues.path),
  connections: new ReferenceList(SOURCES.connections.path),
  users: new ReferenceList(SOURCES.users.path),
  tags: new ReferenceList(SOURCES.tags.path),
};

let company: string | null = null;
let stopListening: (() => void)[] = [];

/** Follows the session: another company (or none) forgets the lists and listens to its own frames. */
function followSession() {
  const next = appStore.get(sessionAtom)?.user.companyId ?? null;
  if (next === company) return;
  company = next;
  for (const stop of stopListening) stop();
  for (const kind of KINDS) lists[kind].drop(company);
  stopListening = [];
  if (!company) return;
  stopListening = [
    ...KINDS.map((kind) =>
      socket.on(`company-${company}-${SOURCES[kind].topic}`, () => lists[kind].changed()),
    ),
    socket.onResync(() => {
      for (const kind of KINDS) lists[kind].changed();
    }),
  ];
}
appStore.sub(sessionAtom, followSession);
followSession();

/** The company's list of `kind`, shared by every picker (for callers that take a fetcher). */
export const fetchReferenceList = <K extends ReferenceKind>(kind: K): Promise<ReferenceLists[K]> =>
  lists[kind].load();

const unwatched = () => () => {};

/** What a picker shows of a list: as useRequest's state, loading until there is an answer to show. */
export interface ReferenceListState<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
}

/**
 * The company's list of `kind`, kept current while shown. `enabled` false (a closed dialog, a filter
 * only admins get) asks for nothing.
 */
export function useReferenceList<K extends ReferenceKind>(
  kind: K,
  enabled = true,
): ReferenceListState<ReferenceLists[K]> {
  const list = lists[kind] as ReferenceList<ReferenceLists[K]>;
  // Only a shown list counts as watched: a closed dialog does not keep its list fetched on every change.
  const { data, error, company } = useSyncExternalStore(
    enabled ? list.subscribe : unwatched,
    () => list.state,
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: another company's list is asked for anew
  useEffect(() => {
    if (enabled) list.load().catch(() => {}); // the error is in the state
  }, [list, enabled, company]);
  // A refetch behind a shown list is no loading: the picker keeps what it shows until the answer.
  return { data, error, loading: enabled && data === undefined && !error };
}
