import { FormGroup, InputGroup, type InputGroupProps } from '@blueprintjs/core';
import { Field } from 'react-final-form';
import { visibleError } from '../../lib/form.ts';

interface Props extends Omit<InputGroupProps, 'name' | 'value' | 'onChange'> {
  name: string;
  label: string;
  testId?: string;
  /** Display formatting (e.g. a phone mask) applied to the stored value. */
  format?: (value: string) => string;
  parse?: (value: string) => string;
}

/** A final-form field rendered as a Blueprint input; errors show after a submit or on leaving a changed field. */
export function TextField({ name, label, testId, format, parse, ...input }: Props) {
  return (
    <Field<string> name={name} format={format ? (v) => format(v ?? '') : undefined} parse={parse}>
      {({ input: field, meta }) => {
        const error = visibleError(meta);
        return (
          <FormGroup
            label={label}
            labelFor={`field-${name}`}
            helperText={error || undefined}
            intent={error ? 'danger' : 'none'}
          >
            <InputGroup
              {...input}
              id={`field-${name}`}
              name={field.name}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              onFocus={field.onFocus}
              intent={error ? 'danger' : 'none'}
              data-testid={testId}
              size="large"
            />
          </FormGroup>
        );
      }}
    </Field>
  );
}
