import { FormGroup, HTMLSelect, InputGroup, NumericInput, TextArea } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { Field } from 'react-final-form';
import { visibleError } from '../../../../../lib/form.ts';

/** Keeps '' as '' (final-form would store undefined), so a cleared field reads as empty. */
const keep = (value: string) => value;

interface Base {
  name: string;
  label: string;
  testId: string;
  disabled?: boolean;
}

export function TextAreaField({ rows = 3, ...p }: Base & { rows?: number }) {
  return (
    <Field<string> name={p.name} parse={keep}>
      {({ input, meta }) => {
        const error = visibleError(meta);
        return (
          <FormGroup
            label={p.label}
            labelFor={`flow-${p.name}`}
            helperText={error}
            intent={error ? 'danger' : 'none'}
          >
            <TextArea
              id={`flow-${p.name}`}
              fill
              rows={rows}
              {...input}
              intent={error ? 'danger' : 'none'}
              disabled={p.disabled}
              data-testid={p.testId}
            />
          </FormGroup>
        );
      }}
    </Field>
  );
}

export function InputField(p: Base & { type?: string; rightElement?: ReactNode; autoFocus?: boolean }) {
  return (
    <Field<string> name={p.name} parse={keep}>
      {({ input, meta }) => {
        const error = visibleError(meta);
        return (
          <FormGroup
            label={p.label}
            labelFor={`flow-${p.name}`}
            helperText={error}
            intent={error ? 'danger' : 'none'}
          >
            <InputGroup
              id={`flow-${p.name}`}
              {...input}
              value={input.value ?? ''}
              type={p.type}
              autoFocus={p.autoFocus}
              rightElement={p.rightElement as never}
              intent={error ? 'danger' : 'none'}
              disabled={p.disabled}
              data-testid={p.testId}
            />
          </FormGroup>
        );
      }}
    </Field>
  );
}

/** A number typed as text: the schema decides what is acceptable and says so in the form's words. */
export function NumberField(p: Base & { min?: number; max?: number; step?: number }) {
  return (
    <Field<string> name={p.name} parse={keep}>
      {({ input, meta }) => {
        const error = visibleError(meta);
        return (
          <FormGroup
            label={p.label}
            labelFor={`flow-${p.name}`}
            helperText={error}
            intent={error ? 'danger' : 'none'}
          >
            <NumericInput
              id={`flow-${p.name}`}
              fill
              min={p.min}
              max={p.max}
              stepSize={p.step ?? 1}
              minorStepSize={null}
              allowNumericCharactersOnly={false}
              clampValueOnBlur={false}
              value={input.value ?? ''}
              onValueChange={(_n, text) => input.onChange(text)}
              onBlur={input.onBlur}
              onFocus={input.onFocus}
              intent={error ? 'danger' : 'none'}
              disabled={p.disabled}
              data-testid={p.testId}
            />
          </FormGroup>
        );
      }}
    </Field>
  );
}

export function SelectField(p: Base & { options: { value: string; label: string }[]; placeholder?: string }) {
  return (
    <Field<string> name={p.name} parse={keep}>
      {({ input, meta }) => {
        const error = visibleError(meta);
        return (
          <FormGroup
            label={p.label}
            labelFor={`flow-${p.name}`}
            helperText={error}
            intent={error ? 'danger' : 'none'}
          >
            <HTMLSelect
              id={`flow-${p.name}`}
              fill
              value={input.value ?? ''}
              onChange={(e) => input.onChange(e.currentTarget.value)}
              onBlur={input.onBlur}
              disabled={p.disabled}
              data-testid={p.testId}
            >
              {p.placeholder !== undefined && <option value="">{p.placeholder}</option>}
              {p.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
        );
      }}
    </Field>
  );
}
