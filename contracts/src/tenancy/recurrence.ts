import type { RecurrenceName } from './read-models.ts';

/** Months each recurrence pays for (doc 1 §4 Expire button, doc 2 §9). */
export const RECURRENCE_MONTHS: Record<RecurrenceName, number> = {
  MENSAL: 1,
  BIMESTRAL: 2,
  TRIMESTRAL: 3,
  SEMESTRAL: 6,
  ANUAL: 12,
};

/**
 * The due date one recurrence later, same time of day (UTC). A day the target month lacks clamps to its
 * last day: 31 January + MENSAL is 28 (or 29) February, never 3 March.
 */
export function addRecurrence(dueDate: string, recurrence: RecurrenceName): string {
  const from = new Date(dueDate);
  const months = from.getUTCMonth() + RECURRENCE_MONTHS[recurrence];
  const target = new Date(from);
  target.setUTCDate(1);
  target.setUTCFullYear(from.getUTCFullYear() + Math.floor(months / 12), months % 12, 1);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(from.getUTCDate(), lastDay));
  return target.toISOString();
}
