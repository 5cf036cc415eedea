import type { ConnectionView } from '@zelo/contracts/connections/read-models';
import type { FileListPage } from '@zelo/contracts/file-lists/read-models';
import { apiRequest } from '../../../lib/api.ts';
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
 * What the campaign dialog picks from: connections (GET /whatsapp), contact lists (GET
 * /contact-lists/list), tags (GET /tags/list) and file lists (GET /files/). A list that fails to load
 * is offered empty rather than keeping the dialog from opening.
 */
export function useCampaignOptions() {
  return useRequest(async (signal) => {
    const safe = <T>(p: Promise<T>, fallback: T) => p.catch(() => fallback);
    const [connections, contactLists, tags, fileLists] = await Promise.all([
      safe(apiRequest<ConnectionView[]>('/whatsapp', { signal }).then(names), []),
      safe(apiRequest<Option[]>('/contact-lists/list', { signal }).then(names), []),
      safe(apiRequest<Option[]>('/tags/list', { signal }).then(names), []),
      safe(listFileLists(signal), []),
    ]);
    return { connections, contactLists, tags, fileLists };
  }, []);
}
