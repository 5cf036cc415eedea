import { setIn, type ValidationErrors } from 'final-form';
import * as v from 'valibot';

/**
 * The valibot adapter for react-final-form: schema issues become final-form's nested error object.
 * Issue messages are i18n keys, translated here so the schema stays free of the current language.
 */
export function validateWith<S extends v.GenericSchema>(schema: S, translate: (key: string) => string) {
  return (values: unknown): ValidationErrors => {
    const result = v.safeParse(schema, values, { abortPipeEarly: true });
    if (result.success) return {};
    let errors: object = {};
    for (const issue of result.issues) {
      const path = v.getDotPath(issue);
      if (!path) continue;
      // The first issue of a field wins, as a user fixes one problem at a time.
      const existing = path
        .split('.')
        .reduce<unknown>((acc, k) => (acc as Record<string, unknown>)?.[k], errors);
      // final-form leaves untouched fields out of `values`; valibot calls that an invalid key.
      const key =
        issue.kind === 'schema' && issue.input === undefined ? 'validation.required' : issue.message;
      if (existing === undefined) errors = setIn(errors, path, translate(key));
    }
    return errors as ValidationErrors;
  };
}
