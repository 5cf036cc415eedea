import './contact-lists.css';
import { Button, Tag } from '@blueprintjs/core';
import type { ContactListItemView } from '@zelo/contracts/contact-lists/read-models';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { SearchableListPage } from '../../../components/ui/searchable-list-page.tsx';
import { useT } from '../../../lib/i18n.ts';
import { useResync, useSocketEvent } from '../../../lib/socket.ts';
import { sessionAtom, useAtomValue } from '../../../lib/store.ts';
import { useRequest } from '../../../lib/use-request.ts';
import { deleteContactListItem, getContactList, searchContactListItems } from '../api/contact-lists.ts';
import { ContactListItemDialog } from './contact-list-item-dialog.tsx';
import { ImportDialog } from './import-dialog.tsx';

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
 * Doc 2 §2.6 `/contact-lists/:contactListId/contacts`: the list's contacts with search and infinite
 * scroll, add, edit, delete and the spreadsheet import; live on `company-<id>-ContactListItem`.
 */
export function ContactListItemsPage({ contactListId }: { contactListId: string }) {
  const t = useT();
  const [, navigate] = useLocation();
  const user = useAtomValue(sessionAtom)?.user;
  const admin = user?.profile === 'admin' || !!user?.super;
  const [importing, setImporting] = useState(false);
  const list = useRequest((signal) => getContactList(contactListId, signal), [contactListId]);
  useSocketEvent(user ? `company-${user.companyId}-ContactList` : null, (push) => {
    if (push.id !== contactListId) return;
    if (push.action === 'delete') navigate('/contact-lists', { replace: true });
    else list.reload();
  });
  useResync(list.reload);

  return (
    <>
      <SearchableListPage<ContactListItemView>
        classPrefix="cli"
        testId="contact-list-items-page"
        title={t('contactLists.itemsTitle', { name: list.data?.name ?? '' })}
        searchPlaceholder={t('contactLists.search')}
        searchTestId="cli-search"
        addText={t('contactLists.addItem')}
        addTestId="cli-add"
        headerActions={
          <>
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
          </>
        }
        columns={
          <>
            <th>{t('contactLists.name')}</th>
            <th>{t('contactLists.number')}</th>
            <th>{t('contactLists.email')}</th>
            <th className="cli-whatsapp">{t('contactLists.whatsapp')}</th>
            <th className="cli-actions">{t('contactLists.actions')}</th>
          </>
        }
        rowTestId="cli-row"
        renderCells={(item, { edit, remove }) => (
          <>
            <td data-testid="cli-row-name">{item.name}</td>
            <td>{item.number}</td>
            <td>{item.email}</td>
            <td className="cli-whatsapp">
              <WhatsappCell valid={item.isWhatsappValid} />
            </td>
            <td className="cli-actions">
              <Button variant="minimal" icon="edit" aria-label={t('contactLists.editItem')} onClick={edit} />
              {admin && (
                <Button
                  variant="minimal"
                  icon="trash"
                  intent="danger"
                  aria-label={t('contactLists.delete')}
                  onClick={remove}
                />
              )}
            </td>
          </>
        )}
        fetchPage={async (query, page, signal) => {
          const r = await searchContactListItems(contactListId, query, page, signal);
          return { records: r.contacts, hasMore: r.hasMore };
        }}
        liveEvent={user ? `company-${user.companyId}-ContactListItem` : null}
        liveDelayMs={300}
        emptyIcon="people"
        emptyTitle={t('contactLists.itemsEmpty')}
        renderDialog={(item, close) => (
          <ContactListItemDialog contactListId={contactListId} item={item} onClose={close} />
        )}
        deleteItem={(item) => deleteContactListItem(item.id)}
        deletedMessage={t('contactLists.itemDeleted')}
        deleteText={t('contactLists.delete')}
        cancelText={t('contactLists.cancel')}
        confirmDeleteText={(item) => t('contactLists.confirmDeleteItem', { name: item.name })}
      />
      {importing && <ImportDialog contactListId={contactListId} onClose={() => setImporting(false)} />}
    </>
  );
}
