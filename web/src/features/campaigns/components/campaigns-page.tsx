import './campaigns.css';
import { Button, ButtonGroup, HTMLTable, InputGroup, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import type { CampaignView } from '@zelo/contracts/campaigns/read-models';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { usePlanRefusal } from '../../../app/routes/plan-route.tsx';
import { useDeleteConfirmation } from '../../../components/delete-confirmation.tsx';
import { formatDate, formatTime } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import { refreshKeyAtom, sessionAtom, useAtomValue } from '../../../lib/store.ts';
import { showToast, toastError } from '../../../lib/toaster.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { cancelCampaign } from '../api/cancel-campaign.ts';
import { deleteCampaign } from '../api/delete-campaign.ts';
import { restartCampaign } from '../api/restart-campaign.ts';
import { STATUS_LOOK } from '../lib/status.ts';
import { useCampaignList } from '../lib/use-campaign-list.ts';
import { CampaignDialog } from './campaign-dialog.tsx';

/** Doc 2 §9: searches wait 500 ms; the next page loads within 100 px of the bottom. */
const DEBOUNCE_MS = 500;
const NEAR_BOTTOM_PX = 100;
const toastDone = (message: string) => showToast(message, 'success');

const when = (iso: string | null) => (iso ? `${formatDate(iso)} ${formatTime(iso)}` : null);

/**
 * Doc 2 §2.9: name, status, contact list, connection, scheduled, completed and actions (report, edit,
 * cancel while running, restart once cancelled, delete for admins); search with infinite scroll; rows
 * follow the campaign frames live.
 */
export function CampaignsPage() {
  const t = useT();
  const [, navigate] = useLocation();
  const user = useAtomValue(sessionAtom)?.user;
  const refreshKey = useAtomValue(refreshKeyAtom);
  const isAdmin = user?.profile === 'admin' || !!user?.super;
  const [search, setSearch] = useState('');
  const query = useDebounced(search, DEBOUNCE_MS).trim().toLowerCase();
  const list = useCampaignList(query, refreshKey);
  usePlanRefusal(list.planRefused, 'campaigns.planRefused');
  // The dialog follows the row live (a campaign that starts meanwhile locks the form with its reason).
  const [editing, setEditing] = useState<CampaignView | null | undefined>(undefined);
  const live = editing ? (list.records.find((c) => c.id === editing.id) ?? editing) : editing;
  const [busy, setBusy] = useState<string | null>(null);

  const transition = async (c: CampaignView, run: (id: string) => Promise<unknown>, done: string) => {
    setBusy(c.id);
    try {
      await run(c.id);
      toastDone(done);
    } catch (err) {
      // Doc 2 §8: a cancel or restart the server refuses is said in a toast.
      toastError(err);
    } finally {
      setBusy(null);
    }
  };

  const deletion = useDeleteConfirmation<CampaignView>({
    deleteItem: (c) => deleteCampaign(c.id),
    deletedMessage: t('campaigns.deleted'),
    deleteText: t('campaigns.delete'),
    cancelText: t('campaigns.close'),
    confirmText: (c) => t('campaigns.confirmDelete', { name: c.name }),
    onDone: list.reload,
  });

  const audience = (c: CampaignView) =>
    c.contactList?.name ?? (c.tagListId || c.tagId ? t('campaigns.byTag') : t('campaigns.notDefined'));

  return (
    <div className="campaigns-page" data-testid="campaigns-page">
      <div className="campaigns-page-header">
        <h2>{t('campaigns.title')}</h2>
        <InputGroup
          leftIcon="search"
          placeholder={t('campaigns.search')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          data-testid="campaigns-search"
        />
        <Button
          intent="primary"
          icon="add"
          text={t('campaigns.add')}
          onClick={() => setEditing(null)}
          data-testid="campaigns-add"
        />
      </div>
      <div
        className="campaigns-page-body"
        onScroll={(e) => {
          const el = e.currentTarget;
          if (el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX) list.loadMore();
        }}
        data-testid="campaigns-scroll"
      >
        <HTMLTable striped className="campaigns-table">
          <thead>
            <tr>
              <th>{t('campaigns.name')}</th>
              <th>{t('campaigns.status')}</th>
              <th>{t('campaigns.contactList')}</th>
              <th>{t('campaigns.connection')}</th>
              <th>{t('campaigns.scheduledAt')}</th>
              <th>{t('campaigns.completedAt')}</th>
              <th className="campaigns-actions">{t('campaigns.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.records.map((c) => (
              <tr key={c.id} data-testid="campaign-row" data-status={c.status}>
                <td>{c.name}</td>
                <td>
                  <Tag minimal intent={STATUS_LOOK[c.status].intent} data-testid="campaign-status">
                    {t(STATUS_LOOK[c.status].label)}
                  </Tag>
                </td>
                <td>{audience(c)}</td>
                <td>{c.whatsapp?.name ?? t('campaigns.notDefined')}</td>
                <td>{when(c.scheduledAt) ?? t('campaigns.notScheduled')}</td>
                <td>{when(c.completedAt) ?? t('campaigns.notCompleted')}</td>
                <td className="campaigns-actions">
                  <ButtonGroup variant="minimal">
                    <Button
                      icon="timeline-bar-chart"
                      title={t('campaigns.report')}
                      aria-label={t('campaigns.report')}
                      onClick={() => navigate(`/campaign/${c.id}/report`)}
                      data-testid="campaign-report"
                    />
                    <Button
                      icon="edit"
                      title={t('campaigns.edit')}
                      aria-label={t('campaigns.edit')}
                      onClick={() => setEditing(c)}
                      data-testid="campaign-edit"
                    />
                    {c.status === 'EM_ANDAMENTO' && (
                      <Button
                        icon="stop"
                        intent="warning"
                        title={t('campaigns.cancel')}
                        aria-label={t('campaigns.cancel')}
                        loading={busy === c.id}
                        onClick={() => void transition(c, cancelCampaign, t('campaigns.cancelled'))}
                        data-testid="campaign-cancel"
                      />
                    )}
                    {c.status === 'CANCELADA' && (
                      <Button
                        icon="repeat"
                        intent="primary"
                        title={t('campaigns.restart')}
                        aria-label={t('campaigns.restart')}
                        loading={busy === c.id}
                        onClick={() => void transition(c, restartCampaign, t('campaigns.restarted'))}
                        data-testid="campaign-restart"
                      />
                    )}
                    {isAdmin && (
                      <Button
                        icon="trash"
                        intent="danger"
                        title={t('campaigns.delete')}
                        aria-label={t('campaigns.delete')}
                        onClick={() => deletion.ask(c)}
                        data-testid="campaign-delete"
                      />
                    )}
                  </ButtonGroup>
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        {list.loading && <Spinner size={24} />}
        {!list.loading && list.records.length === 0 && (
          <NonIdealState icon="send-message" title={t('campaigns.empty')} />
        )}
      </div>
      {live !== undefined && (
        <CampaignDialog
          campaign={live}
          onClose={() => {
            setEditing(undefined);
            list.reload();
          }}
        />
      )}
      {deletion.alert}
    </div>
  );
}
