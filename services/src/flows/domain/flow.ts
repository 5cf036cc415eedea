import { DomainError } from '@zelo/contracts/errors';
import type { FlowEvent } from '@zelo/contracts/flows/events';
import { type FlowGraphFinding, type FlowGraphInput, validateFlowGraph } from '@zelo/contracts/flows/graph';

/** One flow, stream `flow-<flowId>`: its name and the latest saved graph with its version number. */
export interface FlowState {
  companyId: string | null;
  name: string;
  version: number;
  graph: FlowGraphInput | null;
  deleted: boolean;
}

export const flowStreamId = (flowId: string) => `flow-${flowId}`;
export const initialFlowState = (): FlowState => ({
  companyId: null,
  name: '',
  version: 0,
  graph: null,
  deleted: false,
});

export function evolveFlow(state: FlowState, event: FlowEvent): FlowState {
  switch (event.type) {
    case 'FlowCreated':
      return { ...state, companyId: event.data.companyId, name: event.data.name };
    case 'FlowRenamed':
      return { ...state, name: event.data.name };
    case 'FlowSaved': {
      const { version, nodes, connections } = event.data;
      return { ...state, version, graph: { nodes, connections } };
    }
    case 'FlowDeleted':
      return { ...state, deleted: true };
  }
}

export type FlowCommand =
  | {
      type: 'CreateFlow';
      companyId: string;
      flowId: string;
      userId: string;
      name: string;
      /** A duplicate: the flow copied and its latest graph (null: never saved). */
      copyOf: { flowId: string; graph: FlowGraphInput | null } | null;
    }
  | { type: 'RenameFlow'; companyId: string; flowId: string; name: string }
  | { type: 'SaveFlow'; companyId: string; flowId: string; graph: FlowGraphInput }
  /** `usedBy`: what still starts this flow (a phrase campaign ...), found by the handler; null: nothing. */
  | { type: 'DeleteFlow'; companyId: string; flowId: string; usedBy: string | null };

type Cmd<T extends FlowCommand['type']> = Extract<FlowCommand, { type: T }>;

/** Another company's flow, a deleted one or none: "not found", whatever the id. */
function existing(state: FlowState, companyId: string) {
  if (state.companyId !== companyId || state.deleted)
    throw new DomainError('ERR_NO_FLOW_FOUND', 'flow not found');
}

/**
 * Refuses a graph that breaks a rule of graph.ts (media must be the company's uploads), or with `more`
 * findings the handler made against the company's data (references.ts).
 */
export function assertValidGraph(graph: FlowGraphInput, companyId: string, more: FlowGraphFinding[] = []) {
  const findings = [...validateFlowGraph(graph, { mediaPrefix: `/public/${companyId}/` }), ...more];
  if (findings.length === 0) return;
  throw new DomainError(
    'ERR_INVALID_FLOW',
    `the flow has ${findings.length} problem(s), first: ${findings[0]?.message}`,
    findings,
  );
}

function createFlow(command: Cmd<'CreateFlow'>, state: FlowState): FlowEvent[] {
  const { companyId, flowId, userId, name, copyOf } = command;
  // A repeated create (a retried request with the same id) changes nothing.
  if (state.companyId !== null) return [];
  const created: FlowEvent = {
    type: 'FlowCreated',
    data: { flowId, companyId, userId, name, duplicatedFrom: copyOf?.flowId ?? null },
  };
  if (!copyOf?.graph) return [created];
  return [created, { type: 'FlowSaved', data: { flowId, companyId, version: 1, ...copyOf.graph } }];
}

function renameFlow(command: Cmd<'RenameFlow'>, state: FlowState): FlowEvent[] {
  const { companyId, flowId, name } = command;
  existing(state, companyId);
  if (name === state.name) return [];
  return [{ type: 'FlowRenamed', data: { flowId, companyId, name } }];
}

/** JSON with sorted keys: a stored graph comes back from jsonb with its keys in another order. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );

function saveFlow(command: Cmd<'SaveFlow'>, state: FlowState): FlowEvent[] {
  const { companyId, flowId, graph } = command;
  existing(state, companyId);
  assertValidGraph(graph, companyId);
  // Saving the drawing as it already is makes no new version.
  if (canonical(graph) === canonical(state.graph)) return [];
  return [{ type: 'FlowSaved', data: { flowId, companyId, version: state.version + 1, ...graph } }];
}

function deleteFlow(command: Cmd<'DeleteFlow'>, state: FlowState): FlowEvent[] {
  const { companyId, flowId, usedBy } = command;
  existing(state, companyId);
  if (usedBy) throw new DomainError('ERR_FLOW_IN_USE', `the flow is still used by ${usedBy}`);
  return [{ type: 'FlowDeleted', data: { flowId, companyId } }];
}

export function decideFlow(command: FlowCommand, state: FlowState): FlowEvent[] {
  switch (command.type) {
    case 'CreateFlow':
      return createFlow(command, state);
    case 'RenameFlow':
      return renameFlow(command, state);
    case 'SaveFlow':
      return saveFlow(command, state);
    case 'DeleteFlow':
      return deleteFlow(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}
