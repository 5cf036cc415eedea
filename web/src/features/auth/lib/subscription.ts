import { daysUntil } from '../../../lib/format.ts';
import type { TKey, TParams } from '../../../lib/i18n.ts';

export const DUE_SOON_DAYS = 5;

/** The login warning when fewer than 5 days remain; null when there is nothing to warn about. */
export function dueSoonWarning(
  dueDate: string | null | undefined,
  now: Date = new Date(),
): { key: TKey; params: TParams } | null {
  if (!dueDate) return null;
  const days = daysUntil(dueDate, now);
  if (days >= DUE_SOON_DAYS || days < 0) return null;
  return { key: 'login.dueSoon', params: { count: days } };
}
