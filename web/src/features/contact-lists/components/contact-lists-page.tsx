import './contact-lists.css';
import { AnchorButton, Button } from '@blueprintjs/core';
import type { ContactListView } from '@zelo/contracts/contact-lists/read-models';
import { useLocation } from 'wouter';
import { ResourceList } from '../../../components/resource-list.tsx';
import { useT } from '../../../lib/i18n.ts';
import { sessionAtom, useAtomValue } from '../../../lib/store.ts';
import { deleteContactList, EXAMPLE_SPREADSHEET_URL, searchContactLists } from '../api/contact-lists.ts';
import { ContactListDialog } from './contact-list-dialog.tsx';

/**
 * Doc 2 §2.6: name, contact count and actions (download the example spreadsheet, open the items,
 * edit, delete); search after a 500 ms pause, infinite scroll, live on `company-<id>-ContactList`.
 */
export function ContactListsPage() {
  const t = useT();
  const [, navigate] = useLocation();
  const user = useAtomValue(sessionAtom)?.user;
  const admin = user?.profile === 'admin' || !!user?.super;

  return (
    <ResourceList<ContactListView>
      classPrefix="cl"
      testId="contact-lists-page"
      title={t('contactLists.title')}
      searchPlaceholder={t('contactLists.search')}
      searchTestId="cl-search"
      addText={t('contactLists.add')}
      addTestId="cl-add"
      columns={
        <>
          <th>{t('contactLists.name')}</th>
          <th className="cl-count">{t('contactLists.contactsCount')}</th>
          <th className="cl-actions">{t('contactLists.actions')}</th>
        </>
      }
      rowTestId="cl-row"
      renderCells={(list, { edit, remove }) => (
        <>
          <td data-testid="cl-row-name">{list.name}</td>
          <td className="cl-count" data-testid="cl-row-count">
            {list.contactsCount}
          </td>
          <td className="cl-actions">
            <AnchorButton
              variant="minimal"
              icon="download"
              href={EXAMPLE_SPREADSHEET_URL}
              download="planilha.xlsx"
              aria-label={t('contactLists.downloadExample')}
              title={t('contactLists.downloadExample')}
            />
            <Button
              variant="minimal"
              icon="people"
              aria-label={t('contactLists.openItems')}
              title={t('contactLists.openItems')}
              onClick={() => navigate(`/contact-lists/${list.id}/contacts`)}
              data-testid="cl-open"
            />
            <Button variant="minimal" icon="edit" aria-label={t('contactLists.edit')} onClick={edit} />
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
      fetchPage={(query, page, signal) => searchContactLists(query, page, signal)}
      liveEvent={user ? `company-${user.companyId}-ContactList` : null}
      liveDelayMs={300}
      emptyIcon="people"
      emptyTitle={t('contactLists.empty')}
      renderDialog={(list, { closeAndReload }) => <ContactListDialog list={list} onClose={closeAndReload} />}
      deleteItem={(list) => deleteContactList(list.id)}
      deletedMessage={t('contactLists.deleted')}
      deleteText={t('contactLists.delete')}
      cancelText={t('contactLists.cancel')}
      confirmDeleteText={(list) => t('contactLists.confirmDelete', { name: list.name })}
    />
  );
}
