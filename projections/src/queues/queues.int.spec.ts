import type { AnyEvent } from '@zelo/contracts/events';
import {
  queueAutomationChanged,
  queueCreated,
  queueDeleted,
  queueSchedulesChanged,
  queueUpdated,
  testId,
} from '@zelo/contracts/testing/events';
import { describe, expect, it } from 'vitest';
import { useReadModelDatabase } from '../testing/read-model-database.ts';
import { getQueue, listQueues, listQueuesInMenuOrder } from './queries.ts';
import { queuesProjection } from './queues.ts';

describe('queues read model', () => {
  const db = useReadModelDatabase();
  const given = async (...events: AnyEvent[]) => (await db.given([queuesProjection], events)).history;

  it('shows a queue as last updated, with its weekly hours', async () => {
    const companyId = testId();
    const created = queueCreated({ companyId, name: 'Vendas', color: '#00aa55' });
    const { queueId } = created.data;
    const hours = [{ weekday: 'friday' as const, startTime: '08:00', endTime: '16:00' }];
    const history = await given(
      created,
      queueUpdated({
        companyId,
        queueId,
        name: 'Vendas B2B',
        color: '#0055aa',
        greetingMessage: 'Bem-vindo às vendas',
        outOfHoursMessage: 'Voltamos às 8h',
        orderQueue: 2,
      }),
      queueSchedulesChanged({ companyId, queueId, schedules: hours }),
    );
    expect(await getQueue(db.pool, companyId, queueId)).toEqual({
      id: queueId,
      name: 'Vendas B2B',
      color: '#0055aa',
      greetingMessage: 'Bem-vindo às vendas',
      outOfHoursMessage: 'Voltamos às 8h',
      orderQueue: 2,
      schedules: hours,
      promptId: null,
      integrationId: null,
      createdAt: history[0].metadata.at,
      updatedAt: history[2].metadata.at,
    });
  });

  it('shows the prompt and integration a queue links, to the lists and the chatbot alike', async () => {
    const companyId = testId();
    const sales = queueCreated({ companyId, name: 'Vendas' });
    const support = queueCreated({ companyId, name: 'Suporte' });
    const { queueId } = sales.data;
    const promptId = testId();
    const integrationId = testId();
    await given(
      sales,
      support,
      queueAutomationChanged({ companyId, queueId, promptId: testId(), integrationId }),
      queueAutomationChanged({ companyId, queueId, promptId, integrationId }),
      // A later update of the queue's own fields leaves the links alone.
      queueUpdated({ ...sales.data, name: 'Vendas B2B' }),
    );
    expect(await getQueue(db.pool, companyId, queueId)).toMatchObject({
      name: 'Vendas B2B',
      promptId,
      integrationId,
    });
    const menu = await listQueuesInMenuOrder(db.pool, companyId, [support.data.queueId, queueId]);
    expect(menu.map((q) => [q.name, q.promptId, q.integrationId])).toEqual([
      ['Suporte', null, null],
      ['Vendas B2B', promptId, integrationId],
    ]);
    await given(queueAutomationChanged({ companyId, queueId, promptId: null, integrationId: null }));
    expect(await getQueue(db.pool, companyId, queueId)).toMatchObject({
      promptId: null,
      integrationId: null,
    });
  });

  it('lists the company queues in menu order, without the deleted ones', async () => {
    const companyId = testId();
    const support = queueCreated({ companyId, name: 'Suporte', orderQueue: 1 });
    const sales = queueCreated({ companyId, name: 'Vendas', orderQueue: null });
    const billing = queueCreated({ companyId, name: 'Financeiro', orderQueue: 2 });
    const gone = queueCreated({ companyId, name: 'Antiga', orderQueue: 0 });
    await given(support, sales, billing, gone, queueDeleted({ companyId, queueId: gone.data.queueId }));
    expect((await listQueues(db.pool, companyId)).map((q) => q.name)).toEqual([
      'Suporte',
      'Financeiro',
      'Vendas',
    ]);
    const menu = await listQueuesInMenuOrder(db.pool, companyId, [sales.data.queueId, billing.data.queueId]);
    expect(menu.map((q) => q.name)).toEqual(['Financeiro', 'Vendas']);
  });
});
