import './tags.css';
import { Button } from '@blueprintjs/core';
import type { TagView } from '@zelo/contracts/tags/read-models';
import { ResourceList } from '../../../components/resource-list.tsx';
import { useT } from '../../../lib/i18n.ts';
import { sessionAtom, useAtomValue } from '../../../lib/store.ts';
import { searchTags } from '../api/list-tags.ts';
import { deleteTag } from '../api/save-tag.ts';
import { TagChip } from './tag-chip.tsx';
import { TagDialog } from './tag-dialog.tsx';

const fetchTags = (query: string, page: number, signal: AbortSignal) =>
  searchTags(query, page, signal).then((r) => ({ records: r.tags, hasMore: r.hasMore }));

/** Doc 2 §2.4: tag chip, ticket count and actions; search with infinite scroll; live on tag events. */
export function TagsPage() {
  const t = useT();
  const user = useAtomValue(sessionAtom)?.user;
  const admin = user?.profile === 'admin' || !!user?.super;

  return (
    <ResourceList<TagView>
      classPrefix="tags"
      testId="tags-page"
      title={t('tags.title')}
      searchPlaceholder={t('tags.search')}
      searchTestId="tags-search"
      addText={t('tags.add')}
      addTestId="tags-add"
      interactive
      columns={
        <>
          <th>{t('tags.name')}</th>
          <th className="tags-table-number">{t('tags.tickets')}</th>
          <th className="tags-table-actions">{t('tags.actions')}</th>
        </>
      }
      rowTestId="tag-row"
      renderCells={(tag, { edit, remove }) => (
        <>
          <td>
            <TagChip tag={tag} /> {tag.kanban && <span className="bp6-text-muted">· {t('tags.kanban')}</span>}
          </td>
          <td className="tags-table-number">{tag.ticketsCount}</td>
          <td className="tags-table-actions">
            <Button variant="minimal" icon="edit" aria-label={t('tags.edit')} onClick={edit} />
            {admin && (
              <Button
                variant="minimal"
                icon="trash"
                intent="danger"
                aria-label={t('tags.delete')}
                onClick={remove}
              />
            )}
          </td>
        </>
      )}
      fetchPage={fetchTags}
      liveEvent={user ? `company-${user.companyId}-tag` : null}
      emptyIcon="tag"
      emptyTitle={t('tags.empty')}
      renderDialog={(tag, { closeAndReload }) => (
        <TagDialog isOpen tag={tag} canSetKanban={admin} onClose={closeAndReload} />
      )}
      deleteItem={(tag) => deleteTag(tag.id)}
      deletedMessage={t('tags.deleted')}
      deleteText={t('tags.delete')}
      cancelText={t('tags.cancel')}
      confirmDeleteText={(tag) => t('tags.confirmDelete', { name: tag.name })}
    />
  );
}
