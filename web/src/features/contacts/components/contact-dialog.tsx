import { Button, Dialog, DialogBody, DialogFooter, Spinner } from '@blueprintjs/core';
import type { ContactView } from '@zelo/contracts/contacts/read-models';
import { Form } from 'react-final-form';
import { validateWith } from '../../../lib/form.ts';
import { type TKey, useT } from '../../../lib/i18n.ts';
import { toastError, toastSuccess } from '../../../lib/toaster.ts';
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

  const onSubmit = async (values: ContactInput) => {
    try {
      const saved = contactId ? await updateContact(contactId, values) : await createContact(values);
      toastSuccess(t('contacts.saved'));
      onSaved(saved);
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t(contactId ? 'contacts.editTitle' : 'contacts.addTitle')}
      icon="person"
    >
      {!initial ? (
        <DialogBody>
          <Spinner size={32} />
        </DialogBody>
      ) : (
        <Form<ContactInput>
          onSubmit={onSubmit}
          initialValues={initial}
          validate={validateWith(ContactInput, (k) => t(k as TKey))}
        >
          {({ handleSubmit, submitting }) => (
            <form onSubmit={handleSubmit} noValidate data-testid="contact-form">
              <DialogBody>
                <ContactFields autoFocus />
              </DialogBody>
              <DialogFooter
                actions={
                  <>
                    <Button text={t('contacts.cancel')} onClick={onClose} data-testid="contact-cancel" />
                    <Button
                      type="submit"
                      intent="primary"
                      text={t('contacts.save')}
                      loading={submitting}
                      data-testid="contact-save"
                    />
                  </>
                }
              />
            </form>
          )}
        </Form>
      )}
    </Dialog>
  );
}
