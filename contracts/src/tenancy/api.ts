import * as v from 'valibot';
import { Email, Id, Password } from '../common.ts';
import { WeeklyHours } from '../weekly-hours.ts';

/** POST /companies/cadastro (doc 1 §5 Sign-up). */
export const SignUpRequest = v.object({
  name: v.pipe(v.string(), v.trim(), v.minLength(2, 'too short'), v.maxLength(50, 'too long')),
  email: Email,
  phone: v.pipe(
    v.optional(v.string(), ''),
    v.transform((s) => s.replace(/\D/g, '')),
    v.maxLength(11, 'at most 11 digits'),
  ),
  password: Password,
  planId: Id,
});
export type SignUpRequest = v.InferOutput<typeof SignUpRequest>;

/** PUT /settings/{key}: the key is checked against the known settings with its value. */
export const SettingKeyParam = v.object({ key: v.pipe(v.string(), v.maxLength(60)) });
export const UpdateSettingRequest = v.object({ value: v.pipe(v.string(), v.maxLength(200)) });

/** PUT /companies/{id}/schedules (doc 1 §7). */
export const CompanySchedulesRequest = v.object({ schedules: WeeklyHours });
