import { describe, expect, it } from 'vitest';
import { isXlsx, mapSheetRows } from './import-rows.ts';

describe('spreadsheet rows to import rows', () => {
  it('finds the columns by their header, in any order, case or accents', () => {
    const mapped = mapSheetRows([
      ['E-mail', 'Número', 'NOME'],
      ['ana@x.com', '5511987654321', 'Ana'],
      [null, 5521912345678, 'Bruno'],
    ]);
    expect(mapped.rows).toEqual([
      { name: 'Ana', number: '5511987654321', email: 'ana@x.com' },
      { name: 'Bruno', number: '5521912345678', email: '' },
    ]);
    expect(mapped.sheetRows).toEqual([2, 3]);
  });

  it('without a header takes the columns as name, number, email', () => {
    const mapped = mapSheetRows([
      ['Carla', 5531900001111, 'carla@x.com'],
      ['Davi', '55 31 90000-2222'],
    ]);
    expect(mapped.rows).toEqual([
      { name: 'Carla', number: '5531900001111', email: 'carla@x.com' },
      { name: 'Davi', number: '55 31 90000-2222', email: '' },
    ]);
    expect(mapped.sheetRows).toEqual([1, 2]);
  });

  it('skips blank rows but keeps counting sheet rows, and trims cells', () => {
    const mapped = mapSheetRows([
      ['name', 'number'],
      [null, null],
      ['  Eva  ', ' 5511900003333 '],
      ['', undefined],
    ]);
    expect(mapped.rows).toEqual([{ name: 'Eva', number: '5511900003333', email: '' }]);
    expect(mapped.sheetRows).toEqual([3]);
  });

  it('large numbers print without an exponent', () => {
    expect(mapSheetRows([['Fabio', 551199998888777]]).rows[0].number).toBe('551199998888777');
  });

  it('an empty sheet has no rows', () => {
    expect(mapSheetRows([])).toEqual({ rows: [], sheetRows: [] });
  });

  it('accepts only .xlsx files', () => {
    expect(isXlsx({ name: 'contatos.xlsx' })).toBe(true);
    expect(isXlsx({ name: 'CONTATOS.XLSX' })).toBe(true);
    expect(isXlsx({ name: 'contatos.xls' })).toBe(false);
    expect(isXlsx({ name: 'contatos.csv' })).toBe(false);
    expect(isXlsx({ name: 'contatos.xlsx.exe' })).toBe(false);
  });
});
