import './plans.css';
import { Button, ButtonGroup, Icon, Tag } from '@blueprintjs/core';
import type { PlanView } from '@zelo/contracts/tenancy/read-models';
import { ResourceList } from '../../../components/resource-list.tsx';
import { formatBRL } from '../../../lib/format.ts';
import { type TKey, useT } from '../../../lib/i18n.ts';
import { deletePlan, listAllPlans, PLAN_FEATURES } from '../api/plans.ts';
import { PlanDialog } from './plan-dialog.tsx';

/** Settings › Plans (super user, doc 2 §2.20): every plan with its limits, price and modules. */
export function PlansPanel() {
  const t = useT();
  return (
    <ResourceList<PlanView>
      frame="panel"
      testId="plans-panel"
      addText={t('plans.add')}
      addTestId="plans-add"
      tableTestId="plans-table"
      columns={
        <>
          <th>{t('plans.name')}</th>
          <th>{t('plans.users')}</th>
          <th>{t('plans.connections')}</th>
          <th>{t('plans.queues')}</th>
          <th>{t('plans.value')}</th>
          <th>{t('plans.modules')}</th>
          <th>{t('plans.actions')}</th>
        </>
      }
      rowTestId="plan-row"
      renderCells={(p, { edit, remove }) => (
        <>
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
              <Button icon="edit" aria-label={t('plans.edit')} onClick={edit} data-testid="plan-edit" />
              <Button
                icon="trash"
                intent="danger"
                aria-label={t('plans.delete')}
                onClick={remove}
                data-testid="plan-delete"
              />
            </ButtonGroup>
          </td>
        </>
      )}
      fetchAll={listAllPlans}
      emptyIcon="dollar"
      emptyTitle={t('plans.empty')}
      renderDialog={(plan, { close, reload }) => <PlanDialog plan={plan} onClose={close} onSaved={reload} />}
      deleteItem={(p) => deletePlan(p.id)}
      deletedMessage={t('plans.deleted')}
      deleteText={t('plans.delete')}
      cancelText={t('plans.cancel')}
      confirmDeleteText={(p) => (
        <span data-testid="plan-confirm-delete">{t('plans.confirmDelete', { name: p.name })}</span>
      )}
    />
  );
}
