import './flows.css';
import { Button, Tag } from '@blueprintjs/core';
import { ResourceList } from '../../../components/resource-list.tsx';
import { useT } from '../../../lib/i18n.ts';
import { deleteFlowCampaign, type FlowCampaign, listFlowCampaigns } from '../api/flow-campaigns.ts';
import { flowError } from '../lib/toasts.ts';
import { PhraseDialog } from './phrase-dialog.tsx';

/** Doc 2 §2.14: the phrase-triggered flow campaigns, with their status, edit and delete. */
export function PhraseListsPage() {
  const t = useT();
  return (
    <ResourceList<FlowCampaign>
      classPrefix="flows"
      testId="phrase-lists-page"
      title={t('flows.phrasesTitle')}
      addText={t('flows.phrasesAdd')}
      addTestId="phrases-add"
      columns={
        <>
          <th>{t('flows.name')}</th>
          <th>{t('flows.status')}</th>
          <th className="flows-table-actions">{t('flows.actions')}</th>
        </>
      }
      rowTestId="phrase-row"
      renderCells={(c, { edit, remove }) => (
        <>
          <td data-testid="phrase-row-name">{c.name}</td>
          <td>
            <Tag minimal round intent={c.status ? 'success' : 'none'} data-testid="phrase-row-status">
              {t(c.status ? 'flows.active' : 'flows.inactive')}
            </Tag>
          </td>
          <td className="flows-table-actions">
            <Button
              variant="minimal"
              icon="edit"
              aria-label={t('flows.dialogEdit')}
              onClick={edit}
              data-testid="phrase-row-edit"
            />
            <Button
              variant="minimal"
              icon="trash"
              intent="danger"
              aria-label={t('flows.delete')}
              onClick={remove}
              data-testid="phrase-row-delete"
            />
          </td>
        </>
      )}
      fetchAll={listFlowCampaigns}
      onError={flowError}
      emptyIcon="comment"
      emptyTitle={t('flows.phrasesEmpty')}
      renderDialog={(campaign, { close, closeAndReload }) => (
        <PhraseDialog campaign={campaign} onClose={(saved) => (saved ? closeAndReload() : close())} />
      )}
      deleteItem={(c) => deleteFlowCampaign(c.id)}
      deletedMessage={t('flows.phraseDeleted')}
      deleteText={t('flows.delete')}
      cancelText={t('flows.cancel')}
      confirmDeleteText={(c) => t('flows.phraseConfirmDelete', { name: c.name })}
    />
  );
}
