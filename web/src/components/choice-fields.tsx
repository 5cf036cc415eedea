import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import { Field } from 'react-final-form';
import { MultiSelect } from './ui/multi-select.tsx';

/*
 * The dialogs kit's pickers of one (or several) of a list of records, by id: a queue, a connection.
 * ChoiceSelect is for a dialog that keeps its own state; ChoiceField and ChoicesField are its
 * react-final-form fields (in a FormDialog).
 */

export interface Choice {
  id: string;
  name: string;
}

interface SelectProps {
  label: string;
  value: string;
  onChange: (id: string) => void;
  /** The list; undefined while it loads. */
  choices: Choice[] | undefined;
  /** The first option, standing for no choice (value ''); none leaves the list alone. */
  placeholder?: string;
  testId: string;
}

/** A labelled select of records held in the caller's state. */
export function ChoiceSelect({ label, value, onChange, choices, placeholder, testId }: SelectProps) {
  return (
    <FormGroup label={label}>
      <HTMLSelect fill value={value} onChange={(e) => onChange(e.currentTarget.value)} data-testid={testId}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {(choices ?? []).map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </HTMLSelect>
    </FormGroup>
  );
}

interface FieldProps {
  name: string;
  label: string;
  choices: Choice[] | undefined;
  /** The first option, which stores null. */
  noneLabel: string;
  testId: string;
}

/** A form field holding one record's id, or null for none. */
export function ChoiceField({ name, label, choices, noneLabel, testId }: FieldProps) {
  return (
    <Field<string | null> name={name}>
      {({ input }) => (
        <ChoiceSelect
          label={label}
          value={input.value ?? ''}
          onChange={(id) => input.onChange(id || null)}
          choices={choices}
          placeholder={noneLabel}
          testId={testId}
        />
      )}
    </Field>
  );
}

/** A form field holding several records' ids. */
export function ChoicesField({ name, label, choices, testId }: Omit<FieldProps, 'noneLabel'>) {
  return (
    <Field<string[]> name={name}>
      {({ input }) => (
        <FormGroup label={label}>
          <MultiSelect
            label={label}
            options={choices ?? []}
            selected={input.value || []}
            onChange={input.onChange}
            testId={testId}
          />
        </FormGroup>
      )}
    </Field>
  );
}
