import type { FileListPage } from '@zelo/contracts/file-lists/read-models';
import { useMemo } from 'react';
import { apiRequest } from '../../../lib/api.ts';
import { useReferenceList } from '../../../lib/reference-lists.ts';
import { useRequest } from '../../../lib/use-request.ts';

export interface Option {
  id: string;
  name: string;
}

/** The file lists come in search pages; the dialog lists the first few pages (plenty for a select). */
const FILE_LIST_PAGES = 5;

async function listFileLists(signal: AbortSignal): Promise<Option[]> {
  const found: Option[] = [];
  for (let pageNumber = 1; pageNumber <= FILE_LIST_PAGES; pageNumber++) {
    const page = await apiRequest<FileListPage>('/files/', { signal, query: { pageNumber } });
    found.push(...page.files.map((f) => ({ id: f.id, name: f.name })));
    if (!page.hasMore) break;
  }
  return found;
}

const names = (rows: Option[]) => rows.map(({ id, name }) => ({ id, name }));

/**
 * What the campaign dialog picks from: the company's connections and tags (kept current while the
 * dialog is open), contact lists (GET /contact-lists/list) and file lists (GET /files/). A list that
 * fails to load is offered empty rather than keeping the dialog from opening.
 */
export function useCampaignOptions(): { data: CampaignOptions | undefined } {
  const connections = useReferenceList('connections');
  const tags = useReferenceList('tags');
  const lists = useRequest(async (signal) => {
    const safe = <T>(p: Promise<T>, fallback: T) => p.catch(() => fallback);
    const [contactLists, fileLists] = await Promise.all([
      safe(apiRequest<Option[]>('/contact-lists/list', { signal }).then(names), []),
      safe(listFileLists(signal), []),
    ]);
    return { contactLists, fileLists };
  }, []);
  const data = useMemo(
    () =>
      lists.data && !connections.loading && !tags.loading
        ? { ...lists.data, connections: names(connections.data ?? []), tags: names(tags.data ?? []) }
        : undefined,
    [lists.data, connections.loading, connections.data, tags.loading, tags.data],
  );
  return { data };
}

interface CampaignOptions {
  connections: Option[];
  contactLists: Option[];
  tags: Option[];
  fileLists: Option[];
}
