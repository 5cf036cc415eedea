import '../../../components/ui/admin-page.css';
import './sla.css';
import { Button, ButtonGroup, Card, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import type { SlaPolicyView } from '@zelo/contracts/sla/read-models';
import { type ReactNode, useState } from 'react';
import { useDeleteConfirmation } from '../../../components/delete-confirmation.tsx';
import { formatMinutes } from '../../../lib/duration.ts';
import { useT } from '../../../lib/i18n.ts';
import { useResync } from '../../../lib/socket.ts';
import { useRequest } from '../../../lib/use-request.ts';
import { listSlaPolicies } from '../api/list-sla-policies.ts';
import { deleteSlaPolicy } from '../api/save-sla-policy.ts';
import { CLOCK_LABEL } from '../lib/policy-form.ts';
import { SlaPolicyDialog } from './sla-policy-dialog.tsx';

/** Issue 24: the company's SLA policies, one per queue (and, optionally, connection). */
export function SlaPoliciesPage() {
  const t = useT();
  const policies = useRequest(listSlaPolicies, []);
  const [editing, setEditing] = useState<SlaPolicyView | null | undefined>(undefined);
  useResync(policies.reload);
  const deletion = useDeleteConfirmation<SlaPolicyView>({
    deleteItem: (p) => deleteSlaPolicy(p.id),
    deletedMessage: t('sla.deleted'),
    deleteText: t('sla.delete'),
    cancelText: t('sla.cancel'),
    confirmText: (p) => t('sla.confirmDelete', { name: p.name }),
    onDone: policies.reload,
  });

  const add = (
    <Button
      intent="primary"
      icon="add"
      text={t('sla.add')}
      onClick={() => setEditing(null)}
      data-testid="sla-add"
    />
  );
  const target = (minutes: number | null) =>
    minutes === null ? <span className="bp6-text-muted">{t('sla.off')}</span> : formatMinutes(minutes);

  let body: ReactNode;
  if (policies.error && !policies.data)
    body = (
      <NonIdealState
        icon="error"
        title={t('sla.loadFailed')}
        action={<Button icon="refresh" text={t('sla.retry')} onClick={policies.reload} />}
      />
    );
  else if (!policies.data) body = <Spinner size={32} className="sla-loading" />;
  else if (policies.data.length === 0)
    body = (
      <div data-testid="sla-empty">
        <NonIdealState
          icon="stopwatch"
          title={t('sla.emptyTitle')}
          description={<p className="sla-empty-text">{t('sla.emptyDescription')}</p>}
          action={add}
        />
      </div>
    );
  else
    body = (
      <HTMLTable striped compact className="admin-table sla-table" data-testid="sla-table">
        <thead>
          <tr>
            <th>{t('sla.name')}</th>
            <th>{t('sla.queue')}</th>
            <th>{t('sla.connection')}</th>
            <th>{t('sla.firstResponse')}</th>
            <th>{t('sla.nextResponse')}</th>
            <th>{t('sla.resolution')}</th>
            <th>{t('sla.clock')}</th>
            <th>{t('sla.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {policies.data.map((p) => (
            <tr key={p.id} data-testid="sla-row" data-policy-id={p.id}>
              <td className="sla-name">{p.name}</td>
              <td data-label={t('sla.queue')}>
                <span className="sla-queue">
                  <span className="sla-queue-dot" style={{ background: p.queue.color }} />
                  {p.queue.name}
                </span>
              </td>
              <td data-label={t('sla.connection')}>
                {p.whatsapp?.name ?? <span className="bp6-text-muted">{t('sla.all')}</span>}
              </td>
              <td data-label={t('sla.firstResponse')} data-testid="sla-first">
                {target(p.firstResponseMinutes)}
              </td>
              <td data-label={t('sla.nextResponse')} data-testid="sla-next">
                {target(p.nextResponseMinutes)}
              </td>
              <td data-label={t('sla.resolution')} data-testid="sla-resolution">
                {target(p.resolutionMinutes)}
              </td>
              <td data-label={t('sla.clock')}>{t(CLOCK_LABEL[p.clock])}</td>
              <td className="sla-actions">
                <ButtonGroup variant="minimal">
                  <Button
                    icon="edit"
                    aria-label={t('sla.edit')}
                    title={t('sla.edit')}
                    onClick={() => setEditing(p)}
                    data-testid="sla-edit"
                  />
                  <Button
                    icon="trash"
                    intent="danger"
                    aria-label={t('sla.delete')}
                    title={t('sla.delete')}
                    onClick={() => deletion.ask(p)}
                    data-testid="sla-delete"
                  />
                </ButtonGroup>
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    );

  return (
    <div className="admin-page" data-testid="sla-page">
      <div className="admin-page-head">
        <h2>{t('sla.title')}</h2>
        {!!policies.data?.length && add}
      </div>
      <Card className="admin-page-card sla-page-card">{body}</Card>
      {editing !== undefined && (
        <SlaPolicyDialog policy={editing} onClose={() => setEditing(undefined)} onSaved={policies.reload} />
      )}
      {deletion.alert}
    </div>
  );
}
