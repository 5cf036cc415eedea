import { useState } from 'react';
import { Field } from 'react-final-form';
import { SearchPicker } from '../../../components/ui/search-picker.tsx';
import { visibleError } from '../../../lib/form.ts';
import { useT } from '../../../lib/i18n.ts';
import { searchContacts } from '../api/contacts.ts';
import type { ContactOption } from '../types.ts';

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
  return (
    <SearchPicker<ContactOption>
      label={t('schedules.contact')}
      helperText={t('schedules.contactHelp')}
      inputId="schedule-contact"
      text={text}
      onTextChange={(next) => {
        setText(next);
        // Typing again means looking for someone else: the picked contact no longer holds.
        if (value) onChange(null);
      }}
      selected={value}
      onSelect={(c) => {
        onChange({ id: c.id, name: c.name, number: c.number });
        setText(c.name);
      }}
      search={searchContacts}
      optionLabel={(c) => c.number}
      emptyText={t('schedules.noContacts')}
      onBlur={onBlur}
      error={error}
      disabled={disabled}
      showSelectedTick
      menuClassName="schedule-contact-options"
      inputTestId="schedule-contact"
      optionTestId="schedule-contact-option"
    />
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
          error={visibleError(meta) ?? null}
          disabled={disabled}
        />
      )}
    </Field>
  );
}
