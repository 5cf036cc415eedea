import type { ForgetPasswordAnswer } from '@zelo/contracts/auth/api';
import * as v from 'valibot';
import { apiRequest } from '../../../lib/api.ts';

const required = (msg = 'validation.required') => v.pipe(v.string(msg), v.trim(), v.nonEmpty(msg));

/** Step 1 (doc 1 §5 "Reset password"): the e-mail, required and valid. */
export const RequestCodeInput = v.object({
  email: v.pipe(required(), v.email('validation.invalidEmail')),
});
export type RequestCodeInput = v.InferInput<typeof RequestCodeInput>;

/** Sends the code to the e-mail; a 404 (ApiError ERR_EMAIL_NOT_FOUND) means no user has it. */
export const requestCode = (input: RequestCodeInput) =>
  apiRequest<ForgetPasswordAnswer>(
    `/forgetpassword/${encodeURIComponent(v.parse(RequestCodeInput, input).email)}`,
    { method: 'POST', auth: false },
  );

export const useRequestCode = () => requestCode;
