import { ErrorCode } from '@zelo/contracts/errors';
import { beforeAll, describe, expect, it } from 'vitest';
import { en } from '../locales/en.ts';
import { es } from '../locales/es.ts';
import { pt } from '../locales/pt.ts';
import { loadLanguage, type TKey, translate, translateError } from './i18n.ts';
import { LANGUAGES, type Language } from './store.ts';

const dictionaries = { pt, en, es };
beforeAll(() => Promise.all(LANGUAGES.map(loadLanguage)));

const keysOf = (obj: object, prefix = ''): string[] =>
  Object.entries(obj).flatMap(([k, v]) =>
    typeof v === 'object' ? keysOf(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
/** The text as written, {{placeholders}} and all (translate without parameters blanks them). */
const rawText = (lang: Language, key: string): string =>
  key.split('.').reduce<unknown>((at, k) => (at as Record<string, unknown>)[k], dictionaries[lang]) as string;

describe('dictionaries', () => {
  const ptKeys = keysOf(dictionaries.pt).sort();

  it.each(['en', 'es'] as const)('%s has exactly the keys of pt, none blank', (lang) => {
    expect(keysOf(dictionaries[lang]).sort()).toEqual(ptKeys);
    for (const key of ptKeys) expect(translate(lang, key as never)).not.toBe('');
  });

  it('keeps the same {{placeholders}} in every language', () => {
    const placeholders = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();
    for (const key of ptKeys) {
      const expected = placeholders(rawText('pt', key));
      expect(placeholders(rawText('en', key)), key).toEqual(expected);
      expect(placeholders(rawText('es', key)), key).toEqual(expected);
    }
  });
});

describe('translate', () => {
  it('fills parameters', () => {
    expect(translate('pt', 'shell.greeting', { name: 'Ana' })).toBe('Olá, Ana');
    expect(translate('en', 'login.dueSoon', { count: 3 })).toBe('Your subscription expires in 3 days');
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

describe('plurals: one rule for every count', () => {
  const read = (lang: Language, key: TKey, counts: number[]) =>
    counts.map((count) => translate(lang, key, { count }));

  it.each([
    ['pt', ['Sem intervalo', '1 segundo', '2 segundos'], ['Não usar', '1 mensagem', '2 mensagens']],
    ['en', ['No interval', '1 second', '2 seconds'], ['Never', '1 message', '2 messages']],
    ['es', ['Sin intervalo', '1 segundo', '2 segundos'], ['No usar', '1 mensaje', '2 mensajes']],
  ] as const)('campaign settings read 0, 1 and 2 in %s', (lang, seconds, messages) => {
    expect(read(lang, 'campaignSettings.seconds', [0, 1, 2])).toEqual(seconds);
    expect(read(lang, 'campaignSettings.messages', [0, 1, 2])).toEqual(messages);
  });

  it.each([
    ['pt', ['Nenhum atendimento', '1 atendimento', '2 atendimentos']],
    ['en', ['No tickets', '1 ticket', '2 tickets']],
    ['es', ['Ninguna atención', '1 atención', '2 atenciones']],
  ] as const)('the kanban total reads 0, 1 and 2 in %s', (lang, expected) => {
    expect(read(lang, 'kanban.total', [0, 1, 2])).toEqual(expected);
  });

  it.each([
    ['pt', ['Nenhum dia restante', '1 dia restante', '2 dias restantes']],
    ['en', ['No days left', '1 day left', '2 days left']],
    ['es', ['No queda ningún día', 'Queda 1 día', 'Quedan 2 días']],
  ] as const)('the subscription days read 0, 1 and 2 in %s', (lang, expected) => {
    expect(read(lang, 'subscription.days', [0, 1, 2])).toEqual(expected);
  });

  it('composes texts with two counts from their counted parts', () => {
    const done = (lang: Language, created: number, failed: number) =>
      translate(lang, 'contactLists.importDone', {
        created: translate(lang, 'contactLists.importCreated', { count: created }),
        failed: translate(lang, 'contactLists.importRefused', { count: failed }),
      });
    expect(done('pt', 1, 2)).toBe('1 contato importado, 2 linhas recusadas.');
    expect(done('pt', 2, 1)).toBe('2 contatos importados, 1 linha recusada.');
    expect(done('en', 2, 0)).toBe('2 contacts imported, no rows refused.');
    expect(done('es', 0, 1)).toBe('Ningún contacto importado, 1 fila rechazada.');
  });

  it("uses the other form where a language's form is missing, and the language's rule for 0 without a zero form", () => {
    // Spanish calls a million "many"; the dictionaries write only one and other.
    expect(translate('es', 'campaignSettings.seconds', { count: 1_000_000 })).toBe('1000000 segundos');
    expect(translate('en', 'contacts.importFailed', { count: 0 })).toBe('0 with errors');
    expect(translate('en', 'contacts.importFailed', { count: 1 })).toBe('1 with an error');
  });

  it('keeps {{count}} for counted texts, each with a singular and a plural form in every language', () => {
    for (const lang of ['pt', 'en', 'es'] as const) {
      const keys = keysOf(dictionaries[lang]);
      const counted = keys.filter((k) => rawText(lang, k).includes('{{count}}'));
      for (const key of counted) expect(key, `${lang} ${key}`).toMatch(/_(one|other|many)$/);
      const stems = new Set(
        keys.filter((k) => /_(zero|one|other)$/.test(k)).map((k) => k.replace(/_[a-z]+$/, '')),
      );
      for (const stem of stems) {
        expect(keys, `${lang} ${stem}`).toContain(`${stem}_one`);
        expect(keys, `${lang} ${stem}`).toContain(`${stem}_other`);
      }
    }
  });
});
