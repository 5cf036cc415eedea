import '../../../components/ui/admin-page.css';
import './plans.css';
import { Alert, Button, ButtonGroup, HTMLTable, Icon, NonIdealState, Tag } from '@blueprintjs/core';
import type { PlanView } from '@zelo/contracts/tenancy/read-models';
import { useEffect, useState } from 'react';
import { formatBRL } from '../../../lib/format.ts';
import { type TKey, useT } from '../../../lib/i18n.ts';
import { toastError, toastSuccess } from '../../../lib/toaster.ts';
import { useRequest } from '../../../lib/use-request.ts';
import { deletePlan, listAllPlans, PLAN_FEATURES } from '../api/plans.ts';
import { PlanDialog } from './plan-dialog.tsx';

/** Settings › Plans (super user, doc 2 §2.20): every plan with its limits, price and modules. */
export function PlansPanel() {
  const t = useT();
  const plans = useRequest(listAllPlans, []);
  const [editing, setEditing] = useState<PlanView | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<PlanView | null>(null);
  // Doc 2 §8: a list that fails to load says so.
  useEffect(() => {
    if (plans.error) toastError(plans.error);
  }, [plans.error]);

  const remove = async () => {
    if (!deleting) return;
    try {
      await deletePlan(deleting.id);
      toastSuccess(t('plans.deleted'));
      plans.reload();
    } catch (err) {
      toastError(err);
    }
    setDeleting(null);
  };

  return (
    <div data-testid="plans-panel">
      <div className="admin-panel-head">
        <span className="admin-panel-spacer" />
        <Button
          intent="primary"
          icon="add"
          text={t('plans.add')}
          onClick={() => setEditing(null)}
          data-testid="plans-add"
        />
      </div>
      {plans.data?.length === 0 ? (
        <NonIdealState icon="dollar" title={t('plans.empty')} />
      ) : (
        <HTMLTable striped compact className="admin-table" data-testid="plans-table">
          <thead>
            <tr>
              <th>{t('plans.name')}</th>
              <th>{t('plans.users')}</th>
              <th>{t('plans.connections')}</th>
              <th>{t('plans.queues')}</th>
              <th>{t('plans.value')}</th>
              <th>{t('plans.modules')}</th>
              <th>{t('plans.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {plans.data?.map((p) => (
              <tr key={p.id} data-testid="plan-row">
                <td>{p.name}</td>
                <td>{p.users}</td>
                <td>{p.connections}</td>
                <td>{p.queues}</td>
                <td data-testid="plan-row-value">{formatBRL(p.value)}</td>
                <td>
                  <span className="plan-flags">
                    {PLAN_FEATURES.map((f) => (
                      <Tag
                        key={f}
                        minimal
                        intent={p[f] ? 'success' : 'none'}
                        data-testid={`plan-flag-${f}`}
                        data-on={p[f]}
                      >
                        <Icon icon={p[f] ? 'tick' : 'cross'} size={12} /> {t(`plans.${f}` as TKey)}
                      </Tag>
                    ))}
                  </span>
                </td>
                <td>
                  <ButtonGroup variant="minimal">
                    <Button
                      icon="edit"
                      aria-label={t('plans.edit')}
                      onClick={() => setEditing(p)}
                      data-testid="plan-edit"
                    />
                    <Button
                      icon="trash"
                      intent="danger"
                      aria-label={t('plans.delete')}
                      onClick={() => setDeleting(p)}
                      data-testid="plan-delete"
                    />
                  </ButtonGroup>
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {editing !== undefined && (
        <PlanDialog plan={editing} onClose={() => setEditing(undefined)} onSaved={plans.reload} />
      )}
      <Alert
        isOpen={!!deleting}
        intent="danger"
        icon="trash"
        confirmButtonText={t('plans.delete')}
        cancelButtonText={t('plans.cancel')}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      >
        <span data-testid="plan-confirm-delete">
          {t('plans.confirmDelete', { name: deleting?.name ?? '' })}
        </span>
      </Alert>
    </div>
  );
}
