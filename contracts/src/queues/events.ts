import * as v from 'valibot';
import { event, HexColor, Id } from '../common.ts';
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

export const QueueEvent = v.variant('type', [
  QueueCreated,
  QueueUpdated,
  QueueDeleted,
  QueueSchedulesChanged,
]);
export type QueueEvent = v.InferOutput<typeof QueueEvent>;
