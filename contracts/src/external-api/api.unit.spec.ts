import { describe, expect, it } from 'vitest';
import { normalizeWhatsappNumber } from './api.ts';

describe('normalizeWhatsappNumber', () => {
  it('keeps the digits once +, spaces and dashes are stripped', () => {
    expect(normalizeWhatsappNumber('+55 11 97000-1001')).toBe('5511970001001');
    expect(normalizeWhatsappNumber('1199990000')).toBe('1199990000');
    expect(normalizeWhatsappNumber('123456789012345')).toBe('123456789012345');
  });

  it('refuses fewer than 10 or more than 15 digits, and anything but digits', () => {
    for (const bad of ['119999000', '1234567890123456', '(11) 99990-0000', '55119999x0000', '', '+ - ']) {
      expect(normalizeWhatsappNumber(bad)).toBeNull();
    }
  });
});
