import { MAX_INTERVAL_SECONDS } from '@zelo/contracts/flows/graph';
import type { ContentElement, ContentElementType } from './node-data.ts';

/** A card of the content editor while editing: a media card may hold a file not yet uploaded. */
export interface ContentDraft {
  key: string;
  type: ContentElementType;
  /** The text, the seconds as typed, or the stored file name of a media card. */
  value: string;
  original?: string;
  record?: boolean;
  file?: File | null;
}

export type ContentProblem = 'emptyText' | 'badInterval' | 'emptyMedia' | 'noCards';

export const isMediaCard = (type: ContentElementType) =>
  type === 'img' || type === 'audio' || type === 'video';

/** Doc 2 §5 content-editor rules, in the order a person meets them; null when it can be saved. */
export function contentProblem(cards: readonly ContentDraft[]): ContentProblem | null {
  if (cards.length === 0) return 'noCards';
  if (cards.some((c) => c.type === 'message' && !c.value.trim())) return 'emptyText';
  const badInterval = (c: ContentDraft) => {
    const sec = Number(c.value.trim() || Number.NaN);
    return !Number.isInteger(sec) || sec <= 0 || sec > MAX_INTERVAL_SECONDS;
  };
  if (cards.some((c) => c.type === 'interval' && badInterval(c))) return 'badInterval';
  if (cards.some((c) => isMediaCard(c.type) && !c.file && !c.value)) return 'emptyMedia';
  return null;
}

/** The cards whose file still has to go up, in order. */
export const pendingUploads = (cards: readonly ContentDraft[]) =>
  cards.filter((c): c is ContentDraft & { file: File } => isMediaCard(c.type) && !!c.file);

/**
 * The node's data (doc 2 §3 singleBlock: `seq` and `elements`) once every file is stored: `stored`
 * maps a card's key to the name the server gave its file. Each card is keyed by its type and place
 * ('message0', 'img1'), and `seq` lists those keys in order.
 */
export function contentData(
  cards: readonly ContentDraft[],
  stored: ReadonlyMap<string, string> = new Map(),
): { seq: string[]; elements: ContentElement[] } {
  const elements = cards.map((c, i): ContentElement => {
    const number = `${c.type}${i}`;
    if (c.type === 'message') return { type: c.type, number, value: c.value };
    if (c.type === 'interval') return { type: c.type, number, value: Number(c.value) };
    const value = stored.get(c.key) ?? c.value;
    return {
      type: c.type,
      number,
      value,
      original: c.file?.name ?? c.original ?? value,
      record: c.type === 'audio' ? !!c.record : false,
    };
  });
  return { seq: elements.map((e) => e.number), elements };
}

/** Cards to edit an existing content node, in the order of its `seq` (then of its elements). */
export function draftsOf(
  data: { seq?: readonly string[]; elements: readonly ContentElement[] },
  key: (i: number) => string,
): ContentDraft[] {
  const order = data.seq ?? [];
  const rank = (e: ContentElement) => {
    const at = order.indexOf(e.number);
    return at === -1 ? order.length + data.elements.indexOf(e) : at;
  };
  return [...data.elements]
    .sort((a, b) => rank(a) - rank(b))
    .map((e, i) => ({
      key: key(i),
      type: e.type,
      value: String(e.value ?? ''),
      original: e.original,
      record: e.record,
      file: null,
    }));
}
