import type { TagPage, TagView } from '@zelo/contracts/tags/read-models';
import { apiRequest } from '../../../lib/api.ts';
import { useResync, useSocketEvent } from '../../../lib/socket.ts';
import { sessionAtom, useAtomValue } from '../../../lib/store.ts';
import { useRequest } from '../../../lib/use-request.ts';

export const searchTags = (searchParam: string, pageNumber: number, signal?: AbortSignal) =>
  apiRequest<TagPage>('/tags', { signal, query: { searchParam: searchParam || undefined, pageNumber } });

export const listAllTags = (signal?: AbortSignal) => apiRequest<TagView[]>('/tags/list', { signal });

/** Every tag of the company, reloaded whenever a tag is created, changed or deleted anywhere. */
export function useAllTags() {
  const companyId = useAtomValue(sessionAtom)?.user.companyId;
  const state = useRequest((signal) => listAllTags(signal), []);
  useSocketEvent(companyId ? `company-${companyId}-tag` : null, () => state.reload());
  useResync(state.reload);
  return state;
}
