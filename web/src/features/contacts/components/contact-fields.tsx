import { Button } from '@blueprintjs/core';
import { useForm, useFormState } from 'react-final-form';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useT } from '../../../lib/i18n.ts';
import type { ContactInput } from '../api/save-contact.ts';

/** Name, number, e-mail and the extra info name/value rows, shared by the dialog and the drawer. */
export function ContactFields({ autoFocus }: { autoFocus?: boolean }) {
  const t = useT();
  const form = useForm<ContactInput>();
  const extra = useFormState<ContactInput>({ subscription: { values: true } }).values.extraInfo ?? [];
  const setExtra = (rows: NonNullable<ContactInput['extraInfo']>) => form.change('extraInfo', rows);

  return (
    <>
      <TextField name="name" label={t('contacts.name')} autoFocus={autoFocus} testId="contact-name" />
      <TextField
        name="number"
        label={t('contacts.number')}
        placeholder="5511999999999"
        testId="contact-number"
      />
      <TextField name="email" label={t('contacts.email')} type="email" testId="contact-email" />
      <h4 className="bp6-heading">{t('contacts.extraInfo')}</h4>
      {extra.map((_, i) => (
        // Rows have no id until saved; their position is their identity while editing.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <div className="contact-extra-row" key={i}>
          <TextField name={`extraInfo[${i}].name`} label={t('contacts.extraName')} />
          <TextField name={`extraInfo[${i}].value`} label={t('contacts.extraValue')} />
          <Button
            variant="minimal"
            icon="trash"
            aria-label={t('contacts.removeExtraInfo')}
            title={t('contacts.removeExtraInfo')}
            style={{ marginTop: 22 }}
            onClick={() => setExtra(extra.filter((__, j) => j !== i))}
          />
        </div>
      ))}
      <Button
        variant="outlined"
        icon="add"
        text={t('contacts.addExtraInfo')}
        onClick={() => setExtra([...extra, { name: '', value: '' }])}
        data-testid="contact-add-extra"
      />
    </>
  );
}
