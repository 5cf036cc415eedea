import * as v from 'valibot';
import { Id, PageNumber } from '../common.ts';
import { FlowGraphInput } from './graph.ts';

/** doc 2 §5: a flow's name, 2 to 50 characters. */
export const FlowName = v.pipe(
  v.string('required'),
  v.trim(),
  v.minLength(1, 'required'),
  v.minLength(2, 'too short'),
  v.maxLength(50, 'too long'),
);

/** GET /flowbuilder: the list page (its search and infinite scroll; both optional). */
export const ListFlowsQuery = v.object({
  searchParam: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
  pageNumber: PageNumber,
  companyId: v.optional(v.string()),
});

/** POST /flowbuilder. */
export const CreateFlowRequest = v.object({ name: FlowName });
/** PUT /flowbuilder: renames `flowId`. */
export const RenameFlowRequest = v.object({ name: FlowName, flowId: Id });
/** POST /flowbuilder/duplicate. */
export const DuplicateFlowRequest = v.object({ flowId: Id });

/**
 * POST /flowbuilder/flow: the editor's whole canvas. Shape errors are 400 ERR_VALIDATION; a graph of
 * the right shape that breaks a rule of graph.ts is 400 ERR_INVALID_FLOW with `details`, the findings
 * (`{nodeId, code, message}[]`). Nothing is stored either way.
 */
export const SaveFlowRequest = v.object({ idFlow: Id, ...FlowGraphInput.entries });
export type SaveFlowRequest = v.InferOutput<typeof SaveFlowRequest>;

/** The text fields of the multipart uploads beside `medias` (doc 2 §7): accepted, unused. */
export const FlowUploadFields = v.object({
  fromMe: v.optional(v.string()),
  body: v.optional(v.string()),
});

const Required = (max: number) =>
  v.pipe(v.string('required'), v.trim(), v.minLength(1, 'required'), v.maxLength(max, 'too long'));

/** POST /flowcampaign (doc 2 §5: name, flow, phrase and connection required). A new one is on. */
export const CreateFlowCampaignRequest = v.object({
  name: Required(100),
  phrase: Required(1000),
  flowId: v.pipe(v.string('required'), v.uuid('choose a flow')),
  whatsappId: v.pipe(v.string('required'), v.uuid('choose a connection')),
});
export type CreateFlowCampaignRequest = v.InferOutput<typeof CreateFlowCampaignRequest>;

/** PUT /flowcampaign: the whole campaign; `status` left out keeps it as it is. */
export const UpdateFlowCampaignRequest = v.object({
  id: Id,
  ...CreateFlowCampaignRequest.entries,
  status: v.optional(v.boolean()),
});
export type UpdateFlowCampaignRequest = v.InferOutput<typeof UpdateFlowCampaignRequest>;
