import { FormGroup, HTMLSelect, InputGroup, type Intent, NumericInput, TextArea } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { Field, type FieldInputProps } from 'react-final-form';
import { visibleError } from '../../../../../lib/form.ts';

/** Keeps '' as '' (final-form would store undefined), so a cleared field reads as empty. */
const keep = (value: string) => value;

interface Base {
  name: string;
  label: string;
  testId: string;
  disabled?: boolean;
}

/** What every control below receives from its frame. */
interface Control {
  id: string;
  input: FieldInputProps<string>;
  intent: Intent;
}

/** One labelled final-form field: the error shows under it, and the control is drawn in its intent. */
function Framed({
  name,
  label,
  control,
}: Pick<Base, 'name' | 'label'> & { control: (c: Control) => ReactNode }) {
  return (
    <Field<string> name={name} parse={keep}>
      {({ input, meta }) => {
        const error = visibleError(meta);
        const intent: Intent = error ? 'danger' : 'none';
        const id = `flow-${name}`;
        return (
          <FormGroup label={label} labelFor={id} helperText={error} intent={intent}>
            {control({ id, input, intent })}
          </FormGroup>
        );
      }}
    </Field>
  );
}

export function TextAreaField({ rows = 3, ...p }: Base & { rows?: number }) {
  return (
    <Framed
      name={p.name}
      label={p.label}
      control={({ id, input, intent }) => (
        <TextArea
          id={id}
          fill
          rows={rows}
          {...input}
          intent={intent}
          disabled={p.disabled}
          data-testid={p.testId}
        />
      )}
    />
  );
}

export function InputField(p: Base & { type?: string; rightElement?: ReactNode; autoFocus?: boolean }) {
  return (
    <Framed
      name={p.name}
      label={p.label}
      control={({ id, input, intent }) => (
        <InputGroup
          id={id}
          {...input}
          value={input.value ?? ''}
          type={p.type}
          autoFocus={p.autoFocus}
          rightElement={p.rightElement as never}
          intent={intent}
          disabled={p.disabled}
          data-testid={p.testId}
        />
      )}
    />
  );
}

/** A number typed as text: the schema decides what is acceptable and says so in the form's words. */
export function NumberField(p: Base & { min?: number; max?: number; step?: number }) {
  return (
    <Framed
      name={p.name}
      label={p.label}
      control={({ id, input, intent }) => (
        <NumericInput
          id={id}
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
          intent={intent}
          disabled={p.disabled}
          data-testid={p.testId}
        />
      )}
    />
  );
}

export function SelectField(p: Base & { options: { value: string; label: string }[]; placeholder?: string }) {
  return (
    <Framed
      name={p.name}
      label={p.label}
      control={({ id, input }) => (
        <HTMLSelect
          id={id}
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
      )}
    />
  );
}
