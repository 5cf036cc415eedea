/** Doc 2 §2.2: a fixed palette of about 50 colours; queues of one company never share one. */
export const QUEUE_PALETTE = [
  '#B80000',
  '#DB3E00',
  '#FCCB00',
  '#008B02',
  '#006B76',
  '#1273DE',
  '#004DCF',
  '#5300EB',
  '#EB9694',
  '#FAD0C3',
  '#FEF3BD',
  '#C1E1C5',
  '#BEDADC',
  '#C4DEF6',
  '#BED3F3',
  '#D4C4FB',
  '#F44336',
  '#E91E63',
  '#9C27B0',
  '#673AB7',
  '#3F51B5',
  '#2196F3',
  '#03A9F4',
  '#00BCD4',
  '#009688',
  '#4CAF50',
  '#8BC34A',
  '#CDDC39',
  '#FFEB3B',
  '#FFC107',
  '#FF9800',
  '#FF5722',
  '#795548',
  '#607D8B',
  '#9E9E9E',
  '#000000',
  '#880E4F',
  '#4A148C',
  '#1A237E',
  '#01579B',
  '#004D40',
  '#1B5E20',
  '#33691E',
  '#827717',
  '#F57F17',
  '#E65100',
  '#BF360C',
  '#3E2723',
  '#263238',
  '#7B1FA2',
] as const;

const norm = (c: string) => c.trim().toLowerCase();

/** Colours other queues already use (the queue being edited keeps its own). */
export function takenColours(queues: { id: string; color: string }[], editingId: string | null): Set<string> {
  return new Set(queues.filter((q) => q.id !== editingId).map((q) => norm(q.color)));
}

export const isColourFree = (colour: string, taken: Set<string>) => !taken.has(norm(colour));

/** A sensible default for a new queue: the first palette colour nobody uses yet. */
export function firstFreeColour(taken: Set<string>): string {
  return QUEUE_PALETTE.find((c) => isColourFree(c, taken)) ?? QUEUE_PALETTE[0];
}
