import { DomainError } from '@zelo/contracts/errors';
import type { SlaPolicyCreated, SlaPolicyEvent } from '@zelo/contracts/sla/events';

/** A policy as its company's stream knows it. */
export type SlaPolicyFields = Omit<SlaPolicyCreated['data'], 'companyId'>;

/**
 * All SLA policies of a company in one stream: "one policy per queue and connection" (a connection's
 * own, or the queue's for every connection) is decided here, by the stream's revision.
 */
export interface SlaPoliciesState {
  policies: Record<string, SlaPolicyFields>;
}
export const slaPoliciesStreamId = (companyId: string) => `sla-policies-${companyId}`;
export const initialSlaPoliciesState = (): SlaPoliciesState => ({ policies: {} });

export function evolveSlaPolicies(state: SlaPoliciesState, event: SlaPolicyEvent): SlaPoliciesState {
  const policies = { ...state.policies };
  if (event.type === 'SlaPolicyDeleted') delete policies[event.data.policyId];
  else {
    const { companyId: _c, ...policy } = event.data;
    policies[policy.policyId] = policy;
  }
  return { policies };
}

export type SlaPolicyCommand =
  | { type: 'CreateSlaPolicy'; companyId: string; policy: SlaPolicyFields }
  | { type: 'UpdateSlaPolicy'; companyId: string; policy: SlaPolicyFields }
  | { type: 'DeleteSlaPolicy'; companyId: string; policyId: string };

type Cmd<T extends SlaPolicyCommand['type']> = Extract<SlaPolicyCommand, { type: T }>;

function assertExists(state: SlaPoliciesState, policyId: string): SlaPolicyFields {
  const policy = state.policies[policyId];
  if (!policy) throw new DomainError('ERR_NO_SLA_POLICY_FOUND', 'SLA policy not found');
  return policy;
}

function assertPlaceFree(state: SlaPoliciesState, p: SlaPolicyFields) {
  const taken = Object.values(state.policies).find(
    (o) => o.policyId !== p.policyId && o.queueId === p.queueId && o.whatsappId === p.whatsappId,
  );
  if (taken)
    throw new DomainError(
      'ERR_SLA_POLICY_EXISTS',
      p.whatsappId
        ? 'this queue has a policy for this connection'
        : 'this queue has a policy for every connection',
      { policyId: taken.policyId },
    );
}

function createSlaPolicy(
  { companyId, policy }: Cmd<'CreateSlaPolicy'>,
  state: SlaPoliciesState,
): SlaPolicyEvent[] {
  if (state.policies[policy.policyId]) return [];
  assertPlaceFree(state, policy);
  return [{ type: 'SlaPolicyCreated', data: { companyId, ...policy } }];
}

function updateSlaPolicy(
  { companyId, policy }: Cmd<'UpdateSlaPolicy'>,
  state: SlaPoliciesState,
): SlaPolicyEvent[] {
  const current = assertExists(state, policy.policyId);
  assertPlaceFree(state, policy);
  if (JSON.stringify(current) === JSON.stringify({ ...current, ...policy })) return [];
  return [{ type: 'SlaPolicyUpdated', data: { companyId, ...policy } }];
}

function deleteSlaPolicy(
  { companyId, policyId }: Cmd<'DeleteSlaPolicy'>,
  state: SlaPoliciesState,
): SlaPolicyEvent[] {
  assertExists(state, policyId);
  return [{ type: 'SlaPolicyDeleted', data: { companyId, policyId } }];
}

export function decideSlaPolicies(command: SlaPolicyCommand, state: SlaPoliciesState): SlaPolicyEvent[] {
  switch (command.type) {
    case 'CreateSlaPolicy':
      return createSlaPolicy(command, state);
    case 'UpdateSlaPolicy':
      return updateSlaPolicy(command, state);
    case 'DeleteSlaPolicy':
      return deleteSlaPolicy(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}
