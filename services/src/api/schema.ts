import type { FastifyInstance, FastifySchemaCompiler, FastifyTypeProvider } from 'fastify';
import * as v from 'valibot';
import { validationError } from './validation.ts';

/**
 * Routes declare their input with the contracts' valibot schemas (`schema: { params, querystring, body }`)
 * and Fastify validates it before the handler runs, with the same 400 ERR_VALIDATION as `parse`. The
 * handler's `request.params`, `request.query` and `request.body` are the schemas' outputs, typed.
 */
export interface ValibotTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends v.GenericSchema ? v.InferOutput<this['schema']> : unknown;
  serializer: this['schema'] extends v.GenericSchema ? v.InferInput<this['schema']> : unknown;
}

/** Fastify hands a missing body or query as null; the schemas speak of undefined. */
const valibotValidator: FastifySchemaCompiler<v.GenericSchema> =
  ({ schema }) =>
  (data) => {
    const result = v.safeParse(schema, data ?? undefined);
    return result.success ? { value: result.output } : { error: validationError(result.issues) };
  };

/**
 * A route plugin's instance whose route schemas are valibot schemas, typed:
 * `const app = typed(plain); app.get(path, { schema: { params: IdParam } }, handler)`. Set on the
 * plugin's own (encapsulated) instance, so that plugins with JSON schemas (mercurius) keep Fastify's.
 */
export function typed(app: FastifyInstance) {
  app.setValidatorCompiler(valibotValidator);
  return app.withTypeProvider<ValibotTypeProvider>();
}
