import { describe, expect, it } from 'vitest';
import { mediaTypeOf, safeFileName } from './media-type.ts';

describe('mediaTypeOf', () => {
  it.each([
    ['image/jpeg', 'image'],
    ['IMAGE/PNG', 'image'],
    ['audio/ogg; codecs=opus', 'audio'],
    ['video/mp4', 'video'],
    ['application/pdf', 'application'],
    ['application/octet-stream', 'application'],
    ['text/plain', 'application'],
    ['text/csv', 'application'],
  ])('%s is %s', (mime, type) => expect(mediaTypeOf(mime)).toBe(type));

  it.each([
    '',
    undefined,
    null,
    'nonsense',
    'text/html',
    'image/svg+xml',
    'application/javascript',
    'font/woff2',
    'multipart/mixed',
  ])('refuses %s', (mime) => expect(mediaTypeOf(mime)).toBeNull());
});

describe('safeFileName', () => {
  it('keeps a plain name', () => expect(safeFileName('report-2024.pdf')).toBe('report-2024.pdf'));
  it('drops directories, on both separators', () => {
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('C:\\Users\\ana\\foto.jpg')).toBe('foto.jpg');
  });
  it('folds accents and replaces the rest', () =>
    expect(safeFileName('Relatório de ação (final) 😀.pdf')).toBe('Relatorio_de_acao_final_.pdf'));
  it('never starts with a dot', () => expect(safeFileName('.htaccess')).toBe('htaccess'));
  it('falls back when nothing is left', () => {
    expect(safeFileName('')).toBe('file');
    expect(safeFileName('///')).toBe('file');
    expect(safeFileName('😀😀')).toBe('file');
  });
  it('cuts long names to 100 characters and keeps the extension', () => {
    const name = safeFileName(`${'a'.repeat(300)}.docx`);
    expect(name).toHaveLength(100);
    expect(name.endsWith('.docx')).toBe(true);
  });
});
