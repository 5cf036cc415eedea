import { describe, expect, it } from 'vitest';
import { matchQuickMessages, quickMessageLabel, slashQuery } from './autocomplete.ts';

const messages = [
  {
    shortcode: 'horario',
    message: 'Atendemos de segunda a sexta, das 8h às 18h, e aos sábados das 8h às 12h.',
  },
  { shortcode: 'oi', message: 'Olá! Como posso ajudar?' },
  { shortcode: 'pix', message: 'Nossa chave Pix é o CNPJ.' },
  { shortcode: 'bom-dia', message: 'Bom dia!' },
  { shortcode: 'dia-util', message: 'Respondemos em até um dia útil.' },
];
const codes = (body: string) => matchQuickMessages(body, messages).map((m) => m.shortcode);

describe('quick-answer autocomplete', () => {
  it('needs a leading slash and more than one character after it', () => {
    expect(slashQuery('/')).toBeNull();
    expect(slashQuery('/o')).toBeNull();
    expect(slashQuery('/oi')).toBe('oi');
    expect(slashQuery('oi /oi')).toBeNull();
    expect(codes('/p')).toEqual([]);
  });

  it('matches shortcodes case-insensitively, those starting with the text first', () => {
    expect(codes('/OI')).toEqual(['oi']);
    expect(codes('/di')).toEqual(['dia-util', 'bom-dia']);
    expect(codes('/xyz')).toEqual([]);
  });

  it('closes once the user typed a space: they are writing a message that starts with a slash', () => {
    expect(codes('/oi tudo bem')).toEqual([]);
  });

  it('labels each entry as slash, shortcode, dash and the message cut at 35 characters', () => {
    expect(quickMessageLabel(messages[0])).toBe('/horario - Atendemos de segunda a sexta, das 8...');
    expect(quickMessageLabel(messages[1])).toBe('/oi - Olá! Como posso ajudar?');
  });
});
