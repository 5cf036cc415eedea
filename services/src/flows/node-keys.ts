import { DomainError } from '@zelo/contracts/errors';
import type { FlowGraphFinding, FlowGraphInput, FlowNodeInput } from '@zelo/contracts/flows/graph';
import type { StoredFlowGraph } from '@zelo/contracts/flows/read-models';
import { type SecretBox, secretBox } from '../platform/secret-box.ts';

// An `openai` node carries credentials under `typebotIntegration` (doc 2 §3): the OpenAI `apiKey` and,
// for the spoken answers, the speech service's `voiceKey`. Neither reaches an event in clear (issue 10:
// "API keys stored encrypted at rest and never sent back to the browser in full"): before a FlowSaved is
// appended each is sealed (platform/secret-box.ts, the key derived from the deployment's secret) bound
// to its company, flow, node and field, so a sealed key copied to another node, flow or company does
// not open there. The node then holds `apiKey: 'sk-…abcd'` (what the editor shows and posts back) and
// `apiKeySealed` (never answered to the browser; resp. `voiceKey`, `voiceKeySealed`).

/** The node fields that hold a credential, each with the field its ciphertext is kept in. */
export const SEALED_FIELDS = { apiKey: 'apiKeySealed', voiceKey: 'voiceKeySealed' } as const;
type KeyField = keyof typeof SEALED_FIELDS;

/** The one character that marks a masked key (as the prompts' keys are masked); a real key has none. */
export const MASK_MARK = '…';
/** What the browser sees of a key: `sk-…abcd`; a short key shows nothing of itself. */
export const maskFlowKey = (key: string) =>
  key.length >= 12 ? `${key.slice(0, 3)}${MASK_MARK}${key.slice(-4)}` : MASK_MARK;
const isMasked = (value: string) => value.includes(MASK_MARK);

const context = (companyId: string, flowId: string, nodeId: string, field: KeyField) =>
  `flowNode:${companyId}:${flowId}:${nodeId}:${field}`;

type Settings = Record<string, unknown>;
/** A node as a save posts it (FlowNodeInput) or as the runtime reads it (FlowNode). */
type KeyedNode = { id: string; type: string; data: object };
const settingsOf = (node: Omit<KeyedNode, 'id'>): Settings | null => {
  if (node.type !== 'openai') return null;
  const s = (node.data as { typebotIntegration?: unknown }).typebotIntegration;
  return s && typeof s === 'object' && !Array.isArray(s) ? (s as Settings) : null;
};
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

interface Where {
  companyId: string;
  flowId: string;
}

/**
 * The clear key of `field` in an `openai` node's settings: its ciphertext opened for this company, flow
 * and node; a node stored before keys were sealed holds it in clear. Null: none (or only a mask,
 * nothing to open). Throws when the ciphertext was not sealed for this company, flow and node.
 */
function clearKeyOf(box: SecretBox, at: NodeAt, s: Settings, field: KeyField): string | null {
  const sealed = text(s[SEALED_FIELDS[field]]);
  if (sealed) return box.open(sealed, context(at.companyId, at.flowId, at.nodeId, field));
  const plain = text(s[field]);
  return plain && !isMasked(plain) ? plain : null;
}
function clearKey(box: SecretBox, where: Where, node: KeyedNode, field: KeyField): string | null {
  const s = settingsOf(node);
  return s ? clearKeyOf(box, { ...where, nodeId: node.id }, s, field) : null;
}

/** Where an openai node's keys were sealed: its company, flow (the stream, not a version) and node id. */
export interface NodeAt {
  companyId: string;
  flowId: string;
  nodeId: string;
}

/**
 * For the runtime: the clear OpenAI key (`apiKey`) and speech key (`voiceKey`, null when none) of the
 * settings (`node.data.typebotIntegration`) of `openai` node `nodeId` of a graph stored for `flowId`
 * of `companyId` (any version: loadFlowVersion's graph). `secret`: the deployment's resolved JWT secret
 * (AppContext.config.jwtSecret). Throws when there is no usable API key, or its ciphertext was sealed
 * for another company, flow or node.
 */
export function unsealOpenAiSettings(
  secret: string | SecretBox,
  at: NodeAt,
  settings: object,
): { apiKey: string; voiceKey: string | null } {
  const box = typeof secret === 'string' ? secretBox(secret) : secret;
  const s = settings as Settings;
  const apiKey = clearKeyOf(box, at, s, 'apiKey');
  if (!apiKey) throw new Error(`flow node ${at.nodeId}: no OpenAI API key`);
  return { apiKey, voiceKey: clearKeyOf(box, at, s, 'voiceKey') };
}

/** unsealOpenAiSettings for a whole `openai` node of a stored graph. */
export function unsealFlowNodeKeys(
  secret: string | SecretBox,
  where: { companyId: string; flowId: string },
  node: KeyedNode,
): { apiKey: string; voiceKey: string | null } {
  const s = settingsOf(node);
  if (!s) throw new Error(`flow node ${node.id}: not an openai node`);
  return unsealOpenAiSettings(secret, { ...where, nodeId: node.id }, s);
}

const tryClearKey = (box: SecretBox, where: Where, node: KeyedNode, field: KeyField) => {
  try {
    return clearKey(box, where, node, field);
  } catch {
    return null;
  }
};

/**
 * A save's graph as it may be stored: each `openai` node's keys sealed for `where` and masked. What the
 * browser posts for a key: a new key replaces it; the masked form or nothing keeps the key the same
 * node had in `previous` (the flow's latest graph); a masked form on a node that had none (a node
 * duplicated in the editor) keeps the key of the graph's node with that mask, when only one key has it.
 * A sealed field the browser posts is ignored. An optional `voiceKey` left empty is removed.
 * Refuses (ERR_INVALID_FLOW, on the node) a masked key it cannot resolve: the key must be typed again.
 */
export function sealFlowKeys(
  box: SecretBox,
  where: Where,
  graph: FlowGraphInput,
  previous: { where: Where; graph: FlowGraphInput | null } | null,
): FlowGraphInput {
  const before = new Map((previous?.graph?.nodes ?? []).map((n) => [n.id, n]));
  const findings: FlowGraphFinding[] = [];
  const resolve = (node: FlowNodeInput, field: KeyField, posted: string): string | null => {
    if (posted && !isMasked(posted)) return posted;
    const from = previous?.where;
    const same = before.get(node.id);
    const kept = from && same ? tryClearKey(box, from, same, field) : null;
    if (kept) return kept;
    if (!posted || !from) return null;
    const matching = new Set<string>();
    for (const other of before.values()) {
      const key = tryClearKey(box, from, other, field);
      if (key && maskFlowKey(key) === posted) matching.add(key);
    }
    return matching.size === 1 ? ([...matching][0] ?? null) : null;
  };
  const nodes = graph.nodes.map((node) => {
    const s = settingsOf(node);
    if (!s) return node;
    const out: Settings = { ...s };
    for (const field of Object.keys(SEALED_FIELDS) as KeyField[]) {
      const sealedField = SEALED_FIELDS[field];
      delete out[sealedField];
      const posted = text(s[field]);
      // An optional speech key left empty: none.
      if (field === 'voiceKey' && !posted) continue;
      const key = resolve(node, field, posted);
      if (!key) {
        // No key at all is graph.ts's finding (the API key is required); a mask we cannot open is ours.
        if (posted)
          findings.push({
            nodeId: node.id,
            code: 'INVALID_NODE_DATA',
            message: `the ${field === 'apiKey' ? 'API' : 'voice'} key must be typed again`,
          });
        continue;
      }
      const stored = before.get(node.id);
      const storedSealed = stored && settingsOf(stored)?.[sealedField];
      // The same key on the same node of the same flow keeps its ciphertext: an unchanged save is no new version.
      const unchanged =
        previous?.where.flowId === where.flowId &&
        previous.where.companyId === where.companyId &&
        typeof storedSealed === 'string' &&
        stored !== undefined &&
        tryClearKey(box, where, stored, field) === key;
      out[field] = maskFlowKey(key);
      out[sealedField] = unchanged
        ? storedSealed
        : box.seal(key, context(where.companyId, where.flowId, node.id, field));
    }
    return { ...node, data: { ...node.data, typebotIntegration: out } };
  });
  if (findings.length)
    throw new DomainError(
      'ERR_INVALID_FLOW',
      `the flow has ${findings.length} problem(s), first: ${findings[0]?.message}`,
      findings,
    );
  return { ...graph, nodes };
}

/** What the browser gets of a stored graph: each key masked, no ciphertext. */
export function graphForBrowser(graph: StoredFlowGraph): StoredFlowGraph {
  return {
    ...graph,
    nodes: graph.nodes.map((node) => {
      const s = settingsOf(node);
      if (!s) return node;
      const out: Settings = { ...s };
      for (const [field, sealedField] of Object.entries(SEALED_FIELDS)) {
        delete out[sealedField];
        const value = text(s[field]);
        if (value && !isMasked(value)) out[field] = maskFlowKey(value);
      }
      return { ...node, data: { ...node.data, typebotIntegration: out } };
    }),
  };
}
