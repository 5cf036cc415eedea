import type { QueueEvent } from '@zelo/contracts/queues/events';
import {
  queueAutomationChanged,
  queueCreated,
  queueSchedulesChanged,
  queueUpdated,
} from '@zelo/contracts/testing/events';
import { describe, it } from 'vitest';
import { decider } from '../../testing/given-when-then.ts';
import {
  decideQueues,
  evolveQueues,
  initialQueuesState,
  type QueueCommand,
  type QueuesState,
} from './queues.ts';

const spec = decider<QueuesState, QueueCommand, QueueEvent>({
  initialState: initialQueuesState,
  evolve: evolveQueues,
  decide: decideQueues,
});

const companyId = '00000000-0000-4000-8000-000000000001';
const salesId = '00000000-0000-4000-8000-000000000020';
const supportId = '00000000-0000-4000-8000-000000000021';

const sales = {
  queueId: salesId,
  name: 'Vendas',
  color: '#FF0000',
  greetingMessage: 'Bem-vindo às vendas',
  outOfHoursMessage: '',
  orderQueue: 1,
};
const support = {
  queueId: supportId,
  name: 'Suporte',
  color: '#00AA00',
  greetingMessage: '',
  outOfHoursMessage: '',
  orderQueue: 2,
};
const salesCreated = queueCreated({ companyId, ...sales });
const supportCreated = queueCreated({ companyId, ...support });

describe('Queues', () => {
  describe('When the company has no queues', () => {
    it('a queue is created', () =>
      spec.given([]).when({ type: 'CreateQueue', companyId, queue: sales }).then([salesCreated]));

    it('updating refuses with ERR_NO_QUEUE_FOUND', () =>
      spec.given([]).when({ type: 'UpdateQueue', companyId, queue: sales }).thenThrows('ERR_NO_QUEUE_FOUND'));

    it('deleting refuses with ERR_NO_QUEUE_FOUND', () =>
      spec
        .given([])
        .when({ type: 'DeleteQueue', companyId, queueId: salesId })
        .thenThrows('ERR_NO_QUEUE_FOUND'));
  });

  describe('When a queue uses a colour', () => {
    it('a new queue with that colour refuses with ERR_QUEUE_COLOR_ALREADY_EXISTS', () =>
      spec
        .given([salesCreated])
        .when({ type: 'CreateQueue', companyId, queue: { ...support, color: '#FF0000' } })
        .thenThrows('ERR_QUEUE_COLOR_ALREADY_EXISTS'));

    it('the colour is compared without regard to letter case', () =>
      spec
        .given([salesCreated])
        .when({ type: 'CreateQueue', companyId, queue: { ...support, color: '#ff0000' } })
        .thenThrows('ERR_QUEUE_COLOR_ALREADY_EXISTS'));

    it('another queue may not be changed to that colour', () =>
      spec
        .given([salesCreated, supportCreated])
        .when({ type: 'UpdateQueue', companyId, queue: { ...support, color: '#ff0000' } })
        .thenThrows('ERR_QUEUE_COLOR_ALREADY_EXISTS'));

    it('the queue itself may be saved with its own colour', () =>
      spec
        .given([salesCreated])
        .when({ type: 'UpdateQueue', companyId, queue: { ...sales, name: 'Vendas B2B', color: '#ff0000' } })
        .then([
          { type: 'QueueUpdated', data: { companyId, ...sales, name: 'Vendas B2B', color: '#ff0000' } },
        ]));

    it('deleting the queue records the deletion', () =>
      spec
        .given([salesCreated])
        .when({ type: 'DeleteQueue', companyId, queueId: salesId })
        .then([{ type: 'QueueDeleted', data: { companyId, queueId: salesId } }]));

    it('once the queue is deleted its colour is free again', () =>
      spec
        .given([salesCreated, { type: 'QueueDeleted', data: { companyId, queueId: salesId } }])
        .when({ type: 'CreateQueue', companyId, queue: { ...support, color: '#FF0000' } })
        .then([{ type: 'QueueCreated', data: { companyId, ...support, color: '#FF0000' } }]));

    it('a colour freed by an update can be taken by another queue', () =>
      spec
        .given([salesCreated, { type: 'QueueUpdated', data: { companyId, ...sales, color: '#0000FF' } }])
        .when({ type: 'CreateQueue', companyId, queue: { ...support, color: '#FF0000' } })
        .then([{ type: 'QueueCreated', data: { companyId, ...support, color: '#FF0000' } }]));
  });
});

describe('Queue hours', () => {
  const hours = [
    { weekday: 'monday' as const, startTime: '08:00', endTime: '18:00' },
    { weekday: 'saturday' as const, startTime: '08:00', endTime: '12:00' },
  ];
  const hoursChanged = (schedules: typeof hours) =>
    queueSchedulesChanged({ companyId, queueId: salesId, schedules });

  describe('When the company has no queues', () => {
    it('a queue created with hours records them after the queue', () =>
      spec
        .given([])
        .when({ type: 'CreateQueue', companyId, queue: sales, schedules: hours })
        .then([salesCreated, hoursChanged(hours)]));
  });

  describe('When a queue has hours', () => {
    it('saving the same hours records only the update', () =>
      spec
        .given([salesCreated, hoursChanged(hours)])
        .when({ type: 'UpdateQueue', companyId, queue: sales, schedules: hours })
        .then([{ type: 'QueueUpdated', data: { companyId, ...sales } }]));

    it('saving different hours records them', () =>
      spec
        .given([salesCreated, hoursChanged(hours)])
        .when({ type: 'UpdateQueue', companyId, queue: sales, schedules: hours.slice(0, 1) })
        .then([{ type: 'QueueUpdated', data: { companyId, ...sales } }, hoursChanged(hours.slice(0, 1))]));

    it('an update without hours keeps them (no schedule event)', () =>
      spec
        .given([salesCreated, hoursChanged(hours)])
        .when({ type: 'UpdateQueue', companyId, queue: { ...sales, name: 'Vendas 2' } })
        .then([{ type: 'QueueUpdated', data: { companyId, ...sales, name: 'Vendas 2' } }]));

    it('a later QueueUpdated does not forget the hours', () =>
      spec
        .given([salesCreated, hoursChanged(hours), queueUpdated({ companyId, ...sales })])
        .when({ type: 'UpdateQueue', companyId, queue: sales, schedules: hours })
        .then([{ type: 'QueueUpdated', data: { companyId, ...sales } }]));
  });
});

describe('Queues within the plan', () => {
  describe('When the company has as many queues as its plan allows', () => {
    it('one more refuses with ERR_QUEUE_LIMIT_REACHED naming the limit', () =>
      spec
        .given([salesCreated])
        .when({ type: 'CreateQueue', companyId, queue: support, limit: 1 })
        .thenThrows('ERR_QUEUE_LIMIT_REACHED'));

    it('a deleted queue frees its place', () =>
      spec
        .given([salesCreated, { type: 'QueueDeleted', data: { companyId, queueId: salesId } }])
        .when({ type: 'CreateQueue', companyId, queue: support, limit: 1 })
        .then([supportCreated]));
  });
});

describe('Queue automation links', () => {
  const promptId = '00000000-0000-4000-8000-000000000030';
  const integrationId = '00000000-0000-4000-8000-000000000031';
  const linked = (links: { promptId: string | null; integrationId: string | null }) =>
    queueAutomationChanged({ companyId, queueId: salesId, ...links });
  const salesUpdated = { type: 'QueueUpdated' as const, data: { companyId, ...sales } };

  describe('When the company has no queues', () => {
    it('a queue created with a prompt records the link after the queue', () =>
      spec
        .given([])
        .when({ type: 'CreateQueue', companyId, queue: sales, links: { promptId } })
        .then([salesCreated, linked({ promptId, integrationId: null })]));

    it('a queue created without links records none', () =>
      spec
        .given([])
        .when({ type: 'CreateQueue', companyId, queue: sales, links: { promptId: null } })
        .then([salesCreated]));
  });

  describe('When a queue was stored before links existed', () => {
    it('an update without links records only the update', () =>
      spec.given([salesCreated]).when({ type: 'UpdateQueue', companyId, queue: sales }).then([salesUpdated]));

    it('both a prompt and an integration may be linked (the integration wins at runtime)', () =>
      spec
        .given([salesCreated])
        .when({ type: 'UpdateQueue', companyId, queue: sales, links: { promptId, integrationId } })
        .then([salesUpdated, linked({ promptId, integrationId })]));
  });

  describe('When a queue links a prompt', () => {
    const given = [salesCreated, linked({ promptId, integrationId: null })];

    it('an update that leaves the links out keeps them (no link event)', () =>
      spec
        .given([...given, queueUpdated({ companyId, ...sales })])
        .when({ type: 'UpdateQueue', companyId, queue: sales, links: {} })
        .then([salesUpdated]));

    it('adding an integration keeps the prompt', () =>
      spec
        .given(given)
        .when({ type: 'UpdateQueue', companyId, queue: sales, links: { integrationId } })
        .then([salesUpdated, linked({ promptId, integrationId })]));

    it('null unlinks the prompt', () =>
      spec
        .given(given)
        .when({ type: 'UpdateQueue', companyId, queue: sales, links: { promptId: null } })
        .then([salesUpdated, linked({ promptId: null, integrationId: null })]));
  });
});
