import { apiRequest } from './api.ts';

/** One thing a picker offers: what another feature owns, by its id and name. */
export interface RefChoice {
  id: string;
  name: string;
}

/** A list answer of the spec's shape: `{ <key>: [...], hasMore? }`. */
type Page<K extends string> = { [key in K]: RefChoice[] } & { hasMore?: boolean };

/** Every page of a list (a picker offers them all), bounded so a broken `hasMore` cannot loop. */
async function allChoices<K extends string>(
  path: string,
  key: K,
  signal?: AbortSignal,
): Promise<RefChoice[]> {
  const out: RefChoice[] = [];
  for (let pageNumber = 1; pageNumber <= 20; pageNumber++) {
    const page = await apiRequest<Page<K>>(path, { query: { pageNumber }, signal });
    out.push(...(page[key] ?? []).map(({ id, name }) => ({ id, name })));
    if (!page.hasMore) break;
  }
  return out;
}

/** The pickers of the queue and connection dialogs (doc 1 §7): GET /prompt, /queueIntegration, /flowbuilder. */
export const listPromptChoices = (signal?: AbortSignal) => allChoices('/prompt', 'prompts', signal);
export const listIntegrationChoices = (signal?: AbortSignal) =>
  allChoices('/queueIntegration', 'queueIntegrations', signal);
export const listFlowChoices = (signal?: AbortSignal) => allChoices('/flowbuilder', 'flows', signal);
