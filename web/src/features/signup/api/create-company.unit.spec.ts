import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { validateWith } from '../../../lib/form.ts';
import { SignupInput } from './create-company.ts';

const valid = {
  name: 'Acme',
  email: 'ana@acme.com',
  phone: '(11) 99999-0001',
  password: 'secret',
  planId: 'p1',
};
const validate = validateWith(SignupInput, (key) => `t:${key}`);

describe('SignupInput through the form adapter', () => {
  it('accepts a valid company and sends the phone as digits', () => {
    expect(validate(valid)).toEqual({});
    expect(v.parse(SignupInput, valid).phone).toBe('11999990001');
  });

  it('reports one translated message per invalid field', () => {
    expect(validate({ ...valid, name: 'A', email: 'nope', password: '1234', planId: '' })).toEqual({
      name: 't:validation.tooShort',
      email: 't:validation.invalidEmail',
      password: 't:validation.tooShort',
      planId: 't:validation.required',
    });
  });

  it('treats missing fields as required and enforces the maximum lengths', () => {
    expect(validate({})).toMatchObject({ name: 't:validation.required', phone: 't:validation.required' });
    expect(validate({ ...valid, name: 'x'.repeat(51), password: 'y'.repeat(51) })).toEqual({
      name: 't:validation.tooLong',
      password: 't:validation.tooLong',
    });
    expect(validate({ ...valid, phone: '119999900012' })).toEqual({ phone: 't:validation.invalidPhone' });
  });
});
