import { SLA_MAX_MINUTES, type SlaClockMode, type SlaPolicyRequest } from '@zelo/contracts/sla/api';
import type { SlaPolicyView } from '@zelo/contracts/sla/read-models';
import type { ValidationErrors } from 'final-form';
import * as v from 'valibot';
import { DURATION_UNITS, type DurationUnit, splitMinutes, UNIT_MINUTES } from '../../../lib/duration.ts';
import { validateWith } from '../../../lib/form.ts';
import type { TKey } from '../../../lib/i18n.ts';

// The policy dialog's values: each target is a switch, an amount and a unit, turned into the
// contract's whole minutes (1 minute to 30 days) on the way out.

export const TARGETS = ['firstResponse', 'nextResponse', 'resolution'] as const;
export type TargetName = (typeof TARGETS)[number];
export const CLOCKS: readonly SlaClockMode[] = ['companyHours', 'queueHours', 'calendar'];
export const CLOCK_LABEL: Record<SlaClockMode, TKey> = {
  companyHours: 'sla.clockCompanyHours',
  queueHours: 'sla.clockQueueHours',
  calendar: 'sla.clockCalendar',
};
export const TARGET_LABEL: Record<TargetName, TKey> = {
  firstResponse: 'sla.firstResponse',
  nextResponse: 'sla.nextResponse',
  resolution: 'sla.resolution',
};

export interface TargetValue {
  on: boolean;
  /** Null (or left out) while the box is empty. */
  amount?: number | null;
  unit: DurationUnit;
}

export interface PolicyForm extends Record<TargetName, TargetValue> {
  name: string;
  queueId: string;
  whatsappId: string | null;
  clock: SlaClockMode;
}

/** Whole minutes when the amount makes some (1.5 hours is 90); NaN when it does not (a fraction of one). */
function toMinutes(t: TargetValue): number {
  const exact = (t.amount ?? Number.NaN) * UNIT_MINUTES[t.unit];
  const whole = Math.round(exact);
  return Math.abs(exact - whole) < 1e-9 ? whole : Number.NaN;
}

/** A switched-on target with an amount: the checks below apply (the first one asks for the amount). */
const set = (t: TargetValue) => t.on && t.amount != null;

/** Messages are i18n keys (lib/form.ts); the bounds are the contract's. */
const TargetField = v.pipe(
  v.object({ on: v.boolean(), amount: v.nullish(v.number()), unit: v.picklist(DURATION_UNITS) }),
  v.forward(
    v.check((t) => !t.on || t.amount != null, 'sla.targetRequired'),
    ['amount'],
  ),
  v.forward(
    v.check((t) => !set(t) || !Number.isNaN(toMinutes(t)), 'sla.targetWhole'),
    ['amount'],
  ),
  v.forward(
    v.check((t) => !set(t) || toMinutes(t) >= 1, 'sla.targetMin'),
    ['amount'],
  ),
  v.forward(
    v.check((t) => !set(t) || toMinutes(t) <= SLA_MAX_MINUTES, 'sla.targetMax'),
    ['amount'],
  ),
);

export const PolicyFormSchema = v.object({
  name: v.pipe(
    v.string('validation.required'),
    v.trim(),
    v.minLength(1, 'validation.required'),
    v.maxLength(80, 'validation.tooLong'),
  ),
  queueId: v.pipe(v.string('validation.required'), v.minLength(1, 'validation.required')),
  whatsappId: v.nullish(v.string()),
  firstResponse: TargetField,
  nextResponse: TargetField,
  resolution: TargetField,
  clock: v.picklist(CLOCKS),
});

/** The field errors, and under `targets` the contract's rule that at least one target is set. */
export function validatePolicyForm(values: PolicyForm, translate: (key: string) => string): ValidationErrors {
  const errors = validateWith(PolicyFormSchema, translate)(values) ?? {};
  return TARGETS.some((k) => values[k]?.on)
    ? errors
    : { ...errors, targets: translate('sla.atLeastOneTarget') };
}

const target = (minutes: number | null, fallback: number): TargetValue =>
  minutes === null ? { on: false, ...splitMinutes(fallback) } : { on: true, ...splitMinutes(minutes) };

/** The dialog's start: the policy as saved, or a new one answering within 30 minutes. */
export function policyToForm(policy: SlaPolicyView | null): PolicyForm {
  return {
    name: policy?.name ?? '',
    queueId: policy?.queueId ?? '',
    whatsappId: policy?.whatsappId ?? null,
    firstResponse: policy ? target(policy.firstResponseMinutes, 30) : target(30, 30),
    nextResponse: target(policy?.nextResponseMinutes ?? null, 60),
    resolution: target(policy?.resolutionMinutes ?? null, 24 * 60),
    clock: policy?.clock ?? 'companyHours',
  };
}

/** What POST/PUT /sla-policies send; a switched-off target is null whatever its box holds. */
export function formToRequest(values: PolicyForm): SlaPolicyRequest {
  const minutes = (t: TargetValue) => (set(t) ? toMinutes(t) : null);
  return {
    name: values.name.trim(),
    queueId: values.queueId,
    whatsappId: values.whatsappId || null,
    firstResponseMinutes: minutes(values.firstResponse),
    nextResponseMinutes: minutes(values.nextResponse),
    resolutionMinutes: minutes(values.resolution),
    clock: values.clock,
  };
}
