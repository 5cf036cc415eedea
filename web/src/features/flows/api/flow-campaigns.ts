import * as v from 'valibot';
import { apiRequest } from '../../../lib/api.ts';
import { fetchReferenceList } from '../../../lib/reference-lists.ts';
import type { FlowSummary } from './flows.ts';

/** Doc 2 §3 Flow campaign: a phrase that starts a flow on a connection. */
export interface FlowCampaign {
  id: string;
  name: string;
  phrase: string;
  flowId: string;
  whatsappId: string;
  status: boolean;
}

const required = (key: string) => v.pipe(v.string(key), v.trim(), v.minLength(1, key));
// Doc 2 §5: name, flow, phrase and connection required.
export const FlowCampaignInput = v.object({
  name: required('flows.campaignNameRequired'),
  phrase: required('flows.phraseRequired'),
  flowId: required('flows.flowRequired'),
  whatsappId: required('flows.connectionRequired'),
  status: v.boolean(),
});
export type FlowCampaignInput = v.InferOutput<typeof FlowCampaignInput>;

/** The first list in an answer that is either the list itself or an object holding it. */
function listIn<T>(answer: unknown): T[] {
  if (Array.isArray(answer)) return answer as T[];
  if (answer && typeof answer === 'object') {
    const found = Object.values(answer as Record<string, unknown>).find(Array.isArray);
    if (found) return found as T[];
  }
  return [];
}

export const listFlowCampaigns = (signal?: AbortSignal) =>
  apiRequest<unknown>('/flowcampaign', { signal }).then((a) => listIn<FlowCampaign>(a));

export const createFlowCampaign = (body: Omit<FlowCampaignInput, 'status'>) =>
  apiRequest<unknown>('/flowcampaign', { method: 'POST', body });

export const updateFlowCampaign = (id: string, body: FlowCampaignInput) =>
  apiRequest<unknown>('/flowcampaign', { method: 'PUT', body: { id, ...body } });

export const deleteFlowCampaign = (id: string) =>
  apiRequest<unknown>(`/flowcampaign/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** What the dialog picks from: the flows (GET /flowbuilder) and the company's connections. */
export async function campaignChoices(signal?: AbortSignal) {
  const [flows, connections] = await Promise.all([
    apiRequest<{ flows: FlowSummary[] }>('/flowbuilder', { signal }).then((a) => a.flows),
    fetchReferenceList('connections'),
  ]);
  return {
    flows: flows.map(({ id, name }) => ({ id: String(id), name })),
    connections: connections.map(({ id, name }) => ({ id: String(id), name })),
  };
}
