import { ErrorCode } from '@zelo/contracts/errors';
import { describe, expect, it } from 'vitest';
import { dictionaries, translate, translateError } from './i18n.ts';

const keysOf = (obj: object, prefix = ''): string[] =>
  Object.entries(obj).flatMap(([k, v]) =>
    typeof v === 'object' ? keysOf(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );

describe('dictionaries', () => {
  const ptKeys = keysOf(dictionaries.pt).sort();

  it.each(['en', 'es'] as const)('%s has exactly the keys of pt, none blank', (lang) => {
    expect(keysOf(dictionaries[lang]).sort()).toEqual(ptKeys);
    for (const key of ptKeys) expect(translate(lang, key as never)).not.toBe('');
  });

  it('keeps the same {{placeholders}} in every language', () => {
    const placeholders = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();
    for (const key of ptKeys) {
      const expected = placeholders(translate('pt', key as never));
      expect(placeholders(translate('en', key as never)), key).toEqual(expected);
      expect(placeholders(translate('es', key as never)), key).toEqual(expected);
    }
  });
});

describe('translate', () => {
  it('fills parameters', () => {
    expect(translate('pt', 'shell.greeting', { name: 'Ana' })).toBe('Olá, Ana');
    expect(translate('en', 'login.dueSoonOther', { days: 3 })).toBe('Your subscription expires in 3 days');
  });

  it('translates known error codes and passes unknown text through', () => {
    expect(translateError('es', 'ERR_NO_PERMISSION')).toBe('No tienes permiso para acceder a este recurso.');
    expect(translateError('pt', 'ERR_INVALID_CREDENTIALS')).toBe(
      'Erro de autenticação. Por favor, tente novamente.',
    );
    expect(translateError('pt', 'something odd')).toBe('something odd');
  });

  it('has a message for every code of the server catalogue, so a toast never shows a bare code', () => {
    const bare = ErrorCode.options.filter((code) => translateError('pt', code) === code);
    expect(bare).toEqual([]);
  });
});
