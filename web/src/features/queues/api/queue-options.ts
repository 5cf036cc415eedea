import { apiRequest } from '../../../lib/api.ts';

export interface QueueOption {
  id: string;
  queueId: string;
  parentId: string | null;
  title: string;
  message: string;
  option: number;
  childrenCount: number;
}
export interface QueueOptionInput {
  queueId: string;
  parentId: string | null;
  title: string;
  message: string;
  option: number;
}

/** One level of the tree; the spec's parentId -1 is the root. */
export const listQueueOptions = (queueId: string, parentId: string | null, signal?: AbortSignal) =>
  apiRequest<QueueOption[]>('/queue-options', { query: { queueId, parentId: parentId ?? '-1' }, signal });

export const saveQueueOption = (id: string | null, body: QueueOptionInput) =>
  id
    ? apiRequest<QueueOption>(`/queue-options/${encodeURIComponent(id)}`, { method: 'PUT', body })
    : apiRequest<QueueOption>('/queue-options', { method: 'POST', body });

export const deleteQueueOption = (id: string) =>
  apiRequest<unknown>(`/queue-options/${encodeURIComponent(id)}`, { method: 'DELETE' });
