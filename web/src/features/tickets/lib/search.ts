import type { TicketView } from '@zelo/contracts/tickets/read-models';
import { ApiError } from '../../../lib/api.ts';

export const SEARCH_DEBOUNCE_MS = 500;

/** The search box sends lower-cased text; blank means "no search" (and returns to the open tab). */
export function normalizeSearch(text: string): string {
  return text.trim().toLowerCase();
}

/** A 409 ERR_OTHER_OPEN_TICKET names the ticket another agent holds; null for any other error. */
export function otherOpenTicket(error: unknown): { agent: string; queue: string } | null {
  if (!(error instanceof ApiError) || error.code !== 'ERR_OTHER_OPEN_TICKET') return null;
  const ticket = (error.body.details as { ticket?: Partial<TicketView> } | undefined)?.ticket;
  return { agent: ticket?.user?.name ?? '—', queue: ticket?.queue?.name ?? '—' };
}

/** Splits "Name 5511999998888" typed in the contact picker into a new contact's name and number. */
export function splitNameAndNumber(text: string): { name: string; number: string } {
  const digits = text.match(/\+?[\d\s().-]{8,}$/)?.[0] ?? '';
  const number = digits.replace(/\D/g, '');
  const name = (number.length >= 8 ? text.slice(0, text.length - digits.length) : text).trim();
  return { name, number: number.length >= 8 ? number : '' };
}
