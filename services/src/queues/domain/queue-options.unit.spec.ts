import type { QueueOptionEvent } from '@zelo/contracts/queues/option-events';
import { queueOptionCreated, queueOptionDeleted } from '@zelo/contracts/testing/events';
import { describe, it } from 'vitest';
import { decider } from '../../testing/given-when-then.ts';
import {
  decideQueueOption,
  evolveQueueOptions,
  initialQueueOptionsState,
  type QueueOptionCommand,
  type QueueOptionsState,
} from './queue-options.ts';

const spec = decider<QueueOptionsState, QueueOptionCommand, QueueOptionEvent>({
  initialState: initialQueueOptionsState,
  evolve: evolveQueueOptions,
  decide: decideQueueOption,
});

const companyId = '00000000-0000-4000-8000-000000000001';
const queueId = '00000000-0000-4000-8000-000000000020';
const rootId = '00000000-0000-4000-8000-000000000030';
const childId = '00000000-0000-4000-8000-000000000031';
const grandchildId = '00000000-0000-4000-8000-000000000032';
const otherId = '00000000-0000-4000-8000-000000000033';
const ref = (optionId: string) => ({ companyId, queueId, optionId });
const fields = (title: string, parentId: string | null, option = 1) => ({
  title,
  message: `${title}: escolha`,
  option,
  parentId,
});
const created = (optionId: string, parentId: string | null) =>
  queueOptionCreated({ ...ref(optionId), ...fields(optionId, parentId) });
const tree = [created(rootId, null), created(childId, rootId), created(grandchildId, childId)];

describe('Queue options', () => {
  describe('When the queue has no options', () => {
    it('a root option is created', () =>
      spec
        .given([])
        .when({ type: 'CreateQueueOption', ...ref(rootId), fields: fields(rootId, null) })
        .then([created(rootId, null)]));

    it('an option under a missing parent refuses with ERR_NOT_FOUND', () =>
      spec
        .given([])
        .when({ type: 'CreateQueueOption', ...ref(childId), fields: fields(childId, rootId) })
        .thenThrows('ERR_NOT_FOUND'));

    it('updating refuses with ERR_NOT_FOUND', () =>
      spec
        .given([])
        .when({ type: 'UpdateQueueOption', ...ref(rootId), fields: fields('x', null) })
        .thenThrows('ERR_NOT_FOUND'));
  });

  describe('When the queue has a tree of three levels', () => {
    it('a child is added under an existing option', () =>
      spec
        .given(tree)
        .when({ type: 'CreateQueueOption', ...ref(otherId), fields: fields(otherId, childId) })
        .then([created(otherId, childId)]));

    it('an option is renamed', () =>
      spec
        .given(tree)
        .when({ type: 'UpdateQueueOption', ...ref(childId), fields: fields('Financeiro', rootId, 2) })
        .then([
          { type: 'QueueOptionUpdated', data: { ...ref(childId), ...fields('Financeiro', rootId, 2) } },
        ]));

    it('moving an option under its own descendant refuses with ERR_VALIDATION', () =>
      spec
        .given(tree)
        .when({ type: 'UpdateQueueOption', ...ref(rootId), fields: fields(rootId, grandchildId) })
        .thenThrows('ERR_VALIDATION'));

    it('deleting an option removes its whole subtree', () =>
      spec
        .given(tree)
        .when({ type: 'DeleteQueueOption', ...ref(childId) })
        .then([
          { type: 'QueueOptionDeleted', data: { ...ref(childId), removedIds: [childId, grandchildId] } },
        ]));

    it('a deleted subtree is gone: updating a removed child refuses with ERR_NOT_FOUND', () =>
      spec
        .given([...tree, queueOptionDeleted({ ...ref(childId), removedIds: [childId, grandchildId] })])
        .when({ type: 'UpdateQueueOption', ...ref(grandchildId), fields: fields('x', childId) })
        .thenThrows('ERR_NOT_FOUND'));
  });
});
