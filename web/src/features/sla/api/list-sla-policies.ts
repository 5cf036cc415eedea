import type { ConnectionView } from '@zelo/contracts/connections/read-models';
import type { QueueView } from '@zelo/contracts/queues/read-models';
import type { SlaPolicyView } from '@zelo/contracts/sla/read-models';
import { apiRequest } from '../../../lib/api.ts';

export const listSlaPolicies = (signal?: AbortSignal) =>
  apiRequest<SlaPolicyView[]>('/sla-policies/', { signal });

// What the policy dialog picks from, fetched here: features do not import each other.
export type QueueChoice = Pick<QueueView, 'id' | 'name' | 'color'>;
export type ConnectionChoice = Pick<ConnectionView, 'id' | 'name'>;

export const listQueueChoices = (signal?: AbortSignal) =>
  apiRequest<QueueView[]>('/queue', { signal }).then((qs) =>
    qs.map(({ id, name, color }): QueueChoice => ({ id, name, color })),
  );

export const listConnectionChoices = (signal?: AbortSignal) =>
  apiRequest<ConnectionView[]>('/whatsapp', { signal }).then((cs) =>
    cs.map(({ id, name }): ConnectionChoice => ({ id, name })),
  );
