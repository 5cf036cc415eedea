import type { AnyEvent } from '@zelo/contracts/events';
import {
  queueDeleted,
  queueOptionCreated,
  queueOptionDeleted,
  queueOptionUpdated,
  testId,
} from '@zelo/contracts/testing/events';
import { describe, expect, it } from 'vitest';
import { useReadModelDatabase } from '../testing/read-model-database.ts';
import { queueOptionsProjection } from './queue-options.ts';
import { getQueueOption, listOptionsOfQueues, listQueueOptions } from './queue-options-queries.ts';

describe('queue-options read model (a queue bot menu)', () => {
  const db = useReadModelDatabase();
  const given = async (...events: AnyEvent[]) => (await db.given([queueOptionsProjection], events)).history;

  function aMenu() {
    const companyId = testId();
    const queueId = testId();
    const ref = { companyId, queueId };
    const billing = queueOptionCreated({ ...ref, title: 'Financeiro', message: 'Escolha', option: 2 });
    const support = queueOptionCreated({ ...ref, title: 'Suporte', message: 'Qual produto?', option: 1 });
    const invoice = queueOptionCreated({
      ...ref,
      title: 'Boleto',
      option: 1,
      parentId: billing.data.optionId,
    });
    const refund = queueOptionCreated({
      ...ref,
      title: 'Reembolso',
      option: 2,
      parentId: billing.data.optionId,
    });
    return { ...ref, billing, support, invoice, refund, events: [billing, support, invoice, refund] };
  }

  it('shows each level of the tree by option number, with how many children each entry has', async () => {
    const m = aMenu();
    await given(...m.events, queueOptionUpdated({ ...m.support.data, title: 'Suporte técnico', option: 3 }));
    expect(await listQueueOptions(db.pool, m.companyId, m.queueId, null)).toEqual([
      {
        id: m.billing.data.optionId,
        title: 'Financeiro',
        message: 'Escolha',
        option: 2,
        queueId: m.queueId,
        parentId: null,
        childrenCount: 2,
      },
      {
        id: m.support.data.optionId,
        title: 'Suporte técnico',
        message: 'Qual produto?',
        option: 3,
        queueId: m.queueId,
        parentId: null,
        childrenCount: 0,
      },
    ]);
    const children = await listQueueOptions(db.pool, m.companyId, m.queueId, m.billing.data.optionId);
    expect(children.map((o) => o.title)).toEqual(['Boleto', 'Reembolso']);
  });

  it('removes a deleted option with its subtree, and the whole menu with its queue', async () => {
    const m = aMenu();
    const { billing, invoice, refund } = m;
    await given(
      ...m.events,
      queueOptionDeleted({
        companyId: m.companyId,
        queueId: m.queueId,
        optionId: billing.data.optionId,
        removedIds: [billing.data.optionId, invoice.data.optionId, refund.data.optionId],
      }),
    );
    expect((await listOptionsOfQueues(db.pool, [m.queueId])).map((o) => o.title)).toEqual(['Suporte']);
    expect(await getQueueOption(db.pool, m.companyId, invoice.data.optionId)).toBeNull();
    await given(queueDeleted({ companyId: m.companyId, queueId: m.queueId }));
    expect(await listOptionsOfQueues(db.pool, [m.queueId])).toEqual([]);
  });
});
