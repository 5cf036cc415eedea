import { describe, expect, it } from 'vitest';
import { translate } from '../../../lib/i18n.ts';
import { describeRowError, isSpreadsheetName } from './import-errors.ts';

const t = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) =>
  translate('pt', key, params);

describe('a refused spreadsheet row, as the user reads it', () => {
  it('names each field and its problem', () => {
    const e = {
      row: 2,
      name: 'J',
      number: '5511',
      error: 'ERR_VALIDATION',
      message: 'name: too short; number: too short',
    };
    expect(describeRowError(e, t)).toBe('Nome: Muito curto!; Número: Muito curto!');
  });

  it('says a duplicate in words', () => {
    const e = {
      row: 5,
      name: 'Ana',
      number: '5511966660001',
      error: 'ERR_DUPLICATED_CONTACT_LIST_ITEM',
      message: 'x',
    };
    expect(describeRowError(e, t)).toBe('Já existe um contato com este número nesta lista.');
  });

  it('takes .xls and .xlsx only', () => {
    expect(['a.xlsx', 'B.XLS', 'c.csv', 'd.xlsx.png'].map(isSpreadsheetName)).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
