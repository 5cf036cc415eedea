import { daysUntil } from '../../../lib/format.ts';

export type DueColour = 'pale-yellow' | 'orange' | 'red' | null;

/**
 * Doc 1 §11 / doc 2 §9: a company row's colour by whole days to its due date — exactly 5 pale yellow,
 * -3 to 4 orange, exactly -4 red; anything else (and no due date) plain.
 */
export function dueColour(dueDate: string | null, now: Date = new Date()): DueColour {
  if (!dueDate || Number.isNaN(new Date(dueDate).getTime())) return null;
  const days = daysUntil(dueDate, now);
  if (days === 5) return 'pale-yellow';
  if (days >= -3 && days <= 4) return 'orange';
  if (days === -4) return 'red';
  return null;
}
