import { Button, FormGroup, InputGroup, Menu, MenuItem } from '@blueprintjs/core';
import { useState } from 'react';
import { Field } from 'react-final-form';
import { useT } from '../../../lib/i18n.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { useRequest } from '../../../lib/use-request.ts';
import { searchContacts } from '../api/contacts.ts';
import type { ContactOption } from '../types.ts';

/** Contact pickers search from three characters, once typing settles (doc 1 §9). */
const MIN_CHARS = 3;
const DEBOUNCE_MS = 500;

interface PickerProps {
  value: ContactOption | null;
  onChange: (contact: ContactOption | null) => void;
  onBlur: () => void;
  error: string | null;
  disabled?: boolean;
}

function ContactPicker({ value, onChange, onBlur, error, disabled }: PickerProps) {
  const t = useT();
  const [text, setText] = useState(value?.name ?? '');
  const query = useDebounced(text, DEBOUNCE_MS).trim();
  const searching = !value && query.length >= MIN_CHARS;
  const found = useRequest(
    async (signal) => (searching ? { query, contacts: await searchContacts(query, signal) } : null),
    [searching, query],
  );
  // Only the answer to what the box holds now: no stale list, and no "none found" before it arrives.
  const options = found.data?.query === query ? found.data.contacts : null;

  return (
    <FormGroup
      label={t('schedules.contact')}
      labelFor="schedule-contact"
      helperText={error || t('schedules.contactHelp')}
      intent={error ? 'danger' : 'none'}
    >
      <InputGroup
        id="schedule-contact"
        value={text}
        disabled={disabled}
        intent={error ? 'danger' : 'none'}
        onChange={(e) => {
          setText(e.currentTarget.value);
          // Typing again means looking for someone else: the picked contact no longer holds.
          if (value) onChange(null);
        }}
        onBlur={onBlur}
        rightElement={value ? <Button variant="minimal" icon="tick" disabled /> : undefined}
        data-testid="schedule-contact"
      />
      {searching && options && (
        <Menu className="schedule-contact-options">
          {options.length === 0 && <MenuItem disabled text={t('schedules.noContacts')} />}
          {options.map((c) => (
            <MenuItem
              key={c.id}
              text={c.name}
              label={c.number}
              onClick={() => {
                onChange({ id: c.id, name: c.name, number: c.number });
                setText(c.name);
              }}
              data-testid="schedule-contact-option"
            />
          ))}
        </Menu>
      )}
    </FormGroup>
  );
}

/** The dialog's contact, a final-form field holding the picked contact (null until one is picked). */
export function ContactField({ disabled }: { disabled?: boolean }) {
  return (
    <Field<ContactOption | null> name="contact">
      {({ input, meta }) => (
        <ContactPicker
          value={input.value || null}
          onChange={input.onChange}
          onBlur={input.onBlur}
          error={(meta.touched && meta.error) || null}
          disabled={disabled}
        />
      )}
    </Field>
  );
}
