import { DomainError } from '@zelo/contracts/errors';
import * as v from 'valibot';

/** Parses request input with its contract schema; a failure is a 400 ERR_VALIDATION naming the fields. */
export function parse<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const fields = result.issues.map((i) => ({ field: v.getDotPath(i) ?? '', message: i.message }));
  throw new DomainError(
    'ERR_VALIDATION',
    fields.map((f) => (f.field ? `${f.field}: ${f.message}` : f.message)).join('; '),
    { fields },
  );
}

export const IdParam = v.object({ id: v.pipe(v.string(), v.uuid('must be a uuid')) });
export const PageQuery = v.pipe(
  v.optional(v.union([v.string(), v.number()]), '1'),
  v.transform(Number),
  v.integer('pageNumber must be an integer'),
  v.minValue(1),
  v.maxValue(100_000),
);
