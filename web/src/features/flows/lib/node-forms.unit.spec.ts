import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { IntervalForm, MenuForm, QuestionForm, randomizerData, TicketForm } from './node-forms.ts';

const firstMessage = (schema: v.GenericSchema, value: unknown) => {
  const r = v.safeParse(schema, value, { abortPipeEarly: true });
  return r.success ? null : r.issues[0]?.message;
};

describe('the node dialogs’ rules (doc 2 §5)', () => {
  it('an interval is 1 to 120 seconds', () => {
    expect(firstMessage(IntervalForm, { sec: '' })).toBe('flows.intervalRequired');
    expect(firstMessage(IntervalForm, { sec: '0' })).toBe('flows.intervalRequired');
    expect(firstMessage(IntervalForm, { sec: '121' })).toBe('flows.intervalMax');
    expect(firstMessage(IntervalForm, { sec: '120' })).toBeNull();
  });

  it('a menu needs its message and at least one filled option', () => {
    expect(firstMessage(MenuForm, { message: 'Oi', options: [] })).toBe('flows.menuNeedsOption');
    expect(firstMessage(MenuForm, { message: 'Oi', options: [{ value: ' ' }] })).toBe(
      'flows.menuOptionRequired',
    );
    expect(firstMessage(MenuForm, { message: '', options: [{ value: 'A' }] })).toBe('flows.messageRequired');
  });

  it('a question needs its message and a variable name', () => {
    expect(firstMessage(QuestionForm, { message: 'Nome?', answerKey: '' })).toBe('flows.answerKeyRequired');
    expect(firstMessage(QuestionForm, { message: 'Nome?', answerKey: 'meu nome' })).toBe(
      'flows.answerKeyInvalid',
    );
    expect(firstMessage(QuestionForm, { message: 'Nome?', answerKey: 'nome_1' })).toBeNull();
  });

  it("a ticket node needs a queue ('Adicione uma fila')", () => {
    expect(firstMessage(TicketForm, { queueId: '' })).toBe('flows.queueRequired');
  });

  it('the randomizer moves in steps of 10 between 0 and 100', () => {
    expect(randomizerData(34)).toEqual({ percent: 30 });
    expect(randomizerData(150)).toEqual({ percent: 100 });
    expect(randomizerData(-5)).toEqual({ percent: 0 });
  });
});
