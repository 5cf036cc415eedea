import { describe, expect, it } from 'vitest';
import { shouldSearchPicker } from './search-picker.tsx';

describe('SearchPicker', () => {
  it('searches from three characters, not counting the spaces around them (doc 1 §9)', () => {
    expect(shouldSearchPicker('ab')).toBe(false);
    expect(shouldSearchPicker('  ab  ')).toBe(false);
    expect(shouldSearchPicker(' abc ')).toBe(true);
  });
});
