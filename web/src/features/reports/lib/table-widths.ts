/** Measures a text's width in pixels at a font (a canvas in the browser, an estimate elsewhere). */
export type Measure = (text: string, font: string) => number;

export const HEADER_FONT = '600 12px';
export const CELL_FONT = '400 12px';
/** A cell's padding (10 px each side) and the header's menu room. */
const PADDING = 24;
const MIN = 56;
const MAX = 320;

let canvas: HTMLCanvasElement | null = null;
const family = () =>
  typeof document === 'undefined' ? 'sans-serif' : getComputedStyle(document.body).fontFamily || 'sans-serif';

/** The browser's own measure of a text (what the table will draw), or about 7 px a character. */
export const measureText: Measure = (text, font) => {
  if (typeof document === 'undefined') return text.length * 7;
  canvas ??= document.createElement('canvas');
  const ctx = canvas.getContext('2d');
  if (!ctx) return text.length * 7;
  ctx.font = `${font} ${family()}`;
  return ctx.measureText(text).width;
};

/**
 * The width of each column so its header and its widest cell fit on one line: `columns` holds, per
 * column, the header first and then every cell's text. Bounded so one long name cannot take the screen.
 */
export function columnWidths(columns: string[][], measure: Measure = measureText): number[] {
  return columns.map(([header = '', ...cells]) => {
    const widest = Math.max(measure(header, HEADER_FONT), ...cells.map((c) => measure(c, CELL_FONT)));
    return Math.round(Math.min(MAX, Math.max(MIN, widest + PADDING)));
  });
}
