import { describe, expect, it } from 'vitest';
import { daysLeft, daysUntil, formatBRL, formatDate, formatTicketTime, maskPhone } from './format.ts';

describe('date formatting', () => {
  const now = new Date(2025, 2, 7, 15, 30);

  it('formats dd/MM/yyyy with zero padding', () => {
    expect(formatDate(new Date(2025, 0, 5, 8, 0))).toBe('05/01/2025');
  });

  it('shows HH:mm for today and the date for older tickets', () => {
    expect(formatTicketTime(new Date(2025, 2, 7, 9, 4), now)).toBe('09:04');
    expect(formatTicketTime(new Date(2025, 2, 6, 23, 59), now)).toBe('06/03/2025');
  });

  it('counts whole days until a due date', () => {
    expect(daysUntil(new Date(2025, 2, 10, 15, 30), now)).toBe(3);
    expect(daysUntil(new Date(2025, 2, 10, 10, 0), now)).toBe(2);
    expect(daysUntil(new Date(2025, 2, 5, 15, 30), now)).toBe(-2);
  });
});

describe('maskPhone', () => {
  it('masks a mobile number as (99) 99999-9999', () => {
    expect(maskPhone('11999990001')).toBe('(11) 99999-0001');
  });

  it('masks partial input while typing and drops extra digits', () => {
    expect(maskPhone('1')).toBe('(1');
    expect(maskPhone('1199')).toBe('(11) 99');
    expect(maskPhone('1133334444')).toBe('(11) 3333-4444');
    expect(maskPhone('(11) 99999-00012')).toBe('(11) 99999-0001');
    expect(maskPhone('')).toBe('');
  });
});

describe('billing figures', () => {
  it('writes BRL the pt-BR way with two decimals', () => {
    expect(formatBRL(1234.5).replace(/\s/g, ' ')).toBe('R$ 1.234,50');
    expect(formatBRL('30').replace(/\s/g, ' ')).toBe('R$ 30,00');
  });

  it('rounds the days left up and stops at zero', () => {
    const now = new Date(2025, 2, 7, 15, 30);
    expect(daysLeft(new Date(2025, 2, 10, 15, 30), now)).toBe(3);
    expect(daysLeft(new Date(2025, 2, 10, 10, 0), now)).toBe(3);
    expect(daysLeft(new Date(2025, 2, 7, 15, 31), now)).toBe(1);
    expect(daysLeft(new Date(2025, 2, 5), now)).toBe(0);
  });
});
