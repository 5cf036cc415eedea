import type { ScheduleList, ScheduleView } from '@zelo/contracts/schedules/read-models';
import { apiRequest } from '../../../lib/api.ts';
import { useSocketEvent } from '../../../lib/socket.ts';
import { refreshKeyAtom, sessionAtom, useAtomValue } from '../../../lib/store.ts';
import { useRequest } from '../../../lib/use-request.ts';
import { removeSchedule, upsertSchedule } from '../lib/schedule-list.ts';

// The calendar asks for the window it shows; pages of 20 are followed within it. The cap only guards
// against a runaway loop (1,000 schedules in one month's view).
const MAX_PAGES = 50;

/** Every schedule whose send time falls in [from, to). */
export async function listSchedulesBetween(
  from: Date,
  to: Date,
  signal?: AbortSignal,
): Promise<ScheduleView[]> {
  const all: ScheduleView[] = [];
  const window = { from: from.toISOString(), to: to.toISOString() };
  for (let pageNumber = 1; pageNumber <= MAX_PAGES; pageNumber++) {
    const page = await apiRequest<ScheduleList>('/schedules', { query: { ...window, pageNumber }, signal });
    all.push(...page.schedules);
    if (!page.hasMore) break;
  }
  return all;
}

export const getSchedule = (id: string, signal?: AbortSignal) =>
  apiRequest<ScheduleView>(`/schedules/${encodeURIComponent(id)}`, { signal });

/**
 * The schedules of a window (the weeks the calendar shows), kept live: the socket names what changed
 * (the worker marks a schedule sent or failed), and only that one is fetched again.
 */
export function useSchedules(from: Date, to: Date) {
  const companyId = useAtomValue(sessionAtom)?.user.companyId;
  const refreshKey = useAtomValue(refreshKeyAtom);
  const state = useRequest(
    (signal) => listSchedulesBetween(from, to, signal),
    [from.getTime(), to.getTime(), refreshKey],
  );
  const { setData } = state;
  useSocketEvent(companyId ? `company-${companyId}-schedule` : null, (change) => {
    if (change.action === 'delete') return setData((prev) => prev && removeSchedule(prev, change.id));
    getSchedule(change.id).then(
      (s) => setData((prev) => prev && upsertSchedule(prev, s)),
      // Deleted again before we asked: the delete event follows.
      () => undefined,
    );
  });
  return state;
}
