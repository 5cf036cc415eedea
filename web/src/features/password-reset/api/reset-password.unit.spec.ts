import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ResetPasswordInput } from './reset-password.ts';

const firstMessage = (input: Record<string, string>) => {
  const r = v.safeParse(ResetPasswordInput, input, { abortPipeEarly: true });
  return r.success ? null : r.issues[0].message;
};

describe('the reset form (doc 1 §5)', () => {
  const ok = { code: '123456', password: 'Nova-Senha9', confirmation: 'Nova-Senha9' };
  it('accepts a six-digit code and a strong password confirmed', () => expect(firstMessage(ok)).toBeNull());
  it('wants at least 8 characters', () =>
    expect(firstMessage({ ...ok, password: 'Ab1', confirmation: 'Ab1' })).toBe('passwordReset.tooShort'));
  it('wants an uppercase, a lowercase and a digit', () => {
    for (const password of ['semmaiuscula1', 'SEMMINUSCULA1', 'SemDigitos'])
      expect(firstMessage({ ...ok, password, confirmation: password })).toBe('passwordReset.weak');
  });
  it('wants the confirmation equal', () =>
    expect(firstMessage({ ...ok, confirmation: 'Outra-Senha9' })).toBe('passwordReset.mismatch'));
  it('wants the code as e-mailed', () =>
    expect(firstMessage({ ...ok, code: '12a' })).toBe('passwordReset.invalidCode'));
});
