import type { SlaPolicyEvent } from '@zelo/contracts/sla/events';
import { slaPolicyCreated, slaPolicyDeleted, slaPolicyUpdated } from '@zelo/contracts/testing/events';
import { describe, it } from 'vitest';
import { decider } from '../../testing/given-when-then.ts';
import {
  decideSlaPolicies,
  evolveSlaPolicies,
  initialSlaPoliciesState,
  type SlaPoliciesState,
  type SlaPolicyCommand,
  type SlaPolicyFields,
} from './sla-policies.ts';

const policies = decider<SlaPoliciesState, SlaPolicyCommand, SlaPolicyEvent>({
  initialState: initialSlaPoliciesState,
  evolve: evolveSlaPolicies,
  decide: decideSlaPolicies,
});

const companyId = '00000000-0000-4000-8000-000000000001';
const queueId = '00000000-0000-4000-8000-000000000010';
const whatsappId = '00000000-0000-4000-8000-000000000020';
const [firstId, secondId] = ['00000000-0000-4000-8000-000000000031', '00000000-0000-4000-8000-000000000032'];

const fields = (over: Partial<SlaPolicyFields> = {}): SlaPolicyFields => ({
  policyId: firstId,
  name: 'Vendas',
  queueId,
  whatsappId: null,
  firstResponseMinutes: 15,
  nextResponseMinutes: null,
  resolutionMinutes: 240,
  clock: 'companyHours',
  ...over,
});
const queueWide = slaPolicyCreated({ companyId, ...fields() });

describe('SLA policies of a company', () => {
  describe('When the company has none', () => {
    it('a policy is created', () =>
      policies.given([]).when({ type: 'CreateSlaPolicy', companyId, policy: fields() }).then([queueWide]));
    it('updating or deleting refuses with ERR_NO_SLA_POLICY_FOUND', () => {
      policies
        .given([])
        .when({ type: 'UpdateSlaPolicy', companyId, policy: fields() })
        .thenThrows('ERR_NO_SLA_POLICY_FOUND');
      policies
        .given([])
        .when({ type: 'DeleteSlaPolicy', companyId, policyId: firstId })
        .thenThrows('ERR_NO_SLA_POLICY_FOUND');
    });
  });

  describe('When the queue has a policy for every connection', () => {
    it('a second one for the queue is refused with ERR_SLA_POLICY_EXISTS', () =>
      policies
        .given([queueWide])
        .when({ type: 'CreateSlaPolicy', companyId, policy: fields({ policyId: secondId }) })
        .thenThrows('ERR_SLA_POLICY_EXISTS'));

    it('one for a single connection of the queue is created beside it', () =>
      policies
        .given([queueWide])
        .when({ type: 'CreateSlaPolicy', companyId, policy: fields({ policyId: secondId, whatsappId }) })
        .then([slaPolicyCreated({ companyId, ...fields({ policyId: secondId, whatsappId }) })]));

    it('creating it again (a retried request) records nothing', () =>
      policies
        .given([queueWide])
        .when({ type: 'CreateSlaPolicy', companyId, policy: fields() })
        .thenNothing());

    it('an update records the whole policy; the same values record nothing', () => {
      const changed = fields({ resolutionMinutes: null, nextResponseMinutes: 30 });
      policies
        .given([queueWide])
        .when({ type: 'UpdateSlaPolicy', companyId, policy: changed })
        .then([slaPolicyUpdated({ companyId, ...changed })]);
      policies
        .given([queueWide])
        .when({ type: 'UpdateSlaPolicy', companyId, policy: fields() })
        .thenNothing();
    });

    it('another policy cannot be moved onto its place', () =>
      policies
        .given([queueWide, slaPolicyCreated({ companyId, ...fields({ policyId: secondId, whatsappId }) })])
        .when({ type: 'UpdateSlaPolicy', companyId, policy: fields({ policyId: secondId }) })
        .thenThrows('ERR_SLA_POLICY_EXISTS'));

    it('deleting it frees the place', () =>
      policies
        .given([queueWide, slaPolicyDeleted({ companyId, policyId: firstId })])
        .when({ type: 'CreateSlaPolicy', companyId, policy: fields({ policyId: secondId }) })
        .then([slaPolicyCreated({ companyId, ...fields({ policyId: secondId }) })]));
  });
});
