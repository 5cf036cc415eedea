import { Button, ButtonGroup } from '@blueprintjs/core';
import type { QueueView } from '@zelo/contracts/queues/read-models';
import { useState } from 'react';
import { ResourceList } from '../../../components/resource-list.tsx';
import { PlanUsage } from '../../../components/ui/plan-usage.tsx';
import { useT } from '../../../lib/i18n.ts';
import { sessionAtom, useAtomValue } from '../../../lib/store.ts';
import { useRequest } from '../../../lib/use-request.ts';
import { deleteQueue, getScheduleType, listQueues } from '../api/queues.ts';
import { QueueDialog } from './queue-dialog.tsx';

/** Doc 2 §2.2: id, name, colour, order, greeting and actions. */
export function QueuesPage() {
  const t = useT();
  const session = useAtomValue(sessionAtom);
  const scheduleType = useRequest(getScheduleType, []);
  // The plan's usage and the dialog (colours already taken) need every queue of the last answer.
  const [queues, setQueues] = useState<QueueView[]>();
  const fetchQueues = (signal: AbortSignal) =>
    listQueues(signal).then((all) => {
      setQueues(all);
      return all;
    });

  return (
    <ResourceList<QueueView>
      frame="card"
      testId="queues-page"
      title={t('queues.title')}
      headerActions={<PlanUsage kind="queues" used={queues?.length} />}
      addText={t('queues.add')}
      addTestId="queues-add"
      tableTestId="queues-table"
      columns={
        <>
          <th>{t('queues.name')}</th>
          <th>{t('queues.color')}</th>
          <th>{t('queues.order')}</th>
          <th>{t('queues.greeting')}</th>
          <th>{t('queues.actions')}</th>
        </>
      }
      rowTestId="queues-row"
      renderCells={(q, { edit, remove }) => (
        <>
          <td>{q.name}</td>
          <td>
            <span className="queue-swatch" style={{ background: q.color }} title={q.color} />
          </td>
          <td>{q.orderQueue ?? ''}</td>
          <td>{q.greetingMessage.length > 60 ? `${q.greetingMessage.slice(0, 60)}…` : q.greetingMessage}</td>
          <td>
            <ButtonGroup variant="minimal">
              <Button icon="edit" aria-label={t('queues.edit')} onClick={edit} data-testid="queues-edit" />
              <Button icon="trash" intent="danger" aria-label={t('queues.delete')} onClick={remove} />
            </ButtonGroup>
          </td>
        </>
      )}
      fetchAll={fetchQueues}
      liveEvent={session ? `company-${session.user.companyId}-queue` : null}
      emptyIcon="layers"
      emptyTitle={t('queues.empty')}
      renderDialog={(queue, { close, reload }) => (
        <QueueDialog
          queue={queue}
          queues={queues ?? []}
          showHours={scheduleType.data === 'queue'}
          onClose={close}
          onSaved={reload}
        />
      )}
      deleteItem={(q) => deleteQueue(q.id)}
      deletedMessage={t('queues.deleted')}
      deleteText={t('queues.delete')}
      cancelText={t('queues.cancel')}
      confirmDeleteText={(q) => t('queues.confirmDelete', { name: q.name })}
    />
  );
}
