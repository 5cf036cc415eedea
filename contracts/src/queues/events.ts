import * as v from 'valibot';
import { event, HexColor, Id, NullableId } from '../common.ts';
import { WeeklyHours } from '../weekly-hours.ts';

const QueueFields = {
  name: v.string(),
  color: HexColor,
  greetingMessage: v.string(),
  outOfHoursMessage: v.string(),
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
