import type { ScheduleView } from '@zelo/contracts/schedules/read-models';
import { describe, expect, it } from 'vitest';
import { validateWith } from '../../../lib/form.ts';
import { ScheduleForm, type ScheduleFormValues, toScheduleRequest } from './save-schedule.ts';

const maria = { id: 'c1', name: 'Maria', number: '5511999990001' };
const joao = { id: 'c2', name: 'João', number: '5511999990002' };
const validate = validateWith(ScheduleForm, (key) => key);
const values = (over: Partial<ScheduleFormValues> = {}): ScheduleFormValues => ({
  body: '  Lembrete da consulta  ',
  contact: maria,
  sendAt: '2030-03-10T14:30',
  ...over,
});

describe('the schedule form (doc 1 §5)', () => {
  it('accepts a body of five characters, a contact and a time', () => {
    expect(validate(values({ body: 'Olá!!' }))).toEqual({});
  });

  it('says a body under five characters is too short, after trimming', () => {
    expect(validate(values({ body: 'Olá ' }))).toEqual({ body: 'schedules.bodyTooShort' });
    expect(validate(values({ body: '  abcd  ' }))).toEqual({ body: 'schedules.bodyTooShort' });
  });

  it('requires the body, the contact and sendAt', () => {
    expect(validate({ contact: null })).toEqual({
      body: 'validation.required',
      contact: 'validation.required',
      sendAt: 'validation.required',
    });
    expect(validate(values({ body: '   ', sendAt: '' }))).toEqual({
      body: 'validation.required',
      sendAt: 'validation.required',
    });
  });

  it('refuses a time the box cannot hold', () => {
    expect(validate(values({ sendAt: '2030-03-10' }))).toEqual({ sendAt: 'schedules.invalidDate' });
  });
});

describe('toScheduleRequest', () => {
  const existing = {
    id: 's1',
    contactId: maria.id,
    ticketId: 't1',
    whatsappId: 'w1',
  } as ScheduleView;

  it('sends the trimmed body, the contact id and sendAt as an ISO instant', () => {
    expect(toScheduleRequest(values(), null)).toEqual({
      body: 'Lembrete da consulta',
      contactId: 'c1',
      sendAt: new Date(2030, 2, 10, 14, 30).toISOString(),
      ticketId: null,
      whatsappId: null,
    });
  });

  it('an edit keeps the ticket and connection for the same contact', () => {
    expect(toScheduleRequest(values(), existing)).toMatchObject({ ticketId: 't1', whatsappId: 'w1' });
  });

  it("an edit to another contact drops the old contact's ticket", () => {
    expect(toScheduleRequest(values({ contact: joao }), existing)).toMatchObject({
      contactId: 'c2',
      ticketId: null,
      whatsappId: 'w1',
    });
  });
});
