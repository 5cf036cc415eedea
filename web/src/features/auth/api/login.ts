import type { SessionAnswer } from '@zelo/contracts/auth/read-models';
import * as v from 'valibot';
import { apiRequest } from '../../../lib/api.ts';
import { setSession } from '../../../lib/store.ts';
import { markLogin } from './logout.ts';

export const LoginInput = v.object({
  email: v.pipe(
    v.string('validation.required'),
    v.trim(),
    v.nonEmpty('validation.required'),
    v.email('validation.invalidEmail'),
  ),
  password: v.pipe(v.string('validation.required'), v.nonEmpty('validation.required')),
});
export type LoginInput = v.InferOutput<typeof LoginInput>;

export const login = (input: LoginInput) =>
  apiRequest<SessionAnswer>('/auth/login', { method: 'POST', body: v.parse(LoginInput, input), auth: false });

/** Logs in and stores the session; the caller decides what to show on failure. */
export function useLogin() {
  return async (input: LoginInput) => {
    const session = await login(input);
    markLogin();
    setSession(session);
    return session;
  };
}
