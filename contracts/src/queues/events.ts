import * as v from 'valibot';
import { event, HexColor, Id, NullableId, TextUpTo } from '../common.ts';
import { WeeklyHours } from '../weekly-hours.ts';

/**
 * QueueRequest's bounds (api.ts). Not orderQueue's: the request bounded it only after a huge value had
 * been appended, and deciders validate the events they read, so such a stored event must stay readable.
 */
const QueueFields = {
  name: TextUpTo(50),
  color: HexColor,
  greetingMessage: TextUpTo(4096),
  outOfHoursMessage: TextUpTo(4096),
  orderQueue: v.nullable(v.number()),
};

export const QueueCreated = event('QueueCreated', { queueId: Id, companyId: Id, ...QueueFields });
export type QueueCreated = v.InferOutput<typeof QueueCreated>;
export const QueueUpdated = event('QueueUpdated', { queueId: Id, companyId: Id, ...QueueFields });
export type QueueUpdated = v.InferOutput<typeof QueueUpdated>;
export const QueueDeleted = event('QueueDeleted', { queueId: Id, companyId: Id });
export type QueueDeleted = v.InferOutput<typeof QueueDeleted>;

/** Weekly attendance hours, a fact of its own so QueueCreated/QueueUpdated keep their stored shape. */
export const QueueSchedulesChanged = event('QueueSchedulesChanged', {
  queueId: Id,
  companyId: Id,
  schedules: WeeklyHours,
});
export type QueueSchedulesChanged = v.InferOutput<typeof QueueSchedulesChanged>;

/**
 * The automation a queue hands its tickets to (doc 2 §2.2 "A queue can link an integration and a
 * prompt"), a fact of its own like the hours: QueueCreated/QueueUpdated keep their stored shape and a
 * queue whose history has no such event links nothing. Both may be set; at runtime the integration wins
 * and the prompt answers only when there is no integration (as in the reference product).
 */
export const QueueAutomationChanged = event('QueueAutomationChanged', {
  queueId: Id,
  companyId: Id,
  promptId: NullableId,
  integrationId: NullableId,
});
export type QueueAutomationChanged = v.InferOutput<typeof QueueAutomationChanged>;

export const QueueEvent = v.variant('type', [
  QueueCreated,
  QueueUpdated,
  QueueDeleted,
  QueueSchedulesChanged,
  QueueAutomationChanged,
]);
export type QueueEvent = v.InferOutput<typeof QueueEvent>;
