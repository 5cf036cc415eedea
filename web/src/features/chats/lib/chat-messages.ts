import type { ChatMessageView } from '@zelo/contracts/chats/read-models';
import { isSameDay } from '../../../lib/format.ts';

/** Doc 2 §2.17: older messages load when the reader scrolls within 600 px of the top. */
export const LOAD_OLDER_PX = 600;

const byTime = (a: ChatMessageView, b: ChatMessageView) => a.createdAt.localeCompare(b.createdAt);

/** Adds a message once (the POST answer and the socket frame carry the same id), in time order. */
export function addChatMessage(list: ChatMessageView[], message: ChatMessageView): ChatMessageView[] {
  if (list.some((m) => m.id === message.id)) return list;
  const last = list[list.length - 1];
  if (!last || byTime(last, message) <= 0) return [...list, message];
  return [...list, message].sort(byTime);
}

/** An older page goes in front (pages are oldest first within); messages already shown are kept once. */
export function prependChatPage(list: ChatMessageView[], older: ChatMessageView[]): ChatMessageView[] {
  const known = new Set(list.map((m) => m.id));
  return [...older.filter((m) => !known.has(m.id)), ...list];
}

export function shouldLoadOlder(scrollTop: number, state: { hasMore: boolean; loading: boolean }): boolean {
  return state.hasMore && !state.loading && scrollTop < LOAD_OLDER_PX;
}

/**
 * Where to scroll after an older page went in front: the same messages stay under the reader's eyes,
 * moved down by what was added above them.
 */
export function scrollTopAfterPrepend(
  before: { scrollTop: number; scrollHeight: number },
  scrollHeight: number,
) {
  return before.scrollTop + (scrollHeight - before.scrollHeight);
}

export type ChatMessageRow =
  | { kind: 'day'; key: string; date: string }
  | { kind: 'message'; key: string; message: ChatMessageView; showSender: boolean };

/**
 * A day separator before each calendar day's first message; the sender's name shows on the first of a
 * run of messages from the same person (own messages never need it).
 */
export function chatRows(list: ChatMessageView[], viewerId: string): ChatMessageRow[] {
  const rows: ChatMessageRow[] = [];
  list.forEach((message, i) => {
    const prev = list[i - 1];
    const newDay = !prev || !isSameDay(prev.createdAt, message.createdAt);
    if (newDay) rows.push({ kind: 'day', key: `day-${message.id}`, date: message.createdAt });
    const showSender = message.senderId !== viewerId && (newDay || prev?.senderId !== message.senderId);
    rows.push({ kind: 'message', key: message.id, message, showSender });
  });
  return rows;
}
