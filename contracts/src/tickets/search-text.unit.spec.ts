import { describe, expect, it } from 'vitest';
import { EXCERPT_CHARS, excerptAround, findFolded, foldText } from './search-text.ts';

describe('search text', () => {
  it('folds case and accents as unaccent does', () => {
    expect(foldText('AÇÃO Não Está Ótimo')).toBe('acao nao esta otimo');
    expect(foldText('Straße Æther')).toBe('strasse aether');
  });

  it('finds a text whatever its accents and case, with offsets of the original', () => {
    const body = 'Minha instalação já foi feita?';
    expect(findFolded(body, 'INSTALACAO')).toEqual({ start: 6, end: 16 });
    expect(body.slice(6, 16)).toBe('instalação');
    expect(findFolded('a instalacao', 'instalação')).toEqual({ start: 2, end: 12 });
    // A decomposed "ç" (c + combining cedilla) is two code units of the original, one of the text.
    expect(findFolded('ac\u0327a\u0303o!', 'acao')).toEqual({ start: 0, end: 6 });
    expect(findFolded('nada', 'tudo')).toBeNull();
    expect(findFolded('nada', '   ')).toBeNull();
  });

  it('keeps a short body whole, on one line', () => {
    expect(excerptAround('Olá,\n\nbom   dia', 'bom')).toBe('Olá, bom dia');
  });

  it('cuts a long body around the match, between words, with … at the cut ends', () => {
    const words = (n: number, w: string) => Array.from({ length: n }, () => w).join(' ');
    const body = `${words(40, 'antes')} a palavra Orçamento aqui ${words(40, 'depois')}`;
    const excerpt = excerptAround(body, 'orcamento');
    expect(excerpt.startsWith('…antes')).toBe(true);
    expect(excerpt.endsWith('depois…')).toBe(true);
    expect(excerpt).toContain('a palavra Orçamento aqui');
    expect(excerpt.length).toBeLessThanOrEqual(EXCERPT_CHARS + 2);
    const first = excerptAround(`Orçamento ${words(40, 'depois')}`, 'orçamento');
    expect(first.startsWith('Orçamento depois')).toBe(true);
    expect(first.endsWith('…')).toBe(true);
    const last = excerptAround(`${words(40, 'antes')} orçamento`, 'ORÇAMENTO');
    expect(last.endsWith('antes orçamento')).toBe(true);
  });

  it('never splits an emoji', () => {
    const body = `${'😀'.repeat(100)} achou ${'😀'.repeat(100)}`;
    const excerpt = excerptAround(body, 'achou');
    expect(excerpt).toContain('achou');
    expect(excerpt).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
  });
});
