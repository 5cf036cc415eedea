import { DomainError } from '@zelo/contracts/errors';
import * as v from 'valibot';
import { unstorableTextAt } from '../platform/text.ts';

/** Parses request input with its contract schema; a failure is a 400 ERR_VALIDATION naming the fields. */
export function parse<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  throw validationError(result.issues);
}

/** The 400 ERR_VALIDATION of a schema failure, naming each field and what is wrong with it. */
export function validationError(issues: [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]]): DomainError {
  const fields = issues.map((i) => ({ field: v.getDotPath(i) ?? '', message: i.message }));
  return new DomainError(
    'ERR_VALIDATION',
    fields.map((f) => (f.field ? `${f.field}: ${f.message}` : f.message)).join('; '),
    { fields },
  );
}

export const IdParam = v.object({ id: v.pipe(v.string(), v.uuid('must be a uuid')) });

/** Refuses unstorable text with the same 400 ERR_VALIDATION as a schema failure, naming the field. */
export function refuseUnstorableText(value: unknown, where?: string): void {
  const at = unstorableTextAt(value);
  if (at === null) return;
  const field = where ? `${where}.${at}` : at;
  const message = 'must not contain NUL or other unstorable characters';
  throw new DomainError('ERR_VALIDATION', `${field}: ${message}`, { fields: [{ field, message }] });
}

/** The route-wide check of `refuseUnstorableText`: params, query and a parsed (JSON) body. */
export function refuseUnstorableRequest(request: { params?: unknown; query?: unknown; body?: unknown }) {
  refuseUnstorableText(request.params, 'params');
  refuseUnstorableText(request.query, 'query');
  refuseUnstorableText(request.body, 'body');
}
