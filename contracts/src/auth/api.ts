import * as v from 'valibot';
import { Email } from '../common.ts';

export const LoginRequest = v.object({
  email: Email,
  password: v.pipe(v.string(), v.minLength(1, 'required'), v.maxLength(200)),
});
export type LoginRequest = v.InferOutput<typeof LoginRequest>;

/** The password a reset sets (doc 1 §5 "Reset password"): at least 8, with an uppercase, a lowercase and a digit. */
export const ResetNewPassword = v.pipe(
  v.string(),
  v.minLength(8, 'at least 8 characters'),
  v.maxLength(50, 'too long'),
  v.regex(/[A-Z]/, 'needs an uppercase letter'),
  v.regex(/[a-z]/, 'needs a lowercase letter'),
  v.regex(/\d/, 'needs a digit'),
);

export const ForgetPasswordParams = v.object({ email: Email });
export type ForgetPasswordParams = v.InferOutput<typeof ForgetPasswordParams>;

/**
 * The path of POST /resetpasswords/{email}/{token}/{newPassword}. The new password is checked by the
 * route (ResetNewPassword), after the shape: a weak one is a 400 about the password, not the path.
 */
export const ResetPasswordParams = v.object({
  email: Email,
  token: v.pipe(v.string(), v.maxLength(64)),
  newPassword: v.pipe(v.string(), v.maxLength(200)),
});
export type ResetPasswordParams = v.InferOutput<typeof ResetPasswordParams>;

/** POST /forgetpassword/{email}: the code was e-mailed; it expires after `expiresInMinutes`. */
export interface ForgetPasswordAnswer {
  status: 'sent';
  expiresInMinutes: number;
}

/** POST /resetpasswords/...: the password was changed and every session of the user ended. */
export interface ResetPasswordAnswer {
  status: 'updated';
}
