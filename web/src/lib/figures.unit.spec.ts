import { describe, expect, it } from 'vitest';
import { formatNumber, formatPercent } from './figures.ts';

describe('rates and figures in the interface language', () => {
  it('writes percentages and decimals as each language does', () => {
    expect(formatPercent(0.875, 'pt')).toBe('87,5%');
    expect(formatPercent(0.875, 'en')).toBe('87.5%');
    expect(formatPercent(1, 'en')).toBe('100%');
    expect(formatPercent(null, 'pt')).toBe('—');
    expect(formatNumber(2.456, 'pt', 1)).toBe('2,5');
    expect(formatNumber(1234, 'en')).toBe('1,234');
    expect(formatNumber(null, 'es')).toBe('—');
  });
});
