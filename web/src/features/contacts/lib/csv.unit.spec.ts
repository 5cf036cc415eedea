import { describe, expect, it } from 'vitest';
import { buildContactsCsv, CSV_BOM, csvCell } from './csv.ts';

describe('contacts CSV', () => {
  it('starts with the UTF-8 BOM and a name;number;email header', () => {
    const csv = buildContactsCsv([]);
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1)).toBe('name;number;email\r\n');
  });

  it('writes one semicolon-separated line per contact, keeping accents', () => {
    const csv = buildContactsCsv([
      { name: 'João Conceição', number: '5511987654321', email: 'joao@exemplo.com' },
      { name: 'Maria', number: '5521912345678', email: '' },
      { name: 'Sem Email', number: '5531900000000' },
    ]);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'name;number;email',
      'João Conceição;5511987654321;joao@exemplo.com',
      'Maria;5521912345678;',
      'Sem Email;5531900000000;',
      '',
    ]);
  });

  it('quotes cells holding a semicolon, a quote or a line break, doubling quotes', () => {
    expect(csvCell('Silva; Filho')).toBe('"Silva; Filho"');
    expect(csvCell('O "Zé"')).toBe('"O ""Zé"""');
    expect(csvCell('linha\nquebrada')).toBe('"linha\nquebrada"');
    expect(csvCell('a,b')).toBe('a,b');
    expect(csvCell(null)).toBe('');
    const csv = buildContactsCsv([{ name: 'Ana; "Bia"', number: '5511', email: 'x@y.z' }]);
    expect(csv.slice(1).split('\r\n')[1]).toBe('"Ana; ""Bia""";5511;x@y.z');
  });
});
