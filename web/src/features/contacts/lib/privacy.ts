import type { ContactExportView } from '@zelo/contracts/contacts/privacy';
import { onlyDigits } from '../../../lib/format.ts';

/**
 * The erasure dialog's check, as the server makes it: the typed text confirms the contact when its
 * digits are the number's digits (spaces, dashes, brackets and a leading + ignored).
 */
export function confirmsNumber(typed: string, number: string): boolean {
  const digits = onlyDigits(typed);
  return digits.length > 0 && digits === onlyDigits(number);
}

/**
 * An export's view as the drawer keeps it, given a newer answer (a socket frame or a poll): another
 * export's is ignored, a finished export never goes back to pending (a poll answered before the frame),
 * and the bar never moves backwards.
 */
export function nextExportView(
  current: ContactExportView | null,
  incoming: ContactExportView,
): ContactExportView | null {
  if (!current || current.id !== incoming.id) return current;
  if (current.status !== 'pending' && incoming.status === 'pending') return current;
  if (current.status === 'pending' && incoming.status === 'pending')
    return { ...incoming, progress: Math.max(current.progress, incoming.progress) };
  return incoming;
}
