import * as v from 'valibot';
import { Id, NullableId, PageNumber } from '../common.ts';

const required = 'Obrigatório';

/** A required text field: missing, null or empty all answer 'Obrigatório', and only that. */
const requiredText = <S extends v.GenericSchema<string>>(rest: S) =>
  v.config(
    v.pipe(
      v.optional(v.nullable(v.string(required)), ''),
      v.transform((s) => s ?? ''),
      v.nonEmpty(required),
      rest,
    ),
    {
      abortPipeEarly: true,
    },
  );

/** An instant with its offset (what `Date.toISOString()` gives), stored as UTC ISO. */
const SendAt = requiredText(
  v.pipe(
    v.string(),
    v.isoTimestamp('sendAt must be an ISO date-time with its offset, e.g. 2030-01-31T14:00:00.000Z'),
    v.check((s) => !Number.isNaN(Date.parse(s)), 'sendAt is not a real date'),
    v.transform((s) => new Date(s).toISOString()),
  ),
);

/** POST /schedules and PUT /schedules/{id}: the schedule dialog's fields. */
export const ScheduleRequest = v.object({
  body: requiredText(
    v.pipe(
      v.string(),
      v.trim(),
      v.minLength(5, 'Mensagem muito curta'),
      v.maxLength(4096, 'Mensagem muito longa'),
    ),
  ),
  contactId: requiredText(Id),
  sendAt: SendAt,
  /** Sent through this ticket's connection when given, else `whatsappId`, else the company's default. */
  ticketId: v.optional(NullableId, null),
  whatsappId: v.optional(NullableId, null),
});
export type ScheduleRequest = v.InferOutput<typeof ScheduleRequest>;
/** The routes' body: a missing body is an empty form, each required field answering 'Obrigatório'. */
export const ScheduleRequestBody = v.optional(ScheduleRequest, {});
export const CreateScheduleRequest = ScheduleRequest;
export const UpdateScheduleRequest = ScheduleRequest;

/** An optional instant bound of a list query, answered as UTC ISO. */
const InstantParam = (name: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.isoTimestamp(`${name} must be an ISO date-time with its offset, e.g. 2030-01-31T03:00:00.000Z`),
      v.check((s) => !Number.isNaN(Date.parse(s)), `${name} is not a real date`),
      v.transform((s) => new Date(s).toISOString()),
    ),
  );

/**
 * GET /schedules. `from` (inclusive) and `to` (exclusive) narrow the list to a window of send times,
 * which is how the calendar asks for the month it shows.
 */
export const ListSchedulesQuery = v.pipe(
  v.object({
    searchParam: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
    contactId: v.optional(Id),
    from: InstantParam('from'),
    to: InstantParam('to'),
    pageNumber: PageNumber,
  }),
  v.check((q) => !q.from || !q.to || q.from < q.to, 'from must be before to'),
);
export type ListSchedulesQuery = v.InferOutput<typeof ListSchedulesQuery>;
