import { HTMLSelect, NumericInput, Switch } from '@blueprintjs/core';
import { useState } from 'react';
import { Field } from 'react-final-form';
import { DURATION_UNITS, type DurationUnit } from '../../../lib/duration.ts';
import { visibleError } from '../../../lib/form.ts';
import { type TKey, useT } from '../../../lib/i18n.ts';
import { TARGET_LABEL, type TargetName } from '../lib/policy-form.ts';

const UNIT_LABEL: Record<DurationUnit, TKey> = {
  minutes: 'sla.unitMinutes',
  hours: 'sla.unitHours',
  days: 'sla.unitDays',
};
const HELP: Record<TargetName, TKey> = {
  firstResponse: 'sla.firstResponseHelp',
  nextResponse: 'sla.nextResponseHelp',
  resolution: 'sla.resolutionHelp',
};

/** One target of the policy: a switch, then how long (a number and its unit) while it is on. */
export function TargetInput({ name }: { name: TargetName }) {
  const t = useT();
  return (
    <div className="sla-target" data-testid={`sla-${name}`}>
      <Field<boolean> name={`${name}.on`} type="checkbox">
        {({ input: on }) => (
          <>
            <div className="sla-target-row">
              <Switch
                className="sla-target-switch"
                label={t(TARGET_LABEL[name])}
                checked={!!on.checked}
                onChange={on.onChange}
                data-testid={`sla-${name}-on`}
              />
              <div className="sla-target-time">
                <AmountInput name={name} disabled={!on.checked} />
                <Field<DurationUnit> name={`${name}.unit`}>
                  {({ input }) => (
                    <HTMLSelect
                      value={input.value}
                      onChange={(e) => input.onChange(e.currentTarget.value as DurationUnit)}
                      disabled={!on.checked}
                      aria-label={t('sla.unit')}
                      data-testid={`sla-${name}-unit`}
                    >
                      {DURATION_UNITS.map((unit) => (
                        <option key={unit} value={unit}>
                          {t(UNIT_LABEL[unit])}
                        </option>
                      ))}
                    </HTMLSelect>
                  )}
                </Field>
              </div>
            </div>
            <Field
              name={`${name}.amount`}
              subscription={{ error: true, touched: true, modified: true, submitFailed: true }}
            >
              {({ meta }) => {
                const error = on.checked ? visibleError(meta) : undefined;
                return error ? (
                  <div className="sla-target-error" data-testid={`sla-${name}-error`}>
                    {error}
                  </div>
                ) : (
                  <div className="sla-target-help bp6-text-muted">
                    {on.checked ? t(HELP[name]) : t('sla.off')}
                  </div>
                );
              }}
            </Field>
          </>
        )}
      </Field>
    </div>
  );
}

/** The amount keeps what is typed ("1." on the way to "1.5"); the form holds the number, or null. */
function AmountInput({ name, disabled }: { name: TargetName; disabled: boolean }) {
  const t = useT();
  return (
    <Field<number | null> name={`${name}.amount`}>
      {({ input, meta }) => (
        <AmountBox
          value={input.value}
          disabled={disabled}
          invalid={!disabled && !!visibleError(meta)}
          label={t('sla.amount', { target: t(TARGET_LABEL[name]) })}
          testId={`sla-${name}-amount`}
          onChange={input.onChange}
          onBlur={input.onBlur}
        />
      )}
    </Field>
  );
}

interface BoxProps {
  value: number | null | undefined | '';
  disabled: boolean;
  invalid: boolean;
  label: string;
  testId: string;
  onChange: (value: number | null) => void;
  onBlur: () => void;
}

function AmountBox({ value, disabled, invalid, label, testId, onChange, onBlur }: BoxProps) {
  const [text, setText] = useState(
    value === null || value === undefined || value === '' ? '' : String(value),
  );
  return (
    <NumericInput
      className="sla-target-amount"
      value={text}
      disabled={disabled}
      intent={invalid ? 'danger' : 'none'}
      buttonPosition="none"
      allowNumericCharactersOnly
      aria-label={label}
      data-testid={testId}
      onValueChange={(n, s) => {
        setText(s);
        onChange(s.trim() === '' || Number.isNaN(n) ? null : n);
      }}
      onBlur={onBlur}
    />
  );
}
