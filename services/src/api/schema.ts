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

/** Makes route schemas valibot schemas, for the whole app. */
export function installValibotSchemas(app: FastifyInstance) {
  app.setValidatorCompiler(valibotValidator);
}

/** A route plugin's instance with the valibot type provider: `typed(app).get(path, { schema }, handler)`. */
export const typed = (app: FastifyInstance) => app.withTypeProvider<ValibotTypeProvider>();
