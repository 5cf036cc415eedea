import { describe, expect, it } from 'vitest';
import { readSignOption, signBody } from './sign.ts';

describe('signBody', () => {
  it('puts the name in bold on its own line above the text', () => {
    expect(signBody('Zelo Demo', 'Olá, tudo bem?')).toBe('*Zelo Demo:*\nOlá, tudo bem?');
  });

  it('keeps a multi-line text whole and trims its ends', () => {
    expect(signBody('Ana', '  linha 1\nlinha 2 \n')).toBe('*Ana:*\nlinha 1\nlinha 2');
  });

  it('leaves an empty or blank text untouched, so the blank-text rule still drops it', () => {
    expect(signBody('Ana', '')).toBe('');
    expect(signBody('Ana', '  \n ')).toBe('  \n ');
  });

  it('drops asterisks from the name, which would end the bold early', () => {
    expect(signBody('*Ana* Souza', 'oi')).toBe('*Ana Souza:*\noi');
  });

  it('keeps the other markdown characters of a name as they are', () => {
    expect(signBody('_Ana_ ~Souza~', 'oi')).toBe('*_Ana_ ~Souza~:*\noi');
  });

  it('does not sign when the name is blank or only asterisks', () => {
    expect(signBody('  ', 'oi')).toBe('oi');
    expect(signBody('**', 'oi')).toBe('oi');
  });
});

describe('readSignOption', () => {
  it('is on by default and off only when stored as false', () => {
    expect(readSignOption(null)).toBe(true);
    expect(readSignOption('true')).toBe(true);
    expect(readSignOption('false')).toBe(false);
  });
});
