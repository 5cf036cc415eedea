import type { PlanFeatures, PlanView } from '@zelo/contracts/tenancy/read-models';
import * as v from 'valibot';
import { apiRequest } from '../../../lib/api.ts';

/** The modules a plan switches on, in the order the form and the table show them. */
export const PLAN_FEATURES = [
  'useCampaigns',
  'useSchedules',
  'useInternalChat',
  'useExternalApi',
  'useKanban',
  'useOpenAi',
  'useIntegrations',
  'useReports',
] as const satisfies readonly (keyof PlanFeatures)[];

const limit = v.pipe(
  v.number('validation.required'),
  v.integer('plans.wholeNumber'),
  v.minValue(1, 'plans.atLeastOne'),
  v.maxValue(10000, 'plans.tooMany'),
);

// The server's rules for a plan: name 2-50, limits whole numbers 1..10000, a BRL value with 2 decimals.
export const PlanInput = v.object({
  name: v.pipe(
    v.string('validation.required'),
    v.trim(),
    v.minLength(2, 'validation.tooShort'),
    v.maxLength(50, 'validation.tooLong'),
  ),
  users: limit,
  connections: limit,
  queues: limit,
  value: v.pipe(
    v.number('validation.required'),
    v.minValue(0, 'plans.notNegative'),
    // 49.9 * 100 is 4990.000000000001 in floating point: compare with a tolerance.
    v.check((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'plans.twoDecimals'),
  ),
  useCampaigns: v.boolean(),
  useSchedules: v.boolean(),
  useInternalChat: v.boolean(),
  useExternalApi: v.boolean(),
  useKanban: v.boolean(),
  useOpenAi: v.boolean(),
  useIntegrations: v.boolean(),
  useReports: v.boolean(),
});
export type PlanInput = v.InferOutput<typeof PlanInput>;

export const listAllPlans = (signal?: AbortSignal) => apiRequest<PlanView[]>('/plans/all', { signal });

export const savePlan = (id: string | null, input: PlanInput) =>
  apiRequest<PlanView>(id ? `/plans/${encodeURIComponent(id)}` : '/plans', {
    method: id ? 'PUT' : 'POST',
    body: v.parse(PlanInput, input),
  });

export const deletePlan = (id: string) =>
  apiRequest<unknown>(`/plans/${encodeURIComponent(id)}`, { method: 'DELETE' });
