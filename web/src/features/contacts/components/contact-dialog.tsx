import { DialogBody, Spinner } from '@blueprintjs/core';
import type { ContactView } from '@zelo/contracts/contacts/read-models';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { validateWith } from '../../../lib/form.ts';
import { type TKey, useT } from '../../../lib/i18n.ts';
import { useRequest } from '../../../lib/use-request.ts';
import { ContactInput, createContact, getContact, updateContact } from '../api/save-contact.ts';
import { ContactFields } from './contact-fields.tsx';

interface Props {
  /** null: a new contact. */
  contactId: string | null;
  onClose: () => void;
  onSaved: (contact: ContactView) => void;
}

const EMPTY: ContactInput = { name: '', number: '', email: '', extraInfo: [] };

export const toFormValues = (c: ContactView): ContactInput => ({
  name: c.name,
  number: c.number,
  email: c.email,
  extraInfo: c.extraInfo.map(({ name, value }) => ({ name, value })),
});

/** The contacts page's add/edit dialog (doc 1 §5 Contact form). */
export function ContactDialog({ contactId, onClose, onSaved }: Props) {
  const t = useT();
  const existing = useRequest(
    async (signal) => (contactId ? getContact(contactId, signal) : null),
    [contactId],
  );
  const initial = contactId ? (existing.data ? toFormValues(existing.data) : null) : EMPTY;

  return (
    <FormDialog<ContactInput, ContactView>
      title={t(contactId ? 'contacts.editTitle' : 'contacts.addTitle')}
      icon="person"
      onClose={onClose}
      initialValues={initial}
      loading={
        <DialogBody>
          <Spinner size={32} />
        </DialogBody>
      }
      validate={validateWith(ContactInput, (k) => t(k as TKey))}
      onSubmit={(values) => (contactId ? updateContact(contactId, values) : createContact(values))}
      savedText={t('contacts.saved')}
      onSaved={onSaved}
      cancelText={t('contacts.cancel')}
      cancelTestId="contact-cancel"
      saveText={t('contacts.save')}
      saveTestId="contact-save"
      formTestId="contact-form"
      noValidate
    >
      <ContactFields autoFocus />
    </FormDialog>
  );
}
