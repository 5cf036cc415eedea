import './quick-messages.css';
import { Button, Icon, Tag } from '@blueprintjs/core';
import type { QuickMessageView } from '@zelo/contracts/quick-messages/read-models';
import { ResourceList } from '../../../components/resource-list.tsx';
import { useT } from '../../../lib/i18n.ts';
import { sessionAtom, useAtomValue } from '../../../lib/store.ts';
import { deleteQuickMessage, searchQuickMessages } from '../api/quick-messages.ts';
import { QuickMessageDialog } from './quick-message-dialog.tsx';

/** Doc 2 §2.7: shortcode, message and actions; search with infinite scroll; live on company events. */
export function QuickMessagesPage() {
  const t = useT();
  const user = useAtomValue(sessionAtom)?.user;
  const admin = user?.profile === 'admin' || !!user?.super;
  const mayEdit = (m: QuickMessageView) => admin || m.userId === user?.id;

  return (
    <ResourceList<QuickMessageView>
      classPrefix="qm"
      testId="quick-messages-page"
      title={t('quickMessages.title')}
      searchPlaceholder={t('quickMessages.search')}
      addText={t('quickMessages.add')}
      addTestId="qm-add"
      columns={
        <>
          <th>{t('quickMessages.shortcode')}</th>
          <th>{t('quickMessages.message')}</th>
          <th className="qm-table-actions">{t('quickMessages.actions')}</th>
        </>
      }
      rowTestId="qm-row"
      renderCells={(m, { edit, remove }) => (
        <>
          <td>
            <code>/{m.shortcode}</code> {m.geral && <Tag minimal>{t('quickMessages.geral')}</Tag>}{' '}
            {!m.status && (
              <Tag minimal intent="warning">
                {t('quickMessages.inactive')}
              </Tag>
            )}
          </td>
          <td className="qm-table-text">
            {m.mediaName && (
              <span
                className="qm-attachment"
                title={t('quickMessages.hasAttachment')}
                data-testid="qm-paperclip"
              >
                <Icon icon="paperclip" aria-label={t('quickMessages.hasAttachment')} /> {m.mediaName}
              </span>
            )}
            {m.message}
          </td>
          <td className="qm-table-actions">
            {mayEdit(m) && (
              <>
                <Button variant="minimal" icon="edit" aria-label={t('quickMessages.edit')} onClick={edit} />
                <Button
                  variant="minimal"
                  icon="trash"
                  intent="danger"
                  aria-label={t('quickMessages.delete')}
                  onClick={remove}
                />
              </>
            )}
          </td>
        </>
      )}
      fetchPage={searchQuickMessages}
      liveEvent={user ? `company-${user.companyId}-quickMessage` : null}
      emptyIcon="lightning"
      emptyTitle={t('quickMessages.empty')}
      renderDialog={(message, { closeAndReload }) => (
        <QuickMessageDialog message={message} onClose={closeAndReload} />
      )}
      deleteItem={(m) => deleteQuickMessage(m.id)}
      deletedMessage={t('quickMessages.deleted')}
      deleteText={t('quickMessages.delete')}
      cancelText={t('quickMessages.cancel')}
      confirmDeleteText={(m) => t('quickMessages.confirmDelete', { shortcode: m.shortcode })}
    />
  );
}
