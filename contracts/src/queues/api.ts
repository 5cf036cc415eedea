import * as v from 'valibot';
import { HexColor, Id, NullableId } from '../common.ts';
import { WeeklyHours } from '../weekly-hours.ts';

export const QueueRequest = v.object({
  name: v.pipe(v.string(), v.trim(), v.minLength(2, 'too short'), v.maxLength(50, 'too long')),
  color: HexColor,
  greetingMessage: v.optional(v.pipe(v.string(), v.maxLength(4096)), ''),
  outOfHoursMessage: v.optional(v.pipe(v.string(), v.maxLength(4096)), ''),
  /** Stored as a PostgreSQL int: bounded here, so a huge value is a 400 and never a stuck projection. */
  orderQueue: v.optional(
    v.nullable(
      v.pipe(
        v.number(),
        v.integer('must be a whole number'),
        v.minValue(0, 'must be from 0 to 999999'),
        v.maxValue(999_999, 'must be from 0 to 999999'),
      ),
    ),
    null,
  ),
  /** Absent leaves the queue's weekly hours as they are. */
  schedules: v.optional(WeeklyHours),
  /** The prompt (GET /prompt) answering the queue's tickets; null unlinks it, absent keeps it. */
  promptId: v.optional(NullableId),
  /** The queue integration (GET /queueIntegration); null unlinks it, absent keeps it. It wins over a prompt. */
  integrationId: v.optional(NullableId),
});
export type QueueRequest = v.InferOutput<typeof QueueRequest>;

/** GET /queue-options: parentId -1 (or absent) is the root level (doc 2 §2.3). */
export const QueueOptionsQuery = v.object({
  queueId: Id,
  parentId: v.optional(v.union([v.literal('-1'), v.literal(-1), Id]), '-1'),
});

export const QueueOptionRequest = v.object({
  queueId: Id,
  title: v.pipe(v.string(), v.trim(), v.minLength(1, 'required'), v.maxLength(100, 'too long')),
  message: v.optional(v.pipe(v.string(), v.maxLength(4096)), ''),
  option: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(999)), 0),
  parentId: v.optional(v.nullable(Id), null),
});
export type QueueOptionRequest = v.InferOutput<typeof QueueOptionRequest>;
