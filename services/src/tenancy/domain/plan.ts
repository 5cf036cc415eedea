import { DomainError } from '@zelo/contracts/errors';
import type { PlanCreated, TenancyEvent } from '@zelo/contracts/tenancy/events';

export type PlanFields = Omit<PlanCreated['data'], 'planId'>;

export type PlanState =
  | { kind: 'none' }
  | { kind: 'exists'; planId: string; plan: PlanFields }
  | { kind: 'deleted'; planId: string };

export const initialPlanState = (): PlanState => ({ kind: 'none' });

export function evolvePlan(state: PlanState, event: TenancyEvent): PlanState {
  switch (event.type) {
    case 'PlanCreated':
    case 'PlanUpdated': {
      const { planId, ...plan } = event.data;
      return { kind: 'exists', planId, plan };
    }
    case 'PlanDeleted':
      return { kind: 'deleted', planId: event.data.planId };
    default:
      return state;
  }
}

export type PlanCommand =
  | { type: 'CreatePlan'; planId: string; plan: PlanFields }
  | { type: 'UpdatePlan'; plan: PlanFields }
  /** `inUse`: a company that is not deleted is on this plan (read by the handler). */
  | { type: 'DeletePlan'; inUse: boolean };

function existing(state: PlanState) {
  if (state.kind !== 'exists') throw new DomainError('ERR_NO_PLAN_FOUND', 'plan not found');
  return state;
}

const samePlan = (a: PlanFields, b: PlanFields) =>
  (Object.keys(a) as (keyof PlanFields)[]).every((k) => a[k] === b[k]);

export function decidePlan(command: PlanCommand, state: PlanState): TenancyEvent[] {
  switch (command.type) {
    case 'CreatePlan':
      return state.kind === 'none'
        ? [{ type: 'PlanCreated', data: { planId: command.planId, ...command.plan } }]
        : [];
    case 'UpdatePlan': {
      const { planId, plan } = existing(state);
      return samePlan(plan, command.plan) ? [] : [{ type: 'PlanUpdated', data: { planId, ...command.plan } }];
    }
    case 'DeletePlan': {
      if (state.kind === 'deleted') return [];
      const { planId, plan } = existing(state);
      if (command.inUse)
        throw new DomainError('ERR_PLAN_IN_USE', `the plan ${plan.name} is in use by a company`);
      return [{ type: 'PlanDeleted', data: { planId } }];
    }
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

/** Names compare without case, surrounding or repeated spaces: "Básico " and "básico" are one name. */
export const normalisePlanName = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();
export const planNameStreamId = (name: string) => `planname-${normalisePlanName(name)}`;

export type PlanNameState = { owner: string | null };
export const initialPlanNameState = (): PlanNameState => ({ owner: null });
export const evolvePlanName = (_: PlanNameState, e: TenancyEvent): PlanNameState =>
  e.type === 'PlanNameClaimed'
    ? { owner: e.data.planId }
    : e.type === 'PlanNameReleased'
      ? { owner: null }
      : _;

export function decidePlanNameClaim(name: string, planId: string, state: PlanNameState): TenancyEvent[] {
  if (state.owner === planId) return [];
  if (state.owner) throw new DomainError('ERR_DUPLICATED_PLAN_NAME', `a plan named ${name} already exists`);
  return [{ type: 'PlanNameClaimed', data: { planId, name: normalisePlanName(name) } }];
}

export const decidePlanNameRelease = (name: string, planId: string, state: PlanNameState): TenancyEvent[] =>
  state.owner === planId
    ? [{ type: 'PlanNameReleased', data: { planId, name: normalisePlanName(name) } }]
    : [];
