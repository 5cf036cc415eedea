import type { SignedUpCompany } from '@zelo/contracts/tenancy/read-models';
import * as v from 'valibot';
import { apiRequest } from '../../../lib/api.ts';
import { onlyDigits } from '../../../lib/format.ts';

const required = (msg = 'validation.required') => v.pipe(v.string(msg), v.trim(), v.nonEmpty(msg));

/** Section 5 sign-up rules; messages are i18n keys translated by the form adapter. */
export const SignupInput = v.object({
  name: v.pipe(required(), v.minLength(2, 'validation.tooShort'), v.maxLength(50, 'validation.tooLong')),
  email: v.pipe(required(), v.email('validation.invalidEmail')),
  phone: v.pipe(
    required(),
    v.transform(onlyDigits),
    v.minLength(10, 'validation.invalidPhone'),
    v.maxLength(11, 'validation.invalidPhone'),
  ),
  password: v.pipe(
    v.string('validation.required'),
    v.minLength(5, 'validation.tooShort'),
    v.maxLength(50, 'validation.tooLong'),
  ),
  planId: required(),
});
export type SignupInput = v.InferInput<typeof SignupInput>;

export const createCompany = (input: SignupInput) =>
  apiRequest<SignedUpCompany>('/companies/cadastro', {
    method: 'POST',
    body: v.parse(SignupInput, input),
    auth: false,
  });

export const useCreateCompany = () => createCompany;
