import { PlanUsage } from '../../../components/ui/plan-usage.tsx';
import '../../../components/ui/admin-page.css';
import { Alert, Button, ButtonGroup, Card, HTMLTable, NonIdealState } from '@blueprintjs/core';
import type { QueueView } from '@zelo/contracts/queues/read-models';
import { useState } from 'react';
import { useT } from '../../../lib/i18n.ts';
import { useResync, useSocketEvent } from '../../../lib/socket.ts';
import { sessionAtom, useAtomValue } from '../../../lib/store.ts';
import { toastError, toastSuccess } from '../../../lib/toaster.ts';
import { useRequest } from '../../../lib/use-request.ts';
import { deleteQueue, getScheduleType, listQueues } from '../api/queues.ts';
import { QueueDialog } from './queue-dialog.tsx';

/** Doc 2 §2.2: id, name, colour, order, greeting and actions. */
export function QueuesPage() {
  const t = useT();
  const session = useAtomValue(sessionAtom);
  const queues = useRequest(listQueues, []);
  const scheduleType = useRequest(getScheduleType, []);
  const [editing, setEditing] = useState<QueueView | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<QueueView | null>(null);
  useSocketEvent(session ? `company-${session.user.companyId}-queue` : null, queues.reload);
  useResync(queues.reload);

  const remove = async () => {
    if (!deleting) return;
    try {
      await deleteQueue(deleting.id);
      toastSuccess(t('queues.deleted'));
      queues.reload();
    } catch (err) {
      toastError(err);
    }
    setDeleting(null);
  };

  return (
    <div className="admin-page" data-testid="queues-page">
      <div className="admin-page-head">
        <h2>{t('queues.title')}</h2>
        <PlanUsage kind="queues" used={queues.data?.length} />
        <Button
          intent="primary"
          icon="add"
          text={t('queues.add')}
          onClick={() => setEditing(null)}
          data-testid="queues-add"
        />
      </div>
      <Card className="admin-page-card">
        {queues.data?.length === 0 ? (
          <NonIdealState icon="layers" title={t('queues.empty')} />
        ) : (
          <HTMLTable striped compact className="admin-table" data-testid="queues-table">
            <thead>
              <tr>
                <th>{t('queues.name')}</th>
                <th>{t('queues.color')}</th>
                <th>{t('queues.order')}</th>
                <th>{t('queues.greeting')}</th>
                <th>{t('queues.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {queues.data?.map((q) => (
                <tr key={q.id} data-testid="queues-row">
                  <td>{q.name}</td>
                  <td>
                    <span className="queue-swatch" style={{ background: q.color }} title={q.color} />
                  </td>
                  <td>{q.orderQueue ?? ''}</td>
                  <td>
                    {q.greetingMessage.length > 60 ? `${q.greetingMessage.slice(0, 60)}…` : q.greetingMessage}
                  </td>
                  <td>
                    <ButtonGroup variant="minimal">
                      <Button
                        icon="edit"
                        aria-label={t('queues.edit')}
                        onClick={() => setEditing(q)}
                        data-testid="queues-edit"
                      />
                      <Button
                        icon="trash"
                        intent="danger"
                        aria-label={t('queues.delete')}
                        onClick={() => setDeleting(q)}
                      />
                    </ButtonGroup>
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </Card>
      {editing !== undefined && (
        <QueueDialog
          queue={editing}
          queues={queues.data ?? []}
          showHours={scheduleType.data === 'queue'}
          onClose={() => setEditing(undefined)}
          onSaved={queues.reload}
        />
      )}
      <Alert
        isOpen={!!deleting}
        intent="danger"
        icon="trash"
        confirmButtonText={t('queues.delete')}
        cancelButtonText={t('queues.cancel')}
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
      >
        {t('queues.confirmDelete', { name: deleting?.name ?? '' })}
      </Alert>
    </div>
  );
}
