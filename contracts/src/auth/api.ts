import * as v from 'valibot';
import { Email } from '../common.ts';

export const LoginRequest = v.object({
  email: Email,
  password: v.pipe(v.string(), v.minLength(1, 'required'), v.maxLength(200)),
});
export type LoginRequest = v.InferOutput<typeof LoginRequest>;
