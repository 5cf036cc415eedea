import type { FlowEdge, FlowNodeInput } from './graph.ts';

/** A flow of the list (doc 2 §3 Flow: id, name, active). Times are ISO strings. */
export interface FlowView {
  id: string;
  name: string;
  /** Always true: the spec shows the status, and no call of doc 2 §7 changes it. */
  active: boolean;
  userId: string;
  /** The latest saved version of its graph; 0 before the first save. */
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** GET /flowbuilder. */
export interface FlowPage {
  flows: FlowView[];
  hasMore: boolean;
}

/** The drawing as the editor posted it (what GET /flowbuilder/flow/{id} gives back). */
export interface StoredFlowGraph {
  nodes: FlowNodeInput[];
  connections: FlowEdge[];
}

/**
 * GET /flowbuilder/flow/{id} and POST /flowbuilder/flow: `{ flow: FlowWithGraph }`; the editor reads
 * `response.data.flow.flow`, null for a flow never saved.
 */
export interface FlowWithGraph extends FlowView {
  flow: StoredFlowGraph | null;
}

/**
 * POST /flowbuilder/img, /audio (audio or video) and, one per file, /content. `name` is the stored
 * file's URL on the API, `/public/<companyId>/...`: what a node's `url` (a content card's `value`)
 * holds and what the runtime sends as the media.
 */
export interface FlowUpload {
  name: string;
  url: string;
  originalName: string;
  mediaType: 'image' | 'audio' | 'video';
}

/** GET /flowcampaign (a plain array) and GET /flowcampaign/{id}. */
export interface FlowCampaignView {
  id: string;
  name: string;
  phrase: string;
  status: boolean;
  flowId: string;
  whatsappId: string;
  /** The flow's and the connection's names, for the list. */
  flowName: string | null;
  whatsappName: string | null;
  createdAt: string;
  updatedAt: string;
}
