import type { TenancyEvent } from '@zelo/contracts/tenancy/events';
import { planCreated, planDeleted, planNameClaimed, planUpdated } from '@zelo/contracts/testing/events';
import { describe, expect, it } from 'vitest';
import { decider } from '../../testing/given-when-then.ts';
import {
  decidePlan,
  decidePlanNameClaim,
  decidePlanNameRelease,
  evolvePlan,
  initialPlanState,
  normalisePlanName,
  type PlanCommand,
  type PlanFields,
  type PlanState,
} from './plan.ts';

const spec = decider<PlanState, PlanCommand, TenancyEvent>({
  initialState: initialPlanState,
  evolve: evolvePlan,
  decide: decidePlan,
});

const planId = '00000000-0000-4000-8000-000000000050';
const otherId = '00000000-0000-4000-8000-000000000051';
const fields: PlanFields = {
  name: 'Básico',
  users: 3,
  connections: 1,
  queues: 3,
  value: 99.9,
  useCampaigns: false,
  useKanban: true,
  useOpenAi: false,
  useIntegrations: false,
  useSchedules: true,
  useInternalChat: true,
  useExternalApi: false,
  useReports: true,
};
const created = planCreated({ planId, ...fields });

describe('Plan', () => {
  describe('When none', () => {
    it('creating records it', () =>
      spec.given([]).when({ type: 'CreatePlan', planId, plan: fields }).then([created]));
    it('editing refuses with ERR_NO_PLAN_FOUND', () =>
      spec.given([]).when({ type: 'UpdatePlan', plan: fields }).thenThrows('ERR_NO_PLAN_FOUND'));
  });

  describe('When created', () => {
    it('creating again (seeding on every start) decides nothing', () =>
      spec.given([created]).when({ type: 'CreatePlan', planId, plan: fields }).thenNothing());
    it('an edit records the whole plan', () =>
      spec
        .given([created])
        .when({ type: 'UpdatePlan', plan: { ...fields, users: 5 } })
        .then([planUpdated({ planId, ...fields, users: 5 })]));
    it('an edit that changes nothing decides nothing', () =>
      spec.given([created]).when({ type: 'UpdatePlan', plan: fields }).thenNothing());
    it('deleting a plan a company uses refuses with ERR_PLAN_IN_USE', () =>
      spec.given([created]).when({ type: 'DeletePlan', inUse: true }).thenThrows('ERR_PLAN_IN_USE'));
    it('deleting an unused plan records it', () =>
      spec
        .given([created])
        .when({ type: 'DeletePlan', inUse: false })
        .then([planDeleted({ planId })]));
  });

  describe('When deleted', () => {
    it('deleting again decides nothing; editing is not found', () => {
      spec
        .given([created, planDeleted({ planId })])
        .when({ type: 'DeletePlan', inUse: false })
        .thenNothing();
      spec
        .given([created, planDeleted({ planId })])
        .when({ type: 'UpdatePlan', plan: fields })
        .thenThrows('ERR_NO_PLAN_FOUND');
    });
  });
});

describe('Plan name claim', () => {
  it('normalises case and spaces', () => {
    expect(normalisePlanName('  Plano   Ouro ')).toBe('plano ouro');
  });
  it('a free name is claimed; the owner claiming again decides nothing', () => {
    expect(decidePlanNameClaim('Ouro', planId, { owner: null })).toEqual([
      planNameClaimed({ planId, name: 'ouro' }),
    ]);
    expect(decidePlanNameClaim('Ouro', planId, { owner: planId })).toEqual([]);
  });
  it("another plan's name refuses with ERR_DUPLICATED_PLAN_NAME", () => {
    expect(() => decidePlanNameClaim('OURO', otherId, { owner: planId })).toThrow(
      expect.objectContaining({ code: 'ERR_DUPLICATED_PLAN_NAME' }),
    );
  });
  it('only the owner releases it', () => {
    expect(decidePlanNameRelease('Ouro', otherId, { owner: planId })).toEqual([]);
    expect(decidePlanNameRelease('Ouro', planId, { owner: planId })).toHaveLength(1);
  });
});
