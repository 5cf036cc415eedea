import { describe, expect, it } from 'vitest';
import { readVariables, VARIABLES_KEY, variablesOf, withVariable, writeVariables } from './variables.ts';

const question = (answerKey: string) => ({
  type: 'question',
  data: { typebotIntegration: { message: 'Qual o seu nome?', answerKey } },
});

describe('the question variables list (doc 2 §3, §4)', () => {
  it('is rebuilt from the question nodes of a loaded flow, each name once', () => {
    const nodes = [
      { type: 'start', data: { label: 'Inicio do fluxo' } },
      question('nome'),
      { type: 'message', data: { label: 'Olá {{nome}}' } },
      question('cidade'),
      question('nome'),
    ];
    expect(variablesOf(nodes)).toEqual(['nome', 'cidade']);
  });

  it('gains a new name when a question is saved', () => {
    expect(withVariable(['nome'], 'cidade')).toEqual(['nome', 'cidade']);
  });

  it('replaces the old name in place when a question is edited', () => {
    expect(withVariable(['nome', 'cidade'], 'primeiroNome', 'nome')).toEqual(['primeiroNome', 'cidade']);
  });

  it('never lists a name twice', () => {
    expect(withVariable(['nome', 'cidade'], 'cidade')).toEqual(['nome', 'cidade']);
    expect(withVariable(['nome', 'cidade'], 'cidade', 'nome')).toEqual(['cidade']);
  });

  it("lives in local storage under 'variables', a broken entry reading as empty", () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
    };
    writeVariables(['nome', 'cidade'], storage);
    expect(JSON.parse(store.get(VARIABLES_KEY) ?? '')).toEqual(['nome', 'cidade']);
    expect(readVariables(storage)).toEqual(['nome', 'cidade']);
    store.set(VARIABLES_KEY, '{oops');
    expect(readVariables(storage)).toEqual([]);
  });
});
