import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import { Field } from 'react-final-form';
import type { Option } from '../api/campaign-options.ts';

interface Props {
  name: string;
  label: string;
  /** The first entry, meaning none (''). */
  noneLabel: string;
  options: Option[];
  disabled?: boolean;
  testId: string;
}

/** A final-form select over id/name options, '' for none. */
export function SelectField({ name, label, noneLabel, options, disabled, testId }: Props) {
  return (
    <Field<string> name={name}>
      {({ input }) => (
        <FormGroup label={label} labelFor={`campaign-${name}`}>
          <HTMLSelect
            id={`campaign-${name}`}
            fill
            disabled={disabled}
            value={input.value ?? ''}
            onChange={input.onChange}
            data-testid={testId}
          >
            <option value="">{noneLabel}</option>
            {options.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
      )}
    </Field>
  );
}
