import type { ScheduleView } from '@zelo/contracts/schedules/read-models';
import type { TKey } from '../../../lib/i18n.ts';

const bySendAt = (a: ScheduleView, b: ScheduleView) => Date.parse(a.sendAt) - Date.parse(b.sendAt);

/**
 * The list with `schedule` added or replaced, still in send order. An answer older than what the list
 * holds is dropped: two fetches for quick changes (created, then sent) may come back out of order.
 */
export function upsertSchedule(list: readonly ScheduleView[], schedule: ScheduleView): ScheduleView[] {
  const held = list.find((s) => s.id === schedule.id);
  if (held && Date.parse(held.updatedAt) > Date.parse(schedule.updatedAt)) return [...list];
  return [...list.filter((s) => s.id !== schedule.id), schedule].sort(bySendAt);
}

export const removeSchedule = (list: readonly ScheduleView[], id: string): ScheduleView[] =>
  list.filter((s) => s.id !== id);

/** How each status reads and looks; a failed send is marked as an error, not just coloured. */
export const STATUS_LOOK = {
  PENDENTE: { label: 'schedules.statusPending', intent: 'primary', icon: 'time' },
  ENVIADA: { label: 'schedules.statusSent', intent: 'success', icon: 'tick-circle' },
  ERRO: { label: 'schedules.statusError', intent: 'danger', icon: 'error' },
} as const satisfies Record<ScheduleView['status'], { label: TKey; intent: string; icon: string }>;
