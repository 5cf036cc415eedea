import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import { Field } from 'react-final-form';
import { ApiError } from '../../lib/api.ts';
import type { RefChoice } from '../../lib/automation-choices.ts';

interface Props {
  /** The form field holding the chosen id, null for none. */
  name: string;
  label: string;
  /** The list to choose from; undefined while it loads. */
  choices: RefChoice[] | undefined;
  /** Why the list could not be had, if it could not (useRequest's error). */
  error: unknown;
  noneLabel: string;
  /** Shown under a disabled picker when the company's plan lacks the feature (the list answered 403/404). */
  planHint: string;
  /** Shown when the list failed otherwise. */
  failedHint: string;
  /** The label of a chosen id that is not (or no longer) in the list. */
  unknownLabel: string;
  testId: string;
}

/** The company's plan lacks the feature: its list answers 403 (ERR_PLAN_FEATURE_DISABLED) or 404. */
const planLacksIt = (error: unknown) => error instanceof ApiError && [403, 404].includes(error.status);

/**
 * A "none or one of these" picker of something another feature owns (a prompt, an integration, a flow).
 * When that list cannot be had the picker stays, disabled, with a hint: the dialog still saves.
 */
export function RefSelect({
  name,
  label,
  choices,
  error,
  noneLabel,
  planHint,
  failedHint,
  unknownLabel,
  testId,
}: Props) {
  const failed = !!error;
  const hint = failed ? (planLacksIt(error) ? planHint : failedHint) : undefined;
  return (
    <Field<string | null> name={name}>
      {({ input }) => {
        const value = input.value || '';
        const known = !value || (choices ?? []).some((c) => c.id === value);
        return (
          <FormGroup label={label} helperText={hint} intent={failed ? 'warning' : 'none'}>
            <HTMLSelect
              fill
              value={value}
              disabled={failed || !choices}
              onChange={(e) => input.onChange(e.target.value || null)}
              data-testid={testId}
            >
              <option value="">{noneLabel}</option>
              {!known && <option value={value}>{unknownLabel}</option>}
              {(choices ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
        );
      }}
    </Field>
  );
}
