import * as v from 'valibot';
import { event, Id, NullableId, TextUpTo, WholeIn } from '../common.ts';

// The option menu of one queue lives in its own stream (`queueoptions-<queueId>`), so editing the tree
// never contends with colour uniqueness on the company's queue stream.
/** QueueOptionRequest's bounds (api.ts): the queue_options read model keeps the option as int. */
const OptionFields = {
  title: TextUpTo(100),
  message: TextUpTo(4096),
  option: WholeIn(0, 999),
  parentId: NullableId,
};

export const QueueOptionCreated = event('QueueOptionCreated', {
  optionId: Id,
  queueId: Id,
  companyId: Id,
  ...OptionFields,
});
export type QueueOptionCreated = v.InferOutput<typeof QueueOptionCreated>;
export const QueueOptionUpdated = event('QueueOptionUpdated', {
  optionId: Id,
  queueId: Id,
  companyId: Id,
  ...OptionFields,
});
export type QueueOptionUpdated = v.InferOutput<typeof QueueOptionUpdated>;
/** Deleting an option deletes its subtree; the ids removed are listed so projections need no tree walk. */
export const QueueOptionDeleted = event('QueueOptionDeleted', {
  optionId: Id,
  queueId: Id,
  companyId: Id,
  removedIds: v.array(Id),
});
export type QueueOptionDeleted = v.InferOutput<typeof QueueOptionDeleted>;

export const QueueOptionEvent = v.variant('type', [
  QueueOptionCreated,
  QueueOptionUpdated,
  QueueOptionDeleted,
]);
export type QueueOptionEvent = v.InferOutput<typeof QueueOptionEvent>;
