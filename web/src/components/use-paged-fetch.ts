/**
 * Use for any list the server hands out in pages (or in one go, as a single page without more): it
 * fetches page 1..n for a key (the search, the filters), aborts what a new key or an unmount left
 * behind, joins the pages, and says whether there is more. Admin lists get it through ResourceList;
 * a list kept live by socket frames (chats, messages, tickets, campaigns) edits `records` in place
 * with `setRecords` and passes its own `merge` when pages do not simply append.
 */
import { type Dispatch, type SetStateAction, useCallback, useEffect, useRef, useState } from 'react';
import { toastError } from '../lib/toaster.ts';

export interface Page<T> {
  records: T[];
  hasMore: boolean;
}

export type FetchPage<T> = (page: number, signal: AbortSignal) => Promise<Page<T>>;

type Identified = { id: string | number };

/**
 * How pages are browsed: `append` (infinite scroll: later pages join the earlier ones, a reload starts
 * again at page 1) or `replace` (a pager: each page replaces the last, a reload fetches the shown one).
 */
export type Paging = 'append' | 'replace';

/** Which page to fetch; a new `version` fetches again. */
export interface Cursor {
  key: string;
  page: number;
  version: number;
}

export type CursorMove = { type: 'key'; key: string } | { type: 'reload' } | { type: 'go'; page: number };

export function moveCursor(cursor: Cursor, move: CursorMove, paging: Paging): Cursor {
  switch (move.type) {
    case 'key':
      return cursor.key === move.key ? cursor : { key: move.key, page: 1, version: cursor.version };
    case 'reload':
      return { ...cursor, page: paging === 'append' ? 1 : cursor.page, version: cursor.version + 1 };
    case 'go':
      return { ...cursor, page: move.page };
  }
}

/** Page 1 replaces what is held; a later page adds the records not held yet (a row may shift pages). */
export function appendPage<T extends Identified>(held: T[], fetched: T[], page: number): T[] {
  if (page === 1) return fetched;
  const ids = new Set(held.map((r) => r.id));
  return [...held, ...fetched.filter((r) => !ids.has(r.id))];
}

export interface PagedFetchOptions<T> {
  paging?: Paging;
  /** How a fetched page joins the records held (append paging only); default appendPage. */
  merge?: (held: T[], fetched: T[], page: number) => T[];
  /** Told of a failed fetch; default the common error toast. Pass a no-op for a silent list. */
  onError?: (error: unknown) => void;
}

export interface PagedList<T> {
  records: T[];
  /** Changes the held records in place (a live frame, our own answer) until the next fetch. */
  setRecords: Dispatch<SetStateAction<T[]>>;
  hasMore: boolean;
  loading: boolean;
  /** The last fetch's error, null once a fetch succeeds. */
  error: unknown;
  page: number;
  /** The next page, one at a time: a call while a page is on its way does nothing. */
  loadMore: () => void;
  /** Fetches again what is shown (append: from page 1). */
  reload: () => void;
  goToPage: (page: number) => void;
}

/** `fetchPage` may change every render; only `key`, a reload or a page move fetch. */
export function usePagedFetch<T extends Identified>(
  key: string,
  fetchPage: FetchPage<T>,
  { paging = 'append', merge = appendPage, onError = toastError }: PagedFetchOptions<T> = {},
): PagedList<T> {
  const [cursor, setCursor] = useState<Cursor>({ key, page: 1, version: 0 });
  const [records, setRecords] = useState<T[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);
  // Set at once, not at the next render: two scroll events in a row must not skip a page.
  const fetching = useRef(true);
  const latest = useRef({ fetchPage, merge, onError, paging });
  latest.current = { fetchPage, merge, onError, paging };

  const move = useCallback((m: CursorMove) => setCursor((c) => moveCursor(c, m, latest.current.paging)), []);
  useEffect(() => move({ type: 'key', key }), [key, move]);

  useEffect(() => {
    const ctrl = new AbortController();
    const { fetchPage, merge, onError, paging } = latest.current;
    fetching.current = true;
    setLoading(true);
    fetchPage(cursor.page, ctrl.signal)
      .then((r) => {
        if (ctrl.signal.aborted) return;
        setRecords((held) => (paging === 'replace' ? r.records : merge(held, r.records, cursor.page)));
        setHasMore(r.hasMore);
        setError(null);
      })
      .catch((err) => {
        if (ctrl.signal.aborted) return;
        setError(err);
        onError(err);
      })
      .finally(() => {
        if (ctrl.signal.aborted) return;
        fetching.current = false;
        setLoading(false);
      });
    return () => ctrl.abort();
  }, [cursor]);

  const loadMore = useCallback(() => {
    if (fetching.current || !hasMore) return;
    fetching.current = true;
    setCursor((c) => ({ ...c, page: c.page + 1 }));
  }, [hasMore]);
  const reload = useCallback(() => move({ type: 'reload' }), [move]);
  const goToPage = useCallback((page: number) => move({ type: 'go', page }), [move]);

  return { records, setRecords, hasMore, loading, error, page: cursor.page, loadMore, reload, goToPage };
}

/** A list fetched in one go, as the one page of a paged fetch. */
export function onePage<T>(fetchAll: (signal: AbortSignal) => Promise<T[]>): FetchPage<T> {
  return (_page, signal) => fetchAll(signal).then((records) => ({ records, hasMore: false }));
}
