import '../../../components/ui/admin-page.css';
import './announcements.css';
import { Button, Icon, Spinner, Tag } from '@blueprintjs/core';
import type { AnnouncementView } from '@zelo/contracts/announcements/read-models';
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { ResourceList } from '../../../components/resource-list.tsx';
import { type TKey, useT } from '../../../lib/i18n.ts';
import { sessionAtom, useAtomValue } from '../../../lib/store.ts';
import { showToast } from '../../../lib/toaster.ts';
import { deleteAnnouncement, searchAnnouncements } from '../api/announcements.ts';
import { PRIORITY_COLOURS } from '../lib/announcement-list.ts';
import { AnnouncementDialog } from './announcement-dialog.tsx';

/**
 * Doc 2 §2.10: title, priority, attachment name, status and actions. Only super users may open it;
 * anyone else gets a toast and goes home after 1 s (the server refuses their writes anyway).
 */
export function AnnouncementsPage() {
  const t = useT();
  const [, navigate] = useLocation();
  const isSuper = !!useAtomValue(sessionAtom)?.user.super;

  // Once per visit, though React's strict mode runs the effect twice in development.
  const warned = useRef(false);
  useEffect(() => {
    if (isSuper) return;
    if (!warned.current) showToast(t('announcements.noPermission'), 'danger');
    warned.current = true;
    const timer = setTimeout(() => navigate('/', { replace: true }), 1000);
    return () => clearTimeout(timer);
  }, [isSuper, navigate, t]);

  if (!isSuper)
    return (
      <div className="admin-page" data-testid="announcements-page">
        <Spinner />
      </div>
    );

  return (
    <ResourceList<AnnouncementView>
      classPrefix="announcements"
      testId="announcements-page"
      title={t('announcements.title')}
      searchPlaceholder={t('announcements.search')}
      addText={t('announcements.add')}
      addTestId="announcements-add"
      columns={
        <>
          <th>{t('announcements.titleField')}</th>
          <th>{t('announcements.priority')}</th>
          <th>{t('announcements.attachment')}</th>
          <th>{t('announcements.status')}</th>
          <th>{t('announcements.actions')}</th>
        </>
      }
      rowTestId="announcement-row"
      renderCells={(a, { edit, remove }) => (
        <>
          <td>{a.title}</td>
          <td>
            <Tag minimal style={{ borderLeft: `4px solid ${PRIORITY_COLOURS[a.priority]}` }}>
              {t(`announcements.priority${a.priority}` as TKey)}
            </Tag>
          </td>
          <td>
            {a.mediaName ? (
              <span>
                <Icon icon="media" /> {a.mediaName}
              </span>
            ) : (
              '-'
            )}
          </td>
          <td>
            <Tag minimal intent={a.status ? 'success' : 'none'}>
              {t(a.status ? 'announcements.active' : 'announcements.inactive')}
            </Tag>
          </td>
          <td>
            <Button variant="minimal" icon="edit" aria-label={t('announcements.edit')} onClick={edit} />
            <Button
              variant="minimal"
              icon="trash"
              intent="danger"
              aria-label={t('announcements.delete')}
              onClick={remove}
            />
          </td>
        </>
      )}
      fetchPage={searchAnnouncements}
      liveEvent="company-announcement"
      emptyIcon="info-sign"
      emptyTitle={t('announcements.empty')}
      renderDialog={(a, { closeAndReload }) => (
        <AnnouncementDialog announcement={a} onClose={closeAndReload} />
      )}
      deleteItem={(a) => deleteAnnouncement(a.id)}
      deletedMessage={t('announcements.deleted')}
      deleteText={t('announcements.delete')}
      cancelText={t('announcements.cancel')}
      confirmDeleteText={(a) => t('announcements.confirmDelete', { title: a.title })}
    />
  );
}
