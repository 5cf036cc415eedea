import { DomainError } from '@zelo/contracts/errors';
import type { FlowGraphInput } from '@zelo/contracts/flows/graph';
import { type Actor, commandHandler, type Deps, load } from '../platform/command-handler.ts';
import { newId } from '../platform/ids.ts';
import type { SecretBox } from '../platform/secret-box.ts';
import { decideFlow, evolveFlow, type FlowCommand, flowStreamId, initialFlowState } from './domain/flow.ts';
import {
  decideFlowCampaign,
  evolveFlowCampaign,
  type FlowCampaignCommand,
  flowCampaignStreamId,
  initialFlowCampaignState,
} from './domain/flow-campaign.ts';
import { sealFlowKeys } from './node-keys.ts';

export const flowAggregate = { initialState: initialFlowState, evolve: evolveFlow };
const handleFlowCommand = commandHandler(flowAggregate, flowStreamId, decideFlow);

/** Each flow is a stream of its own, named by the flow the command names. */
export const runFlowCommand = (deps: Deps, command: FlowCommand, who: Actor) =>
  handleFlowCommand(deps, command.flowId, command, who);

const flowCampaignAggregate = { initialState: initialFlowCampaignState, evolve: evolveFlowCampaign };
const handleFlowCampaignCommand = commandHandler(
  flowCampaignAggregate,
  flowCampaignStreamId,
  decideFlowCampaign,
);

export const runFlowCampaignCommand = (deps: Deps, command: FlowCampaignCommand, who: Actor) =>
  handleFlowCampaignCommand(deps, command.flowCampaignId, command, who);

/** The name of a copy: "Cópia de <name>", within the 50 characters a name may have. */
export const copyName = (name: string) => `Cópia de ${name}`.slice(0, 50).trim();

/**
 * A graph the editor posts, its `openai` nodes' keys sealed for the flow (node-keys.ts): a masked or
 * empty key keeps what the flow's latest version holds for that node. Another company's flow: nothing
 * to keep (the save itself answers not found).
 */
export async function sealedForSave(
  deps: Deps,
  box: SecretBox,
  { companyId, flowId, graph }: { companyId: string; flowId: string; graph: FlowGraphInput },
) {
  const { state } = await load(deps.store, flowStreamId(flowId), flowAggregate);
  const where = { companyId, flowId };
  const previous = state.companyId === companyId ? { where, graph: state.graph } : null;
  return sealFlowKeys(box, where, graph, previous);
}

/**
 * POST /flowbuilder/duplicate: a new flow, named after the source, with the source's latest graph as its
 * version 1. The source is read from its own stream, so the copy is of what was last saved; its keys are
 * sealed again for the copy (a sealed key opens only in the flow it was sealed for).
 */
export async function duplicateFlow(
  deps: Deps,
  box: SecretBox,
  { companyId, userId, sourceId }: { companyId: string; userId: string; sourceId: string },
  who: Actor,
) {
  const { state } = await load(deps.store, flowStreamId(sourceId), flowAggregate);
  if (state.companyId !== companyId || state.deleted)
    throw new DomainError('ERR_NO_FLOW_FOUND', 'flow not found');
  const flowId = newId();
  const source = { where: { companyId, flowId: sourceId }, graph: state.graph };
  const graph = state.graph && sealFlowKeys(box, { companyId, flowId }, state.graph, source);
  const copyOf = { flowId: sourceId, graph };
  const r = await runFlowCommand(
    deps,
    { type: 'CreateFlow', companyId, flowId, userId, name: copyName(state.name), copyOf },
    who,
  );
  return { flowId, position: r.position };
}
