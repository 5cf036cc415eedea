import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { validateWith, visibleError } from './form.ts';

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

  it('names an empty or blank text as required, not as too short', () => {
    expect(validate({ email: 'a@b.co', address: { city: '' } })).toEqual({
      address: { city: 'VALIDATION.REQUIRED' },
    });
    const Name = v.object({ name: v.pipe(v.string(), v.trim(), v.minLength(2, 'validation.tooShort')) });
    expect(validateWith(Name, (k) => k)({ name: '   ' })).toEqual({ name: 'validation.required' });
  });

  it('flags a check across fields while another field is still wrong, after that field’s own issue', () => {
    const Reset = v.pipe(
      v.object({
        code: v.pipe(v.string(), v.regex(/^\d{6}$/, 'code')),
        password: v.pipe(v.string(), v.minLength(8, 'short'), v.regex(/\d/, 'weak')),
        confirmation: v.string(),
      }),
      v.forward(
        v.partialCheck([['password'], ['confirmation']], (i) => i.password === i.confirmation, 'mismatch'),
        ['confirmation'],
      ),
    );
    const check = validateWith(Reset, (k) => k);
    expect(check({ code: '12', password: 'Senha-Nova9', confirmation: 'Senha-Nova8' })).toEqual({
      code: 'code',
      confirmation: 'mismatch',
    });
    expect(check({ code: '123456', password: 'abc', confirmation: 'abc' })).toEqual({ password: 'short' });
  });
});

describe('visibleError', () => {
  const error = 'Obrigatório';
  it('stays quiet while a field is only passed through, empty', () => {
    expect(visibleError({ touched: true, modified: false, error })).toBeUndefined();
  });
  it('shows on leaving a changed field and after a submit', () => {
    expect(visibleError({ touched: true, modified: true, error })).toBe(error);
    expect(visibleError({ touched: true, submitFailed: true, error })).toBe(error);
    expect(visibleError({ submitFailed: true, submitError: 'ERR' })).toBe('ERR');
  });
});
