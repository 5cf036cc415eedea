import type { AnnouncementFrame, AnnouncementView } from '@zelo/contracts/announcements/read-models';

const newestFirst = (a: AnnouncementView, b: AnnouncementView) =>
  b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);

/** The bell's list after a `company-announcement` frame: newest first, only what the user may see. */
export function applyAnnouncementFrame(
  list: AnnouncementView[],
  frame: AnnouncementFrame,
): AnnouncementView[] {
  const rest = list.filter((a) => a.id !== (frame.action === 'delete' ? frame.id : frame.record.id));
  if (frame.action === 'delete' || !frame.record.status) return rest;
  return [...rest, frame.record].sort(newestFirst);
}

/** How many of the shown announcements the user has not seen yet (the bell's badge). */
export const unseenCount = (list: AnnouncementView[], seen: ReadonlySet<string>) =>
  list.filter((a) => !seen.has(a.id)).length;

const seenKey = (userId: string) => `zelo.announcementsSeen.${userId}`;

/** The ids this user has seen, kept in local storage per user (doc 1 §2: a per-browser seen state). */
export function readSeen(userId: string): Set<string> {
  try {
    const raw = JSON.parse(localStorage.getItem(seenKey(userId)) ?? '[]');
    return new Set(Array.isArray(raw) ? raw.filter((x): x is string => typeof x === 'string') : []);
  } catch {
    return new Set();
  }
}

/** Marks the shown announcements seen; only their ids are kept, so the entry never grows past the list. */
export function writeSeen(userId: string, list: AnnouncementView[]): Set<string> {
  const ids = list.map((a) => a.id);
  try {
    localStorage.setItem(seenKey(userId), JSON.stringify(ids));
  } catch {
    // A full or blocked storage only means the badge comes back next time.
  }
  return new Set(ids);
}

/** Blueprint intents of the priority stripe: 1 red, 2 orange, 3 grey. */
export const PRIORITY_COLOURS = { 1: '#cd4246', 2: '#d9822b', 3: '#8f99a8' } as const;
