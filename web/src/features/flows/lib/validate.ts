import { setIn, type ValidationErrors } from 'final-form';
import * as v from 'valibot';

/**
 * The valibot adapter of the flow forms. Unlike the app's `validateWith`, an empty field keeps the
 * schema's own message: the flow area words each "required" its own way ('Digite um nome!',
 * 'Adicione o valor de intervalo', 'Adicione uma fila'). Messages are i18n keys.
 */
export function validateFlowForm<S extends v.GenericSchema>(schema: S, translate: (key: string) => string) {
  return (values: unknown): ValidationErrors => {
    const result = v.safeParse(schema, blanksFilled(schema, values), { abortPipeEarly: true });
    if (result.success) return {};
    let errors: object = {};
    for (const issue of result.issues) {
      const path = v.getDotPath(issue);
      if (!path) continue;
      const existing = path
        .split('.')
        .reduce<unknown>((acc, k) => (acc as Record<string, unknown> | undefined)?.[k], errors);
      if (existing === undefined) errors = setIn(errors, path, translate(issue.message));
    }
    return errors as ValidationErrors;
  };
}

/**
 * final-form drops a field emptied by the person (its value becomes undefined); the schema then sees
 * a missing key and would answer with valibot's own words. An empty field is an empty string here.
 */
function blanksFilled(schema: v.GenericSchema, values: unknown): unknown {
  const entries = (schema as { entries?: Record<string, v.GenericSchema> }).entries;
  if (!entries || !values || typeof values !== 'object') return values;
  const out: Record<string, unknown> = { ...(values as Record<string, unknown>) };
  for (const [key, entry] of Object.entries(entries)) {
    if (out[key] === undefined && (entry as { type?: string }).type !== 'optional') out[key] = '';
  }
  return out;
}

/** Doc 2 §4: a dialog's submission takes effect 400 ms after the click. */
export const SUBMIT_DELAY_MS = 400;
export const afterSubmitDelay = () => new Promise<void>((r) => setTimeout(r, SUBMIT_DELAY_MS));
