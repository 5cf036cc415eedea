import * as v from 'valibot';
import { Id, NullableId } from '../common.ts';

// SLA policies (issue 24): response and resolution targets per queue, optionally per connection.

/** How a target's time is counted: calendar time, or the company's or the ticket's queue's opening hours. */
export const SlaClockMode = v.picklist(
  ['calendar', 'companyHours', 'queueHours'],
  'clock must be calendar, companyHours or queueHours',
);
export type SlaClockMode = v.InferOutput<typeof SlaClockMode>;

/** 1 minute to 30 days. */
export const SLA_MAX_MINUTES = 30 * 24 * 60;
const TargetMinutes = v.nullable(
  v.pipe(
    v.number('a target is a number of minutes'),
    v.integer('a target is a whole number of minutes'),
    v.minValue(1, 'a target is at least 1 minute'),
    v.maxValue(SLA_MAX_MINUTES, 'a target is at most 30 days (43200 minutes)'),
  ),
);

/** POST /sla-policies/ and PUT /sla-policies/{policyId}. */
export const SlaPolicyRequest = v.pipe(
  v.object({
    name: v.pipe(
      v.string(),
      v.trim(),
      v.minLength(1, 'name is required'),
      v.maxLength(80, 'name is too long'),
    ),
    queueId: Id,
    /** Only tickets on this connection; null: every connection of the queue. */
    whatsappId: v.optional(NullableId, null),
    /** From the ticket's opening (and each reopening) to a person's first answer. */
    firstResponseMinutes: TargetMinutes,
    /** From each customer message that waits (the last word is the customer's) to a person's answer. */
    nextResponseMinutes: TargetMinutes,
    /** From the ticket's opening (and each reopening) to its close. */
    resolutionMinutes: TargetMinutes,
    clock: SlaClockMode,
  }),
  v.check(
    (p) => p.firstResponseMinutes !== null || p.nextResponseMinutes !== null || p.resolutionMinutes !== null,
    'set at least one target',
  ),
);
export type SlaPolicyRequest = v.InferOutput<typeof SlaPolicyRequest>;
