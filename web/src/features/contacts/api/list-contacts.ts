import type { ContactListItem, ContactPage, ContactView } from '@zelo/contracts/contacts/read-models';
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiRequest } from '../../../lib/api.ts';
import { toastError } from '../../../lib/toaster.ts';

export const listContacts = (searchParam: string, pageNumber: number, signal?: AbortSignal) =>
  apiRequest<ContactPage>('/contacts', { query: { searchParam, pageNumber }, signal });

/** Every contact of the company, for the export (the list endpoint pickers use). */
export const listAllContacts = () => apiRequest<ContactListItem[]>('/contacts/list');

/**
 * The contacts table: a search (the caller debounces it) and pages appended as the user scrolls.
 * A new search or a reload starts again from page 1 and drops answers to the previous one.
 */
export function useContactPages(search: string, refreshKey: number) {
  const [contacts, setContacts] = useState<ContactView[]>([]);
  const [page, setPage] = useState(1);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [nonce, setNonce] = useState(0);
  const generation = useRef(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: search, refresh and reload restart the list
  useEffect(() => {
    setContacts([]);
    setPage(1);
  }, [search, refreshKey, nonce]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a restart is also a new page-1 fetch
  useEffect(() => {
    const ctrl = new AbortController();
    const mine = ++generation.current;
    setLoading(true);
    listContacts(search, page, ctrl.signal)
      .then((r) => {
        if (mine !== generation.current) return;
        setContacts((prev) => {
          const base = page === 1 ? [] : prev;
          const seen = new Set(base.map((c) => c.id));
          return [...base, ...r.contacts.filter((c) => !seen.has(c.id))];
        });
        setHasMore(r.hasMore);
      })
      .catch((err) => {
        if (!ctrl.signal.aborted) toastError(err);
      })
      .finally(() => {
        if (mine === generation.current) setLoading(false);
      });
    return () => ctrl.abort();
  }, [search, page, refreshKey, nonce]);

  const loadMore = useCallback(() => {
    if (!loading && hasMore) setPage((p) => p + 1);
  }, [loading, hasMore]);
  const reload = useCallback(() => setNonce((n) => n + 1), []);
  return { contacts, setContacts, loading, hasMore, loadMore, reload };
}
