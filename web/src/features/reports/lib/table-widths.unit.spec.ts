import { describe, expect, it } from 'vitest';
import { columnWidths, HEADER_FONT } from './table-widths.ts';

// A stand-in measure: 6 px a character in cells, 8 in the (bolder) header.
const measure = (text: string, font: string) => text.length * (font === HEADER_FONT ? 8 : 6);

describe("the table's column widths", () => {
  it('fit the header or the widest cell, with room for the padding', () => {
    expect(columnWidths([['Abertas', '12', '1 234']], measure)).toEqual([7 * 8 + 24]);
    expect(columnWidths([['P90', '2 h 5 min', '59 min 59 s']], measure)).toEqual([11 * 6 + 24]);
  });

  it('are never too narrow to click, nor wider than 320 px', () => {
    expect(columnWidths([['#', '1']], measure)).toEqual([56]);
    expect(columnWidths([['Nome', 'x'.repeat(200)]], measure)).toEqual([320]);
  });
});
