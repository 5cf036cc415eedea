import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  checkPrivacySetting,
  matchedWord,
  PRIVACY_SETTING_DEFAULTS,
  parseWords,
  RetentionDaysSetting,
  WordsSetting,
  withPrivacyDefaults,
} from './privacy.ts';

describe('parseWords', () => {
  it('reads a comma-separated setting as upper-case words without accents, blanks or repeats', () => {
    expect(parseWords(' sair, Parar ,, stop,SAIR, cancelár ')).toEqual(['SAIR', 'PARAR', 'STOP', 'CANCELAR']);
  });

  it('reads the default opt-out words', () => {
    expect(parseWords(PRIVACY_SETTING_DEFAULTS.optOutWords)).toEqual(['SAIR', 'PARAR', 'STOP', 'CANCELAR']);
  });
});

describe('matchedWord', () => {
  const words = parseWords(PRIVACY_SETTING_DEFAULTS.optOutWords);

  it('matches a message that is one of the words, whatever its case, accents and punctuation', () => {
    expect(matchedWord('Sair!', words)).toBe('SAIR');
    expect(matchedWord('sair', words)).toBe('SAIR');
    expect(matchedWord(' parar. ', words)).toBe('PARAR');
    expect(matchedWord('  Stop  ', words)).toBe('STOP');
    expect(matchedWord('*CANCELAR*', words)).toBe('CANCELAR');
  });

  it('ignores accents on either side', () => {
    expect(matchedWord(' pará ', parseWords('PARA'))).toBe('PARA');
    expect(matchedWord('para', parseWords('pará'))).toBe('PARA');
    expect(matchedWord('Não quero', parseWords('nao quero'))).toBe('NAO QUERO');
  });

  it('never matches a word inside another word', () => {
    expect(matchedWord('SAIRAM', words)).toBeNull();
    expect(matchedWord('stopped', words)).toBeNull();
  });

  it('never matches a word inside a longer message', () => {
    expect(matchedWord('vou sair cedo', words)).toBeNull();
    expect(matchedWord('sair sair', words)).toBeNull();
    expect(matchedWord('quero parar de receber', words)).toBeNull();
  });

  it('matches nothing in an empty message or with no words', () => {
    expect(matchedWord('', words)).toBeNull();
    expect(matchedWord('!!!', words)).toBeNull();
    expect(matchedWord('SAIR', [])).toBeNull();
  });
});

describe('WordsSetting', () => {
  const ok = (s: string) => v.safeParse(WordsSetting, s).success;

  it('accepts 1 to 10 words of 2 to 30 characters', () => {
    expect(ok('SAIR')).toBe(true);
    expect(ok(PRIVACY_SETTING_DEFAULTS.optOutWords)).toBe(true);
    expect(ok(Array.from({ length: 10 }, (_, i) => `W${i}`).join(','))).toBe(true);
  });

  it('refuses no word, a word too short or too long, and more than 10 words', () => {
    expect(ok('')).toBe(false);
    expect(ok(' , ,')).toBe(false);
    expect(ok('SAIR, X')).toBe(false);
    expect(ok('A'.repeat(31))).toBe(false);
    expect(ok(Array.from({ length: 11 }, (_, i) => `W${i}`).join(','))).toBe(false);
  });
});

describe('RetentionDaysSetting', () => {
  const ok = (s: string) => v.safeParse(RetentionDaysSetting, s).success;

  it('accepts 0 (off) and 30 to 3650 days', () => {
    for (const s of ['0', '30', '365', '3650']) expect(ok(s)).toBe(true);
  });

  it('refuses anything else', () => {
    for (const s of ['', '1', '29', '3651', '-30', '30.5', 'abc', '10000']) expect(ok(s)).toBe(false);
  });
});

describe('checkPrivacySetting', () => {
  it('stores a reply trimmed, and refuses an empty or too long one', () => {
    expect(checkPrivacySetting('optOutReply', '  Pronto.  ')).toEqual({ ok: true, value: 'Pronto.' });
    expect(checkPrivacySetting('optInReply', '   ').ok).toBe(false);
    expect(checkPrivacySetting('optInReply', 'x'.repeat(201)).ok).toBe(false);
  });

  it('says why a value is refused', () => {
    expect(checkPrivacySetting('messageRetentionDays', '10')).toEqual({
      ok: false,
      problem: 'must be 0 (off) or 30 to 3650 days',
    });
    expect(checkPrivacySetting('optOutWords', 'SAIR, PARAR')).toEqual({ ok: true, value: 'SAIR, PARAR' });
  });
});

describe('withPrivacyDefaults', () => {
  it('gives a company that never set the privacy keys their defaults, and keeps what it set', () => {
    const settings = withPrivacyDefaults({ userRating: 'enabled', optInWords: 'VOLTAR, QUERO' });
    expect(settings).toMatchObject({
      userRating: 'enabled',
      optInWords: 'VOLTAR, QUERO',
      optOutWords: PRIVACY_SETTING_DEFAULTS.optOutWords,
      messageRetentionDays: '0',
    });
  });
});
