import type { QueueOptionRequest } from '@zelo/contracts/queues/api';
import type { QueueOptionView } from '@zelo/contracts/queues/read-models';
import { apiRequest } from '../../../lib/api.ts';

/** One level of the tree; the spec's parentId -1 is the root. */
export const listQueueOptions = (queueId: string, parentId: string | null, signal?: AbortSignal) =>
  apiRequest<QueueOptionView[]>('/queue-options', { query: { queueId, parentId: parentId ?? '-1' }, signal });

export const saveQueueOption = (id: string | null, body: QueueOptionRequest) =>
  id
    ? apiRequest<QueueOptionView>(`/queue-options/${encodeURIComponent(id)}`, { method: 'PUT', body })
    : apiRequest<QueueOptionView>('/queue-options', { method: 'POST', body });

export const deleteQueueOption = (id: string) =>
  apiRequest<unknown>(`/queue-options/${encodeURIComponent(id)}`, { method: 'DELETE' });
