import './flows.css';
import { Alert, Button, HTMLTable, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useT } from '../../../lib/i18n.ts';
import { useRequest } from '../../../lib/use-request.ts';
import { deleteFlowCampaign, type FlowCampaign, listFlowCampaigns } from '../api/flow-campaigns.ts';
import { flowError, flowSuccess } from '../lib/toasts.ts';
import { PhraseDialog } from './phrase-dialog.tsx';

/** Doc 2 §2.14: the phrase-triggered flow campaigns, with their status, edit and delete. */
export function PhraseListsPage() {
  const t = useT();
  const { data, loading, error, reload } = useRequest((signal) => listFlowCampaigns(signal), []);
  const [editing, setEditing] = useState<FlowCampaign | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<FlowCampaign | null>(null);
  useEffect(() => {
    if (error) flowError(error);
  }, [error]);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteFlowCampaign(deleting.id);
      flowSuccess(t('flows.phraseDeleted'));
      reload();
    } catch (err) {
      flowError(err);
    }
    setDeleting(null);
  };

  const campaigns = data ?? [];
  return (
    <div className="flows-page" data-testid="phrase-lists-page">
      <div className="flows-page-header">
        <h2>{t('flows.phrasesTitle')}</h2>
        <Button
          intent="primary"
          icon="add"
          text={t('flows.phrasesAdd')}
          onClick={() => setEditing(null)}
          data-testid="phrases-add"
        />
      </div>
      <div className="flows-page-body">
        <HTMLTable striped className="flows-table">
          <thead>
            <tr>
              <th>{t('flows.name')}</th>
              <th>{t('flows.status')}</th>
              <th className="flows-table-actions">{t('flows.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {campaigns.map((c) => (
              <tr key={c.id} data-testid="phrase-row">
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
                    onClick={() => setEditing(c)}
                    data-testid="phrase-row-edit"
                  />
                  <Button
                    variant="minimal"
                    icon="trash"
                    intent="danger"
                    aria-label={t('flows.delete')}
                    onClick={() => setDeleting(c)}
                    data-testid="phrase-row-delete"
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        {loading && <Spinner size={24} />}
        {!loading && campaigns.length === 0 && (
          <NonIdealState icon="comment" title={t('flows.phrasesEmpty')} />
        )}
      </div>
      {editing !== undefined && (
        <PhraseDialog
          campaign={editing}
          onClose={(saved) => {
            setEditing(undefined);
            if (saved) reload();
          }}
        />
      )}
      <Alert
        isOpen={!!deleting}
        intent="danger"
        icon="trash"
        confirmButtonText={t('flows.delete')}
        cancelButtonText={t('flows.cancel')}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        {deleting && t('flows.phraseConfirmDelete', { name: deleting.name })}
      </Alert>
    </div>
  );
}
