import { Alert, Button, InputGroup, NonIdealState } from '@blueprintjs/core';
import type { ContactView } from '@zelo/contracts/contacts/read-models';
import { type ReactNode, useState } from 'react';
import { useLocation } from 'wouter';
import { type DataColumn, DataTable } from '../../../components/ui/data-table.tsx';
import { useT } from '../../../lib/i18n.ts';
import { refreshKeyAtom, sessionAtom, useAtomValue } from '../../../lib/store.ts';
import { toastError, toastSuccess } from '../../../lib/toaster.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { importFromPhone } from '../api/import-contacts.ts';
import { listAllContacts, useContactPages } from '../api/list-contacts.ts';
import { deleteContact } from '../api/save-contact.ts';
import { buildContactsCsv, CSV_FILE_NAME, downloadText } from '../lib/csv.ts';
import { useLiveContacts } from '../lib/use-live-contacts.ts';
import { ContactAvatar } from './contact-avatar.tsx';
import { ContactDialog } from './contact-dialog.tsx';
import { ContactDrawer } from './contact-drawer.tsx';
import { ImportDialog } from './import-dialog.tsx';
import { OptedOutTag } from './opted-out-tag.tsx';
import './contacts.css';

interface Props {
  /**
   * Doc 1 §2: "Abrir atendimento" opens the new-ticket dialog for the contact (queue rules included).
   * The app layer plugs the tickets feature's dialog in, so this feature does not import another one.
   */
  newTicketDialog: (contact: ContactView, close: () => void) => ReactNode;
}

/** Doc 1 §2 Contacts page: search, import, add, export, and the table with its actions. */
export function ContactsPage({ newTicketDialog }: Props) {
  const t = useT();
  const [, navigate] = useLocation();
  const user = useAtomValue(sessionAtom)?.user;
  // Doc 1 §6 contacts-page:deleteContact is an admin permission; the server refuses others anyway.
  const mayDelete = user?.profile === 'admin' || !!user?.super;
  const refreshKey = useAtomValue(refreshKeyAtom);
  const [typed, setTyped] = useState('');
  const search = useDebounced(typed.trim().toLowerCase(), 500);
  const { contacts, setContacts, loading, loadMore, reload } = useContactPages(search, refreshKey);
  useLiveContacts(user?.companyId, search, setContacts);
  const [editing, setEditing] = useState<string | null | undefined>(undefined);
  const [importing, setImporting] = useState(false);
  const [deleting, setDeleting] = useState<ContactView | null>(null);
  const [ticketFor, setTicketFor] = useState<ContactView | null>(null);
  const [showing, setShowing] = useState<string | null>(null);

  const onSaved = (saved: ContactView) => {
    setEditing(undefined);
    setContacts((prev) =>
      prev.some((c) => c.id === saved.id)
        ? prev.map((c) => (c.id === saved.id ? saved : c))
        : [saved, ...prev],
    );
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteContact(deleting.id);
      toastSuccess(t('contacts.deleted'));
      setContacts((prev) => prev.filter((c) => c.id !== deleting.id));
    } catch (err) {
      toastError(err);
    } finally {
      setDeleting(null);
    }
  };

  // The phone is read in the background; the list reloads a moment later to show what arrived.
  const fromPhone = async () => {
    try {
      await importFromPhone();
      toastSuccess(t('contacts.importFromPhoneStarted'));
      setTimeout(reload, 1500);
    } catch (err) {
      toastError(err);
    }
  };

  const exportCsv = async () => {
    try {
      downloadText(buildContactsCsv(await listAllContacts()), CSV_FILE_NAME);
    } catch (err) {
      toastError(err);
    }
  };

  const columns: DataColumn<ContactView>[] = [
    { title: '', width: 56, render: (c) => <ContactAvatar url={c.profilePicUrl} /> },
    {
      title: t('contacts.name'),
      render: (c) => (
        <span className="contact-name-cell">
          <span data-testid="contact-row-name">{c.name}</span>
          {c.optedOut && <OptedOutTag />}
        </span>
      ),
    },
    { title: t('contacts.number'), render: (c) => c.number },
    { title: t('contacts.email'), render: (c) => c.email },
    {
      title: t('contacts.actions'),
      width: 220,
      alignEnd: true,
      render: (c) => (
        <>
          <Button
            variant="minimal"
            icon="person"
            title={t('contacts.contactData')}
            aria-label={t('contacts.contactData')}
            onClick={() => setShowing(c.id)}
            data-testid="contact-open"
          />
          <Button
            variant="minimal"
            icon="chat"
            title={t('contacts.newTicket')}
            aria-label={t('contacts.newTicket')}
            onClick={() => setTicketFor(c)}
            data-testid="contact-new-ticket"
          />
          <Button
            variant="minimal"
            icon="calendar"
            title={t('contacts.scheduleMessage')}
            aria-label={t('contacts.scheduleMessage')}
            onClick={() => navigate(`/schedules?contactId=${encodeURIComponent(c.id)}`)}
            data-testid="contact-schedule"
          />
          <Button
            variant="minimal"
            icon="edit"
            title={t('contacts.edit')}
            aria-label={t('contacts.edit')}
            onClick={() => setEditing(c.id)}
            data-testid="contact-edit"
          />
          {mayDelete && (
            <Button
              variant="minimal"
              intent="danger"
              icon="trash"
              title={t('contacts.delete')}
              aria-label={t('contacts.delete')}
              onClick={() => setDeleting(c)}
              data-testid="contact-delete"
            />
          )}
        </>
      ),
    },
  ];

  return (
    <div className="contacts-page" data-testid="contacts-page">
      <div className="contacts-toolbar">
        <h2 className="bp6-heading">{t('contacts.title')}</h2>
        <InputGroup
          leftIcon="search"
          type="search"
          placeholder={t('contacts.searchPlaceholder')}
          value={typed}
          onValueChange={setTyped}
          data-testid="contacts-search"
        />
        <Button
          icon="import"
          text={t('contacts.import')}
          onClick={() => setImporting(true)}
          data-testid="contacts-import"
        />
        <Button
          icon="mobile-phone"
          text={t('contacts.importFromPhone')}
          onClick={() => void fromPhone()}
          data-testid="contacts-import-phone"
        />
        <Button
          icon="export"
          text={t('contacts.export')}
          onClick={() => void exportCsv()}
          data-testid="contacts-export"
        />
        <Button
          intent="primary"
          icon="add"
          text={t('contacts.add')}
          onClick={() => setEditing(null)}
          data-testid="contacts-add"
        />
      </div>
      <div className="contacts-table-wrap">
        <DataTable
          testId="contacts-table"
          columns={columns}
          rows={contacts}
          rowTestId="contact-row"
          rowProps={(c) => ({ 'data-contact-id': c.id })}
          rowHeight={44}
          loading={loading}
          onLoadMore={loadMore}
          empty={
            <NonIdealState
              icon="people"
              title={t('contacts.emptyTitle')}
              description={t('contacts.emptyMessage')}
            />
          }
        />
      </div>

      {editing !== undefined && (
        <ContactDialog contactId={editing} onClose={() => setEditing(undefined)} onSaved={onSaved} />
      )}
      {showing && (
        <ContactDrawer
          contactId={showing}
          isOpen
          onClose={() => setShowing(null)}
          // The erasure's frames follow; the row goes at once so nobody acts on it meanwhile.
          onErased={(id) => setContacts((prev) => prev.filter((c) => c.id !== id))}
        />
      )}
      {ticketFor && newTicketDialog(ticketFor, () => setTicketFor(null))}
      {importing && (
        <ImportDialog
          onClose={() => setImporting(false)}
          onImported={(created) => created.length && reload()}
        />
      )}
      <Alert
        isOpen={!!deleting}
        intent="danger"
        icon="trash"
        confirmButtonText={t('contacts.delete')}
        cancelButtonText={t('contacts.cancel')}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        <p>
          <strong>{t('contacts.deleteTitle', { name: deleting?.name ?? '' })}</strong>
        </p>
        <p>{t('contacts.deleteMessage')}</p>
      </Alert>
    </div>
  );
}
