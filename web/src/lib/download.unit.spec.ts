import { describe, expect, it } from 'vitest';
import { contentDispositionFileName } from './download.ts';

describe('the file name of a download', () => {
  it('reads the quoted or bare filename', () => {
    expect(contentDispositionFileName('attachment; filename="relatorio-2026-11-01.csv"')).toBe(
      'relatorio-2026-11-01.csv',
    );
    expect(contentDispositionFileName('attachment; filename=relatorio.csv')).toBe('relatorio.csv');
    expect(contentDispositionFileName('attachment; filename="a \\"b\\".csv"')).toBe('a "b".csv');
  });

  it('prefers the UTF-8 filename* over the plain one', () => {
    expect(
      contentDispositionFileName(`attachment; filename="relatorio.csv"; filename*=UTF-8''relat%C3%B3rio.csv`),
    ).toBe('relatório.csv');
  });

  it('gives null without a name, and never a folder', () => {
    expect(contentDispositionFileName(null)).toBeNull();
    expect(contentDispositionFileName('attachment')).toBeNull();
    expect(contentDispositionFileName('attachment; filename="../../etc/x.csv"')).toBe('x.csv');
  });
});
