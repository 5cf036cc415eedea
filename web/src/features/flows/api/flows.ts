import * as v from 'valibot';
import { apiRequest } from '../../../lib/api.ts';
import type { FlowPayload } from '../lib/graph.ts';

/** A flow of the list (doc 2 §3 Flow: id, name, active). */
export interface FlowSummary {
  id: string;
  name: string;
  active: boolean;
}

// Doc 2 §5: a flow's name is 2 to 50 characters.
export const FlowNameInput = v.object({
  name: v.pipe(
    v.string('flows.nameRequired'),
    v.trim(),
    v.minLength(1, 'flows.nameRequired'),
    v.minLength(2, 'flows.nameTooShort'),
    v.maxLength(50, 'flows.nameTooLong'),
  ),
});
export type FlowNameInput = v.InferOutput<typeof FlowNameInput>;

/** GET /flowbuilder: one page of the company's flows, searched by name. */
export const listFlows = (searchParam: string, pageNumber: number, signal?: AbortSignal) =>
  apiRequest<{ flows: FlowSummary[]; hasMore: boolean }>('/flowbuilder', {
    signal,
    query: { searchParam: searchParam || undefined, pageNumber },
  });

export const createFlow = (name: string) =>
  apiRequest<FlowSummary | { flow: FlowSummary }>('/flowbuilder', { method: 'POST', body: { name } });

export const renameFlow = (flowId: string, name: string) =>
  apiRequest<unknown>('/flowbuilder', { method: 'PUT', body: { name, flowId } });

export const duplicateFlow = (flowId: string) =>
  apiRequest<unknown>('/flowbuilder/duplicate', { method: 'POST', body: { flowId } });

export const deleteFlow = (flowId: string) =>
  apiRequest<unknown>(`/flowbuilder/${encodeURIComponent(flowId)}`, { method: 'DELETE' });

/** GET /flowbuilder/flow/{id}: the flow with its drawing under `flow.flow` (null before the first save). */
export interface StoredFlow {
  flow: FlowSummary & { flow: { nodes: unknown[]; connections: unknown[] } | null };
}
export const getFlowGraph = (flowId: string, signal?: AbortSignal) =>
  apiRequest<StoredFlow>(`/flowbuilder/flow/${encodeURIComponent(flowId)}`, { signal });

export const saveFlowGraph = (payload: FlowPayload) =>
  apiRequest<unknown>('/flowbuilder/flow', { method: 'POST', body: payload });

/** The stored file's name from an upload's answer (a bare string, or an object naming it). */
export function storedName(answer: unknown): string {
  if (typeof answer === 'string') return answer;
  if (answer && typeof answer === 'object') {
    const a = answer as Record<string, unknown>;
    for (const k of ['name', 'filename', 'fileName', 'url', 'mediaUrl'])
      if (typeof a[k] === 'string') return a[k] as string;
  }
  throw new Error('the upload answered no file name');
}

/**
 * Doc 2 §7: POST /flowbuilder/img (images) or /flowbuilder/audio (audio; video goes up there too, as
 * in the reference), multipart fromMe, medias, body; the answer names the stored file.
 */
export async function uploadMedia(route: 'img' | 'audio', file: File): Promise<string> {
  const form = new FormData();
  form.append('fromMe', 'true');
  form.append('medias', file, file.name);
  form.append('body', file.name);
  return storedName(await apiRequest<unknown>(`/flowbuilder/${route}`, { method: 'POST', body: form }));
}

/** The content editor's files, in one multipart POST /flowbuilder/content; names in the same order. */
export async function uploadContent(files: readonly File[]): Promise<string[]> {
  const form = new FormData();
  form.append('fromMe', 'true');
  for (const f of files) form.append('medias', f, f.name);
  form.append('body', files.map((f) => f.name).join(','));
  const answer = await apiRequest<unknown>('/flowbuilder/content', { method: 'POST', body: form });
  const list = Array.isArray(answer)
    ? answer
    : answer && typeof answer === 'object'
      ? (Object.values(answer as Record<string, unknown>).find(Array.isArray) ?? [answer])
      : [answer];
  const names = list.map(storedName);
  if (names.length !== files.length) throw new Error('the upload answered a different number of files');
  return names;
}

export interface NamedRef {
  id: string;
  name: string;
}

/** The Typebot integrations a typebot node may hand over to (GET /queueIntegration/). */
export async function listTypebotIntegrations(signal?: AbortSignal) {
  const page = await apiRequest<{ queueIntegrations: (NamedRef & { type: string })[] }>(
    '/queueIntegration/',
    { signal, query: { pageNumber: 1 } },
  );
  return page.queueIntegrations.filter((i) => i.type === 'typebot');
}
