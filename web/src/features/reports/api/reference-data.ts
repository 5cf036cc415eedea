import { apiRequest } from '../../../lib/api.ts';
import type { RefChoice } from '../../../lib/automation-choices.ts';

// The report's filter pickers: the company's queues, users, connections and tags, by id and name.
// Fetched here rather than imported from their features (features do not import each other).

const choices = (path: string) => (signal?: AbortSignal) =>
  apiRequest<RefChoice[]>(path, { signal }).then((list) => list.map(({ id, name }) => ({ id, name })));

export const listQueueChoices = choices('/queue');
export const listUserChoices = choices('/users/list');
export const listConnectionChoices = choices('/whatsapp');
export const listTagChoices = choices('/tags/list');
