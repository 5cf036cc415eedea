import './file-lists.css';
import { Button, Tag } from '@blueprintjs/core';
import type { FileListView } from '@zelo/contracts/file-lists/read-models';
import { ResourceList } from '../../../components/resource-list.tsx';
import { useT } from '../../../lib/i18n.ts';
import { sessionAtom, useAtomValue } from '../../../lib/store.ts';
import { deleteFileList, searchFileLists } from '../api/file-lists.ts';
import { FileListDialog } from './file-list-dialog.tsx';

const fetchLists = (query: string, page: number, signal: AbortSignal) =>
  searchFileLists(query, page, signal).then((r) => ({ records: r.files, hasMore: r.hasMore }));

/** Doc 2 §2.11: name and actions; search with infinite scroll; live on the company's file events. */
export function FileListsPage() {
  const t = useT();
  const user = useAtomValue(sessionAtom)?.user;
  const admin = user?.profile === 'admin' || !!user?.super;

  return (
    <ResourceList<FileListView>
      classPrefix="fl"
      testId="file-lists-page"
      title={t('fileLists.title')}
      searchPlaceholder={t('fileLists.search')}
      searchTestId="fl-search"
      addText={t('fileLists.add')}
      addTestId="fl-add"
      interactive
      columns={
        <>
          <th>{t('fileLists.name')}</th>
          <th className="fl-table-actions">{t('fileLists.actions')}</th>
        </>
      }
      rowTestId="fl-row"
      renderCells={(list, { edit, remove }) => {
        const files = list.options.filter((o) => o.path).length;
        return (
          <>
            <td>
              <span data-testid="fl-row-name">{list.name}</span>{' '}
              <Tag minimal round title={t('fileLists.filesCount', { count: files })}>
                {files}/{list.options.length}
              </Tag>
            </td>
            <td className="fl-table-actions">
              <Button variant="minimal" icon="edit" aria-label={t('fileLists.edit')} onClick={edit} />
              {admin && (
                <Button
                  variant="minimal"
                  icon="trash"
                  intent="danger"
                  aria-label={t('fileLists.delete')}
                  onClick={remove}
                />
              )}
            </td>
          </>
        );
      }}
      fetchPage={fetchLists}
      liveEvent={user ? `company-${user.companyId}-file` : null}
      emptyIcon="folder-open"
      emptyTitle={t('fileLists.empty')}
      renderDialog={(list, { closeAndReload }) => <FileListDialog list={list} onClose={closeAndReload} />}
      deleteItem={(list) => deleteFileList(list.id)}
      deletedMessage={t('fileLists.deleted')}
      deleteText={t('fileLists.delete')}
      cancelText={t('fileLists.cancel')}
      confirmDeleteText={(list) => t('fileLists.confirmDelete', { name: list.name })}
    />
  );
}
