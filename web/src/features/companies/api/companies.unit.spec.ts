import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CompanyInput, dueDateToIso, isoToDueDate, NewCompanyInput } from './companies.ts';

const company = {
  name: 'Padaria',
  email: 'dono@padaria.test',
  phone: '(11) 98765-4321',
  planId: 'p1',
  status: true,
  dueDate: '',
  recurrence: 'MENSAL',
  campaignsEnabled: true,
};

describe('the company form', () => {
  it('sends the phone as digits and needs a password only on create', () => {
    expect(v.parse(CompanyInput, company).phone).toBe('11987654321');
    expect(v.safeParse(NewCompanyInput, company).success).toBe(false);
    expect(v.safeParse(NewCompanyInput, { ...company, password: 'abcde' }).success).toBe(true);
  });

  it('refuses a recurrence outside the five', () => {
    expect(v.safeParse(CompanyInput, { ...company, recurrence: 'SEMANAL' }).success).toBe(false);
  });

  it('keeps the due date as the day picked: end of that local day, and back', () => {
    const iso = dueDateToIso('2026-12-25');
    expect(iso).not.toBeNull();
    expect(isoToDueDate(iso)).toBe('2026-12-25');
    expect(new Date(iso as string).getHours()).toBe(23);
  });

  it('clears an empty or invalid due date (sent as null)', () => {
    expect(dueDateToIso('')).toBeNull();
    expect(dueDateToIso('2026-13-45')).toBeNull();
    expect(isoToDueDate(null)).toBe('');
  });
});
