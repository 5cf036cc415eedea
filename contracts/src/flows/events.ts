import * as v from 'valibot';
import { event, Id, NullableId } from '../common.ts';
import { FlowEdge, FlowNodeInput } from './graph.ts';

// One stream per flow (`flow-<flowId>`): its name and every saved version of its graph. A save is the
// whole graph, numbered 1, 2, 3 ...: a run pins the version it started on (loadFlowVersion).
// One stream per phrase campaign (`flowcampaign-<id>`): a phrase that starts a flow on a connection.

export const FlowCreated = event('FlowCreated', {
  flowId: Id,
  companyId: Id,
  /** Who created it. */
  userId: Id,
  name: v.string(),
  /** The flow it is a copy of (POST /flowbuilder/duplicate), else null. */
  duplicatedFrom: NullableId,
});
export type FlowCreated = v.InferOutput<typeof FlowCreated>;

export const FlowRenamed = event('FlowRenamed', { flowId: Id, companyId: Id, name: v.string() });
export type FlowRenamed = v.InferOutput<typeof FlowRenamed>;

/**
 * The whole graph as the editor drew it, after validateFlowGraph found nothing; an `openai` node's keys
 * sealed (`apiKeySealed`, `voiceKeySealed`) and masked (services/src/flows/node-keys.ts), never in clear.
 */
export const FlowSaved = event('FlowSaved', {
  flowId: Id,
  companyId: Id,
  version: v.pipe(v.number(), v.integer(), v.minValue(1)),
  nodes: v.array(FlowNodeInput),
  connections: v.array(FlowEdge),
});
export type FlowSaved = v.InferOutput<typeof FlowSaved>;

export const FlowDeleted = event('FlowDeleted', { flowId: Id, companyId: Id });
export type FlowDeleted = v.InferOutput<typeof FlowDeleted>;

export const FlowEvent = v.variant('type', [FlowCreated, FlowRenamed, FlowSaved, FlowDeleted]);
export type FlowEvent = v.InferOutput<typeof FlowEvent>;

const FlowCampaignFields = {
  flowCampaignId: Id,
  companyId: Id,
  name: v.string(),
  /** Trimmed; matched against a whole inbound message, case-insensitively. */
  phrase: v.string(),
  flowId: Id,
  whatsappId: Id,
  /** On: the phrase starts the flow. */
  status: v.boolean(),
};

export const FlowCampaignCreated = event('FlowCampaignCreated', { ...FlowCampaignFields, userId: Id });
export type FlowCampaignCreated = v.InferOutput<typeof FlowCampaignCreated>;

export const FlowCampaignUpdated = event('FlowCampaignUpdated', FlowCampaignFields);
export type FlowCampaignUpdated = v.InferOutput<typeof FlowCampaignUpdated>;

export const FlowCampaignDeleted = event('FlowCampaignDeleted', { flowCampaignId: Id, companyId: Id });
export type FlowCampaignDeleted = v.InferOutput<typeof FlowCampaignDeleted>;

export const FlowCampaignEvent = v.variant('type', [
  FlowCampaignCreated,
  FlowCampaignUpdated,
  FlowCampaignDeleted,
]);
export type FlowCampaignEvent = v.InferOutput<typeof FlowCampaignEvent>;
