import type { QueueView } from '@zelo/contracts/queues/read-models';
import type { SettingView } from '@zelo/contracts/tenancy/read-models';
import * as v from 'valibot';
import { apiRequest } from '../../../lib/api.ts';

/** Doc 2 §5: name 2 to 50, colour required; messages are i18n keys. */
export const QueueInput = v.object({
  name: v.pipe(
    v.string('validation.required'),
    v.trim(),
    v.minLength(2, 'validation.tooShort'),
    v.maxLength(50, 'validation.tooLong'),
  ),
  color: v.pipe(v.string('validation.required'), v.regex(/^#[0-9a-fA-F]{6}$/, 'validation.required')),
  greetingMessage: v.optional(v.string(), ''),
  outOfHoursMessage: v.optional(v.string(), ''),
  orderQueue: v.optional(v.nullable(v.pipe(v.number(), v.integer())), null),
  schedules: v.optional(
    v.array(v.object({ weekday: v.string(), startTime: v.string(), endTime: v.string() })),
  ),
  promptId: v.optional(v.nullable(v.string()), null),
  integrationId: v.optional(v.nullable(v.string()), null),
});
export type QueueInput = v.InferInput<typeof QueueInput>;

export const listQueues = (signal?: AbortSignal) => apiRequest<QueueView[]>('/queue', { signal });

export function saveQueue(id: string | null, input: QueueInput) {
  const body = v.parse(QueueInput, input);
  return id
    ? apiRequest<QueueView>(`/queue/${encodeURIComponent(id)}`, { method: 'PUT', body })
    : apiRequest<QueueView>('/queue', { method: 'POST', body });
}

export const deleteQueue = (id: string) =>
  apiRequest<unknown>(`/queue/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const getScheduleType = async (signal?: AbortSignal) =>
  (await apiRequest<SettingView[]>('/settings', { signal })).find((s) => s.key === 'scheduleType')?.value ??
  'disabled';
