import type { MessageView } from '@zelo/contracts/messaging/read-models';
import { isSameDay } from '../../../lib/format.ts';

const byTime = (a: MessageView, b: MessageView) =>
  new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime();

/** Adds a message once (the POST answer and the socket echo carry the same id) in time order. */
export function addMessage(list: MessageView[], message: MessageView): MessageView[] {
  if (list.some((m) => m.id === message.id)) return replaceMessage(list, message);
  const last = list[list.length - 1];
  if (!last || byTime(last, message) <= 0) return [...list, message];
  return [...list, message].sort(byTime);
}

/** An update (ack, edit, delete) replaces the known message; unknown ones are ignored. */
export function replaceMessage(list: MessageView[], message: MessageView): MessageView[] {
  return list.map((m) => (m.id === message.id ? { ...m, ...message } : m));
}

/** Older pages go in front; anything already shown (a live message) is kept once. */
export function prependPage(list: MessageView[], older: MessageView[]): MessageView[] {
  const known = new Set(list.map((m) => m.id));
  return [...older.filter((m) => !known.has(m.id)), ...list];
}

export type MessageRow =
  | { kind: 'day'; key: string; date: string }
  | { kind: 'ticket-ended'; key: string; date: string }
  | { kind: 'ticket-started'; key: string; date: string }
  | { kind: 'message'; key: string; message: MessageView };

/**
 * Interleaves a day separator before the first message of every calendar day, and the "conversation
 * ended / started" banners where consecutive messages belong to different tickets.
 */
export function withDaySeparators(list: MessageView[]): MessageRow[] {
  const rows: MessageRow[] = [];
  list.forEach((message, i) => {
    const prev = list[i - 1];
    if (prev && prev.ticketId !== message.ticketId) {
      rows.push({ kind: 'ticket-ended', key: `end-${prev.id}`, date: prev.createdAt });
      rows.push({ kind: 'ticket-started', key: `start-${message.id}`, date: message.createdAt });
    }
    if (!prev || !isSameDay(prev.createdAt, message.createdAt)) {
      rows.push({ kind: 'day', key: `day-${message.id}`, date: message.createdAt });
    }
    rows.push({ kind: 'message', key: message.id, message });
  });
  return rows;
}
