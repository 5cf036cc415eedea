import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { validateWith } from './form.ts';

const Schema = v.object({
  email: v.pipe(v.string(), v.email('validation.invalidEmail')),
  address: v.object({ city: v.pipe(v.string(), v.minLength(2, 'validation.tooShort')) }),
});
const validate = validateWith(Schema, (key) => key.toUpperCase());

describe('validateWith', () => {
  it('returns no errors for valid values', () => {
    expect(validate({ email: 'a@b.co', address: { city: 'Rio' } })).toEqual({});
  });

  it('nests errors by path and passes messages through the translator', () => {
    expect(validate({ email: 'nope', address: { city: 'R' } })).toEqual({
      email: 'VALIDATION.INVALIDEMAIL',
      address: { city: 'VALIDATION.TOOSHORT' },
    });
  });

  it('reports fields final-form left out of the values as required', () => {
    expect(validate({ address: { city: 'Rio' } })).toEqual({ email: 'VALIDATION.REQUIRED' });
  });
});
