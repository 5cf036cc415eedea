import { Button, Drawer, DrawerSize, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { ApiError } from '../../../lib/api.ts';
import { validateWith } from '../../../lib/form.ts';
import { type TKey, useT } from '../../../lib/i18n.ts';
import { useSocketEvent } from '../../../lib/socket.ts';
import { sessionAtom, useAtomValue } from '../../../lib/store.ts';
import { toastError, toastSuccess } from '../../../lib/toaster.ts';
import { useRequest } from '../../../lib/use-request.ts';
import { type ContactInput, DrawerContactInput, getContact, updateContact } from '../api/save-contact.ts';
import { ContactAvatar } from './contact-avatar.tsx';
import { toFormValues } from './contact-dialog.tsx';
import { ContactFields } from './contact-fields.tsx';
import { ContactPrivacy } from './contact-privacy.tsx';
import { TicketNotes } from './ticket-notes.tsx';
import './contacts.css';

interface Props {
  contactId: string;
  /** The ticket the drawer was opened from, whose notes it shows; none from the contacts page. */
  ticketId?: string;
  isOpen: boolean;
  onClose: () => void;
  /** The contact's erasure was taken (LGPD); the drawer closes itself first. */
  onErased?: (contactId: string) => void;
}

/**
 * Doc 1 §2 Contact drawer: who the customer is, an inline edit, the ticket's notes, the extra info, and
 * the privacy section (LGPD, issue 25). Live on `company-<id>-contact`: an opt-out by the customer's
 * own message or another admin shows at once; a contact deleted or erased meanwhile closes it.
 */
export function ContactDrawer({ contactId, ticketId, isOpen, onClose, onErased }: Props) {
  const t = useT();
  const companyId = useAtomValue(sessionAtom)?.user.companyId;
  const [editing, setEditing] = useState(false);
  const contact = useRequest(
    async (signal) => (isOpen ? getContact(contactId, signal) : null),
    [contactId, isOpen],
  );
  const c = contact.data;

  useSocketEvent(isOpen && companyId ? `company-${companyId}-contact` : null, (push) => {
    if (push.id !== contactId) return;
    if (push.action === 'delete') return onClose();
    getContact(contactId)
      .then((fresh) => contact.setData(() => fresh))
      .catch((err) => {
        if (err instanceof ApiError && err.status === 404) onClose();
      });
  });

  const onSubmit = async (values: ContactInput) => {
    try {
      const saved = await updateContact(contactId, values);
      contact.setData(() => saved);
      toastSuccess(t('contacts.saved'));
      setEditing(false);
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <Drawer
      isOpen={isOpen}
      onClose={onClose}
      title={t('contacts.contactData')}
      icon="person"
      size={DrawerSize.SMALL}
      position="right"
      data-testid="contact-drawer"
    >
      <div className="contact-drawer-body" data-testid="contact-drawer-body">
        {!c ? (
          <Spinner size={32} />
        ) : (
          <>
            <div className="contact-drawer-card">
              <ContactAvatar url={c.profilePicUrl} size={96} />
              <strong data-testid="contact-drawer-name">{c.name}</strong>
              {c.number && <a href={`tel:+${c.number}`}>{c.number}</a>}
              {c.email && <a href={`mailto:${c.email}`}>{c.email}</a>}
              {!editing && (
                <Button
                  icon="edit"
                  text={t('contacts.edit')}
                  onClick={() => setEditing(true)}
                  data-testid="contact-drawer-edit"
                />
              )}
            </div>
            {editing && (
              <Form<ContactInput>
                onSubmit={onSubmit}
                initialValues={toFormValues(c)}
                validate={validateWith(DrawerContactInput, (k) => t(k as TKey))}
              >
                {({ handleSubmit, submitting }) => (
                  <form onSubmit={handleSubmit} noValidate data-testid="contact-drawer-form">
                    <ContactFields />
                    <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end', marginTop: 12 }}>
                      <Button text={t('contacts.cancel')} onClick={() => setEditing(false)} />
                      <Button
                        type="submit"
                        intent="primary"
                        text={t('contacts.save')}
                        loading={submitting}
                        data-testid="contact-drawer-save"
                      />
                    </div>
                  </form>
                )}
              </Form>
            )}
            {ticketId && <TicketNotes ticketId={ticketId} contactId={contactId} />}
            {c.extraInfo.length > 0 && (
              <div className="contact-drawer-section" data-testid="contact-extra-info">
                <h4 className="bp6-heading">{t('contacts.extraInfo')}</h4>
                {c.extraInfo.map((x, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the pairs are shown, never reordered
                  <div key={i}>
                    <small className="bp6-text-muted">{x.name}</small>
                    <div>{x.value}</div>
                  </div>
                ))}
              </div>
            )}
            <ContactPrivacy
              contact={c}
              onChanged={(next) => contact.setData(() => next)}
              onErased={() => {
                onClose();
                onErased?.(contactId);
              }}
            />
          </>
        )}
      </div>
    </Drawer>
  );
}
