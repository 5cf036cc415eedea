import type { QuickMessageView } from '@zelo/contracts/quick-messages/read-models';

/** Doc 1 §9: a leading slash followed by more than one character opens the quick-answer list. */
export const MIN_TYPED = 2;
/** Doc 1 §3.x: the dropdown shows the message cut at 35 characters, plus an ellipsis. */
export const LABEL_CHARS = 35;

type Shortcut = Pick<QuickMessageView, 'shortcode' | 'message'>;

/** What follows the slash when the input is a quick-answer trigger, else null. */
export function slashQuery(body: string): string | null {
  if (!body.startsWith('/')) return null;
  const typed = body.slice(1);
  if (typed.length < MIN_TYPED || /\s/.test(typed)) return null;
  return typed.toLowerCase();
}

/** The quick messages a trigger offers: shortcodes containing what was typed, those starting with it first. */
export function matchQuickMessages<T extends Shortcut>(body: string, messages: T[]): T[] {
  const q = slashQuery(body);
  if (q === null) return [];
  const starts = (m: T) => m.shortcode.toLowerCase().startsWith(q);
  return messages
    .filter((m) => m.shortcode.toLowerCase().includes(q))
    .sort((a, b) => Number(starts(b)) - Number(starts(a)) || a.shortcode.localeCompare(b.shortcode));
}

/** "/shortcode - message cut at 35 characters…". */
export function quickMessageLabel(m: Shortcut): string {
  const text = m.message.replace(/\s+/g, ' ');
  const cut = text.length > LABEL_CHARS ? `${text.slice(0, LABEL_CHARS)}...` : text;
  return `/${m.shortcode} - ${cut}`;
}
