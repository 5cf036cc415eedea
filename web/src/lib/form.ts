import { setIn, type ValidationErrors } from 'final-form';
import * as v from 'valibot';

function isMissing(issue: v.GenericIssue): boolean {
  if (issue.kind === 'schema' && issue.input === undefined) return true;
  return typeof issue.input === 'string' && issue.input.trim() === '';
}

/**
 * Shows a field's error once the person is done with it: after a submit, or on leaving a field they
 * changed. Merely passing through an empty field (an autofocused e-mail, then the language menu) is not
 * a mistake yet.
 */
export function visibleError(meta: {
  touched?: boolean;
  modified?: boolean;
  submitFailed?: boolean;
  error?: unknown;
  submitError?: unknown;
}): string | undefined {
  const shown = meta.submitFailed || (meta.touched && meta.modified);
  const error = meta.error || meta.submitError;
  return shown && typeof error === 'string' ? error : undefined;
}

/**
 * The valibot adapter for react-final-form: schema issues become final-form's nested error object.
 * Issue messages are i18n keys, translated here so the schema stays free of the current language.
 */
export function validateWith<S extends v.GenericSchema>(schema: S, translate: (key: string) => string) {
  return (values: unknown): ValidationErrors => {
    // The whole pipe runs, not just up to a field's first issue: a check across fields (a confirmation
    // that differs from the password) is flagged even while another field is still wrong.
    const result = v.safeParse(schema, values);
    if (result.success) return {};
    let errors: object = {};
    for (const issue of result.issues) {
      const path = v.getDotPath(issue);
      if (!path) continue;
      // The first issue of a field wins, as a user fixes one problem at a time.
      const existing = path
        .split('.')
        .reduce<unknown>((acc, k) => (acc as Record<string, unknown>)?.[k], errors);
      // final-form leaves untouched fields out of `values`; valibot calls that an invalid key. An empty
      // (or blank) text is missing too, whatever rule tripped first ("Muito curto!" on nothing at all).
      const key = isMissing(issue) ? 'validation.required' : issue.message;
      if (existing === undefined) errors = setIn(errors, path, translate(key));
    }
    return errors as ValidationErrors;
  };
}
