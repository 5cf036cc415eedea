import type { ScheduleList } from '@zelo/contracts/schedules/api';
import { apiRequest } from '../../../lib/api.ts';
import { useSocketEvent } from '../../../lib/socket.ts';
import { refreshKeyAtom, sessionAtom, useAtomValue } from '../../../lib/store.ts';
import { useRequest } from '../../../lib/use-request.ts';
import { removeSchedule, upsertSchedule } from '../lib/schedule-list.ts';
import type { Schedule } from '../types.ts';

// GET /schedules has no date range, only pages of 20 by send time; the calendar needs them all.
// The cap keeps a runaway company from looping for ever (1,000 schedules).
const MAX_PAGES = 50;

export async function listAllSchedules(signal?: AbortSignal): Promise<Schedule[]> {
  const all: Schedule[] = [];
  for (let pageNumber = 1; pageNumber <= MAX_PAGES; pageNumber++) {
    const page = await apiRequest<ScheduleList>('/schedules', { query: { pageNumber }, signal });
    all.push(...page.schedules);
    if (!page.hasMore) break;
  }
  return all;
}

export const getSchedule = (id: string, signal?: AbortSignal) =>
  apiRequest<Schedule>(`/schedules/${encodeURIComponent(id)}`, { signal });

interface ScheduleChange {
  action: 'create' | 'update' | 'delete';
  id: string;
}

/**
 * Every schedule of the company, kept live: the socket names what changed (the worker marks a schedule
 * sent or failed), and only that one is fetched again.
 */
export function useSchedules() {
  const companyId = useAtomValue(sessionAtom)?.user.companyId;
  const refreshKey = useAtomValue(refreshKeyAtom);
  const state = useRequest((signal) => listAllSchedules(signal), [refreshKey]);
  const { setData } = state;
  useSocketEvent<ScheduleChange>(companyId ? `company-${companyId}-schedule` : null, (change) => {
    if (change.action === 'delete') return setData((prev) => prev && removeSchedule(prev, change.id));
    getSchedule(change.id).then(
      (s) => setData((prev) => prev && upsertSchedule(prev, s)),
      // Deleted again before we asked: the delete event follows.
      () => undefined,
    );
  });
  return state;
}
