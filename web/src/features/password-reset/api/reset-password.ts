import type { ResetPasswordAnswer } from '@zelo/contracts/auth/api';
import * as v from 'valibot';
import { apiRequest } from '../../../lib/api.ts';

const required = (msg = 'validation.required') => v.pipe(v.string(msg), v.trim(), v.nonEmpty(msg));

/**
 * Step 2 (doc 1 §5 "Reset password"): the e-mailed code, the new password (at least 8, with an
 * uppercase, a lowercase and a digit) and its confirmation, equal. Messages are i18n keys.
 */
export const ResetPasswordInput = v.pipe(
  v.object({
    code: v.pipe(required(), v.regex(/^\d{6}$/, 'passwordReset.invalidCode')),
    password: v.pipe(
      v.string('validation.required'),
      v.nonEmpty('validation.required'),
      v.minLength(8, 'passwordReset.tooShort'),
      v.maxLength(50, 'validation.tooLong'),
      v.regex(/[A-Z]/, 'passwordReset.weak'),
      v.regex(/[a-z]/, 'passwordReset.weak'),
      v.regex(/\d/, 'passwordReset.weak'),
    ),
    confirmation: v.pipe(v.string('validation.required'), v.nonEmpty('validation.required')),
  }),
  v.forward(
    v.partialCheck(
      [['password'], ['confirmation']],
      (input) => input.password === input.confirmation,
      'passwordReset.mismatch',
    ),
    ['confirmation'],
  ),
);
export type ResetPasswordInput = v.InferInput<typeof ResetPasswordInput>;

export function resetPassword(email: string, input: ResetPasswordInput) {
  const { code, password } = v.parse(ResetPasswordInput, input);
  const path = [email, code, password].map(encodeURIComponent).join('/');
  return apiRequest<ResetPasswordAnswer>(`/resetpasswords/${path}`, { method: 'POST', auth: false });
}

export const useResetPassword = () => resetPassword;
