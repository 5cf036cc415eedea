import './contact-lists.css';
import { Alert, Button, InputGroup, NonIdealState, Tag } from '@blueprintjs/core';
import type { ContactListItemView } from '@zelo/contracts/contact-lists/read-models';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { type DataColumn, DataTable } from '../../../components/ui/data-table.tsx';
import { usePagedFetch } from '../../../components/use-paged-fetch.ts';
import { useT } from '../../../lib/i18n.ts';
import { useResync, useSocketEvent } from '../../../lib/socket.ts';
import { sessionAtom, useAtomValue } from '../../../lib/store.ts';
import { toastError, toastSuccess } from '../../../lib/toaster.ts';
import { useCoalesced } from '../../../lib/use-coalesced.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { useRequest } from '../../../lib/use-request.ts';
import { deleteContactListItem, getContactList, searchContactListItems } from '../api/contact-lists.ts';
import { ContactListItemDialog } from './contact-list-item-dialog.tsx';
import { ImportDialog } from './import-dialog.tsx';

const LIVE_DELAY_MS = 300;

/** What WhatsApp said of the number: unknown until a connected connection of the company was asked. */
function WhatsappCell({ valid }: { valid: boolean | null }) {
  const t = useT();
  if (valid === null)
    return (
      <Tag minimal icon="time" data-testid="cli-whatsapp" data-state="checking">
        {t('contactLists.whatsappChecking')}
      </Tag>
    );
  return valid ? (
    <Tag minimal intent="success" icon="tick" data-testid="cli-whatsapp" data-state="valid">
      {t('contactLists.whatsappValid')}
    </Tag>
  ) : (
    <Tag minimal intent="danger" icon="cross" data-testid="cli-whatsapp" data-state="invalid">
      {t('contactLists.whatsappInvalid')}
    </Tag>
  );
}

/**
 * Doc 2 §2.6 `/contact-lists/:contactListId/contacts`: the list's contacts (up to thousands) with search
 * and infinite scroll, add, edit, delete and the spreadsheet import; live on `company-<id>-ContactListItem`.
 * An item whose number opted out of campaigns (LGPD, issue 25) is marked, as the server finds it at each
 * load.
 */
export function ContactListItemsPage({ contactListId }: { contactListId: string }) {
  const t = useT();
  const [, navigate] = useLocation();
  const user = useAtomValue(sessionAtom)?.user;
  const admin = user?.profile === 'admin' || !!user?.super;
  const [search, setSearch] = useState('');
  const query = useDebounced(search, 500).trim().toLowerCase();
  const items = usePagedFetch(`${contactListId}|${query}`, (page, signal) =>
    searchContactListItems(contactListId, query, page, signal).then((r) => ({
      records: r.contacts,
      hasMore: r.hasMore,
    })),
  );
  // An import pushes one item frame per row: one reload serves a burst, 300 ms after its first frame.
  useSocketEvent(
    user ? `company-${user.companyId}-ContactListItem` : null,
    useCoalesced(items.reload, LIVE_DELAY_MS),
  );
  useResync(items.reload);
  const [importing, setImporting] = useState(false);
  const [editing, setEditing] = useState<ContactListItemView | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<ContactListItemView | null>(null);
  const list = useRequest((signal) => getContactList(contactListId, signal), [contactListId]);
  useSocketEvent(user ? `company-${user.companyId}-ContactList` : null, (push) => {
    if (push.id !== contactListId) return;
    if (push.action === 'delete') navigate('/contact-lists', { replace: true });
    else list.reload();
  });
  useResync(list.reload);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteContactListItem(deleting.id);
      toastSuccess(t('contactLists.itemDeleted'));
    } catch (err) {
      toastError(err);
    }
    setDeleting(null);
  };

  const columns: DataColumn<ContactListItemView>[] = [
    {
      title: t('contactLists.name'),
      render: (item) => (
        <span className="cli-name-cell">
          <span data-testid="cli-row-name">{item.name}</span>
          {item.optedOut && (
            // LGPD (issue 25): the campaigns skip this number; the mark the contacts page shows too.
            <Tag minimal intent="warning" icon="disable" data-testid="opted-out-tag">
              {t('privacy.optedOutTag')}
            </Tag>
          )}
        </span>
      ),
    },
    { title: t('contactLists.number'), render: (item) => item.number },
    { title: t('contactLists.email'), render: (item) => item.email },
    {
      title: t('contactLists.whatsapp'),
      width: 140,
      render: (item) => <WhatsappCell valid={item.isWhatsappValid} />,
    },
    {
      title: t('contactLists.actions'),
      width: 180,
      alignEnd: true,
      render: (item) => (
        <>
          <Button
            variant="minimal"
            icon="edit"
            aria-label={t('contactLists.editItem')}
            onClick={() => setEditing(item)}
          />
          {admin && (
            <Button
              variant="minimal"
              icon="trash"
              intent="danger"
              aria-label={t('contactLists.delete')}
              onClick={() => setDeleting(item)}
            />
          )}
        </>
      ),
    },
  ];

  return (
    <div className="cli-page" data-testid="contact-list-items-page">
      <div className="cli-page-header">
        <h2>{t('contactLists.itemsTitle', { name: list.data?.name ?? '' })}</h2>
        <InputGroup
          leftIcon="search"
          placeholder={t('contactLists.search')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          data-testid="cli-search"
        />
        <Button
          icon="arrow-left"
          text={t('contactLists.back')}
          onClick={() => navigate('/contact-lists')}
          data-testid="cli-back"
        />
        <Button
          icon="import"
          text={t('contactLists.import')}
          onClick={() => setImporting(true)}
          data-testid="cli-import"
        />
        <Button
          intent="primary"
          icon="add"
          text={t('contactLists.addItem')}
          onClick={() => setEditing(null)}
          data-testid="cli-add"
        />
      </div>
      <div className="cli-page-body">
        <DataTable
          columns={columns}
          rows={items.records}
          rowTestId="cli-row"
          loading={items.loading}
          onLoadMore={items.loadMore}
          empty={<NonIdealState icon="people" title={t('contactLists.itemsEmpty')} />}
        />
      </div>
      {editing !== undefined && (
        <ContactListItemDialog
          contactListId={contactListId}
          item={editing}
          onClose={() => {
            setEditing(undefined);
            items.reload();
          }}
        />
      )}
      {importing && <ImportDialog contactListId={contactListId} onClose={() => setImporting(false)} />}
      <Alert
        isOpen={!!deleting}
        intent="danger"
        icon="trash"
        confirmButtonText={t('contactLists.delete')}
        cancelButtonText={t('contactLists.cancel')}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        {deleting && t('contactLists.confirmDeleteItem', { name: deleting.name })}
      </Alert>
    </div>
  );
}
