import type { TagPage } from '@zelo/contracts/tags/read-models';
import { apiRequest } from '../../../lib/api.ts';

// Every tag of the company, for pickers, comes from lib/reference-lists.ts.
export const searchTags = (searchParam: string, pageNumber: number, signal?: AbortSignal) =>
  apiRequest<TagPage>('/tags', { signal, query: { searchParam: searchParam || undefined, pageNumber } });
