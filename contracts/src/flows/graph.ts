import * as v from 'valibot';

// The flow graph as the editor (@xyflow/react) posts it to POST /flowbuilder/flow and as the runtime
// reads it back (doc 2 §3 "Flow node"). Two layers:
//
// 1. `FlowGraphInput`: the lenient shape check of the request. Any node `type` string and any `data`
//    object pass, so that `validateFlowGraph` can name the offending node instead of failing the whole
//    body. xyflow's transient keys (`selected`, `dragging`, `resizing`, `positionAbsolute`, ...) are
//    dropped; `width`, `height`, `measured` and `style` are kept, so the canvas comes back as it was
//    drawn. Every key of a node's `data` is kept (the reference stores "the whole form data").
// 2. `validateFlowGraph`: the rules the runtime relies on, one finding per problem (per code and node),
//    each naming the node (or null for graph-wide problems). The server refuses a save with any finding
//    (400 ERR_INVALID_FLOW, `details` the findings).
//
// A graph that passed both parses under `FlowGraph` (typed per node type), which is what the runtime
// uses: `v.parse(FlowGraph, stored)`.
//
// MEDIA: a node's `url` (a content card's `value`) is the `name` an upload route answered, the file's
// `/public/<companyId>/...` URL; the server refuses any other (MEDIA_NOT_UPLOADED).
//
// HANDLES (the editor must draw its source handles with these ids, `sourceHandle` of the edge):
// - menu: option with `number` n leaves through handle `a<n>` (option 1 -> `a1`, option 2 -> `a2`).
//   Every option needs an edge: the customer may answer any of them.
// - randomizer: `a` (taken with probability `percent`), `b` (the rest). A missing branch ends the flow.
// - condition: `true` and `false`. A missing branch ends the flow.
// - every other node has one output; its handle id is free (absent, null or any string) and ignored.
// Target handles are ignored. The flow ends at a node without outgoing edges.

/** The start node's id (doc 2 §3): every flow has exactly one, of type `start`. */
export const START_NODE_ID = '1';
export const MAX_FLOW_NODES = 500;
export const MAX_FLOW_EDGES = 2000;
export const MAX_INTERVAL_SECONDS = 120;
export const MAX_FLOW_TEXT = 4096;

export const FLOW_NODE_TYPES = [
  'start',
  'message',
  'menu',
  'interval',
  'img',
  'audio',
  'video',
  'randomizer',
  'singleBlock',
  'ticket',
  'typebot',
  'openai',
  'question',
  'condition',
] as const;
export type FlowNodeType = (typeof FLOW_NODE_TYPES)[number];

/** The source handle of menu option `n`. */
export const menuHandle = (n: number) => `a${n}`;
export const RANDOMIZER_HANDLES = { chosen: 'a', rest: 'b' } as const;
export const CONDITION_HANDLES = { met: 'true', unmet: 'false' } as const;

/** What `validateFlowGraph` reports; the editor translates `code` and shows it on node `nodeId`. */
export const FLOW_GRAPH_CODES = [
  'MISSING_START',
  'DUPLICATE_NODE_ID',
  'UNKNOWN_NODE_TYPE',
  'INVALID_NODE_DATA',
  'EMPTY_MESSAGE',
  'EMPTY_MEDIA',
  'MEDIA_NOT_UPLOADED',
  'INTERVAL_OUT_OF_RANGE',
  'MENU_WITHOUT_OPTIONS',
  'MENU_OPTION_UNCONNECTED',
  'QUESTION_WITHOUT_ANSWER_KEY',
  'QUEUE_REQUIRED',
  'EDGE_SOURCE_MISSING',
  'EDGE_TARGET_MISSING',
  'DUPLICATE_EDGE_ID',
] as const;
export type FlowGraphCode = (typeof FLOW_GRAPH_CODES)[number];
export interface FlowGraphFinding {
  nodeId: string | null;
  code: FlowGraphCode;
  message: string;
}

// ---------- layer 1: the request's shape ----------

const NodeId = v.pipe(v.string(), v.minLength(1), v.maxLength(64));
const Finite = v.pipe(v.number(), v.finite());
const Dimension = v.optional(v.nullable(Finite));
const Looks = {
  style: v.optional(v.nullable(v.record(v.string(), v.unknown()))),
  width: Dimension,
  height: Dimension,
  measured: v.optional(v.nullable(v.object({ width: Dimension, height: Dimension }))),
};
const Position = v.object({ x: Finite, y: Finite });

export const FlowNodeInput = v.object({
  id: NodeId,
  position: Position,
  type: v.pipe(v.string(), v.maxLength(40)),
  data: v.optional(v.looseObject({}), {}),
  ...Looks,
});
export type FlowNodeInput = v.InferOutput<typeof FlowNodeInput>;

const Handle = v.optional(v.nullable(v.pipe(v.string(), v.maxLength(64))), null);
export const FlowEdge = v.object({
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  source: NodeId,
  target: NodeId,
  sourceHandle: Handle,
  targetHandle: Handle,
  type: v.optional(v.pipe(v.string(), v.maxLength(40))),
  animated: v.optional(v.boolean()),
  style: Looks.style,
});
export type FlowEdge = v.InferOutput<typeof FlowEdge>;

/** The graph part of POST /flowbuilder/flow; `connections` are xyflow's edges. */
export const FlowGraphInput = v.object({
  nodes: v.pipe(v.array(FlowNodeInput), v.maxLength(MAX_FLOW_NODES, `at most ${MAX_FLOW_NODES} nodes`)),
  connections: v.pipe(v.array(FlowEdge), v.maxLength(MAX_FLOW_EDGES, `at most ${MAX_FLOW_EDGES} edges`)),
});
export type FlowGraphInput = v.InferOutput<typeof FlowGraphInput>;

// ---------- node data by type (doc 2 §3) ----------
// A message of the form 'CODE: text' names the finding's code; any other failure is INVALID_NODE_DATA.

const Text = (code: FlowGraphCode, what: string) =>
  v.pipe(
    v.string(`${code}: ${what} is required`),
    v.trim(),
    v.minLength(1, `${code}: ${what} is empty`),
    v.maxLength(MAX_FLOW_TEXT, `INVALID_NODE_DATA: ${what} is longer than ${MAX_FLOW_TEXT}`),
  );
/** A whole number given as a number or as digits (form fields send strings). */
const Whole = (code: FlowGraphCode, what: string) =>
  v.pipe(
    v.union(
      [v.number(), v.pipe(v.string(), v.trim(), v.regex(/^\d{1,6}$/, `${code}: ${what} must be a number`))],
      `${code}: ${what} must be a number`,
    ),
    v.transform(Number),
    v.integer(`${code}: ${what} must be a whole number`),
  );
const Seconds = v.pipe(
  Whole('INTERVAL_OUT_OF_RANGE', 'the interval'),
  v.minValue(1, 'INTERVAL_OUT_OF_RANGE: the interval must be above 0 seconds'),
  v.maxValue(MAX_INTERVAL_SECONDS, `INTERVAL_OUT_OF_RANGE: at most ${MAX_INTERVAL_SECONDS} seconds`),
);
/** A stored file's name (from the upload routes) or URL. */
const MediaUrl = Text('EMPTY_MEDIA', 'the media file');
const Label = v.optional(v.string());
/** Variable names as `{{name}}` substitution reads them. */
const VariableName = v.pipe(
  Text('QUESTION_WITHOUT_ANSWER_KEY', 'the answer variable'),
  v.regex(/^[\p{L}\p{N}_.-]{1,50}$/u, 'QUESTION_WITHOUT_ANSWER_KEY: letters, digits, _ . - only, at most 50'),
);
const RefId = v.union([v.pipe(v.string(), v.minLength(1), v.maxLength(64)), v.number()]);

export const StartData = v.looseObject({ label: Label });
export const MessageData = v.looseObject({ label: Text('EMPTY_MESSAGE', 'the message') });
export const IntervalData = v.looseObject({ label: Label, sec: Seconds });
export const MenuOption = v.looseObject({
  number: v.pipe(Whole('INVALID_NODE_DATA', 'the option number'), v.minValue(1), v.maxValue(99)),
  value: Text('EMPTY_MESSAGE', 'an option'),
});
export const MenuData = v.looseObject({
  message: Text('EMPTY_MESSAGE', 'the menu message'),
  arrayOption: v.pipe(
    v.array(MenuOption, 'MENU_WITHOUT_OPTIONS: the menu has no options'),
    v.minLength(1, 'MENU_WITHOUT_OPTIONS: the menu has no options'),
    v.check(
      (os) => new Set(os.map((o) => o.number)).size === os.length,
      'INVALID_NODE_DATA: two options share a number',
    ),
  ),
});
export const ImgData = v.looseObject({ url: MediaUrl });
export const AudioData = v.looseObject({ url: MediaUrl, record: v.optional(v.boolean()) });
export const VideoData = v.looseObject({ url: MediaUrl, record: v.optional(v.boolean()) });
export const RandomizerData = v.looseObject({
  percent: v.pipe(Whole('INVALID_NODE_DATA', 'the percent'), v.minValue(0), v.maxValue(100)),
});
/** One card of the content editor; `number` is its key in `seq` (e.g. 'message0', 'img1'). */
export const ContentElement = v.variant('type', [
  v.looseObject({
    type: v.literal('message'),
    number: v.string(),
    value: Text('EMPTY_MESSAGE', 'a message card'),
  }),
  v.looseObject({ type: v.literal('interval'), number: v.string(), value: Seconds }),
  v.looseObject({
    type: v.picklist(['img', 'audio', 'video']),
    number: v.string(),
    value: MediaUrl,
    original: v.optional(v.string()),
    record: v.optional(v.boolean()),
  }),
]);
export const SingleBlockData = v.looseObject({
  seq: v.optional(v.array(v.string()), []),
  elements: v.pipe(
    v.array(ContentElement, 'EMPTY_MESSAGE: the content has no cards'),
    v.minLength(1, 'EMPTY_MESSAGE: the content has no cards'),
  ),
});
/** The queue the ticket moves to: the editor stores the chosen queue as `data.queue`. */
export const TicketData = v.looseObject({
  queue: v.looseObject(
    { id: RefId, name: v.optional(v.string()) },
    'QUEUE_REQUIRED: choose a queue for the ticket',
  ),
});
export const TypebotData = v.looseObject({
  typebotIntegration: v.looseObject({ id: RefId }, 'INVALID_NODE_DATA: choose a Typebot integration'),
});
/** doc 2 §3: stored under `typebotIntegration`; name, apiKey and prompt required (§5). */
export const OpenAiSettings = v.looseObject({
  name: Text('INVALID_NODE_DATA', 'the name'),
  prompt: Text('INVALID_NODE_DATA', 'the prompt'),
  apiKey: Text('INVALID_NODE_DATA', 'the API key'),
  projectName: v.optional(v.string()),
  voice: v.optional(v.string(), 'texto'),
  voiceKey: v.optional(v.nullable(v.string())),
  voiceRegion: v.optional(v.nullable(v.string())),
  maxTokens: v.optional(v.union([v.number(), v.string()]), 100),
  temperature: v.optional(v.union([v.number(), v.string()]), 1),
  maxMessages: v.optional(v.union([v.number(), v.string()]), 10),
  queueId: v.optional(v.nullable(RefId)),
});
export const OpenAiData = v.looseObject({
  typebotIntegration: v.looseObject(
    OpenAiSettings.entries,
    'INVALID_NODE_DATA: the OpenAI settings are missing',
  ),
});
export const QuestionData = v.looseObject({
  typebotIntegration: v.looseObject(
    { message: Text('EMPTY_MESSAGE', 'the question'), answerKey: VariableName },
    'QUESTION_WITHOUT_ANSWER_KEY: the question has no message nor answer variable',
  ),
});
/** How `condition` compares variable `key` with `value` (strings; the number ones compare as numbers). */
export const CONDITION_OPERATORS = ['equals', 'notEquals', 'contains', 'greaterThan', 'lessThan'] as const;
export const ConditionData = v.looseObject({
  key: Text('INVALID_NODE_DATA', 'the variable'),
  condition: v.picklist(
    CONDITION_OPERATORS,
    `INVALID_NODE_DATA: the comparison is one of ${CONDITION_OPERATORS.join(', ')}`,
  ),
  value: v.optional(v.string(), ''),
});

export const NODE_DATA = {
  start: StartData,
  message: MessageData,
  menu: MenuData,
  interval: IntervalData,
  img: ImgData,
  audio: AudioData,
  video: VideoData,
  randomizer: RandomizerData,
  singleBlock: SingleBlockData,
  ticket: TicketData,
  typebot: TypebotData,
  openai: OpenAiData,
  question: QuestionData,
  condition: ConditionData,
} as const satisfies Record<FlowNodeType, v.GenericSchema>;

// ---------- layer 2: the rules ----------

const isNodeType = (t: string): t is FlowNodeType => (FLOW_NODE_TYPES as readonly string[]).includes(t);

/** The code of a required field left out (valibot reports a missing key with its parent's message). */
const MISSING_FIELD: Record<string, FlowGraphCode> = {
  label: 'EMPTY_MESSAGE',
  message: 'EMPTY_MESSAGE',
  elements: 'EMPTY_MESSAGE',
  arrayOption: 'MENU_WITHOUT_OPTIONS',
  sec: 'INTERVAL_OUT_OF_RANGE',
  url: 'EMPTY_MEDIA',
  answerKey: 'QUESTION_WITHOUT_ANSWER_KEY',
  queue: 'QUEUE_REQUIRED',
};

const findingOf = (nodeId: string, issue: v.BaseIssue<unknown>): FlowGraphFinding => {
  const where = issue.path?.map((p) => String(p.key)).join('.') ?? '';
  const key = String(issue.path?.at(-1)?.key ?? '');
  if (issue.input === undefined && issue.expected === `"${key}"`) {
    return { nodeId, code: MISSING_FIELD[key] ?? 'INVALID_NODE_DATA', message: `${where} is required` };
  }
  const m = /^([A-Z_]+): (.*)$/s.exec(issue.message);
  const code = (FLOW_GRAPH_CODES as readonly string[]).includes(m?.[1] ?? '')
    ? (m?.[1] as FlowGraphCode)
    : null;
  if (code) return { nodeId, code, message: m?.[2] as string };
  return { nodeId, code: 'INVALID_NODE_DATA', message: `${where ? `${where}: ` : ''}${issue.message}` };
};

/** Every problem of the graph, one per finding (the first per node data field); [] when it may be saved. */
export function validateFlowGraph(
  graph: FlowGraphInput,
  /** `/public/<companyId>/`: media must be a file the company uploaded (the server passes it). */
  { mediaPrefix }: { mediaPrefix?: string } = {},
): FlowGraphFinding[] {
  const findings: FlowGraphFinding[] = [];
  const byId = new Map<string, FlowNodeInput>();
  for (const node of graph.nodes) {
    if (byId.has(node.id)) {
      findings.push({ nodeId: node.id, code: 'DUPLICATE_NODE_ID', message: `two nodes have id ${node.id}` });
      continue;
    }
    byId.set(node.id, node);
  }
  if (byId.get(START_NODE_ID)?.type !== 'start') {
    findings.push({
      nodeId: null,
      code: 'MISSING_START',
      message: `the flow needs its start node '${START_NODE_ID}'`,
    });
  }
  for (const node of byId.values()) {
    const found = nodeFindings(node, graph.connections);
    findings.push(...found);
    if (found.length || mediaPrefix === undefined) continue;
    for (const url of mediaOf(node)) {
      if (url.startsWith(mediaPrefix) && !url.includes('..')) continue;
      const message = `${url} is not a file uploaded here (use the url the upload answered)`;
      findings.push({ nodeId: node.id, code: 'MEDIA_NOT_UPLOADED', message });
    }
  }
  const edgeIds = new Set<string>();
  for (const edge of graph.connections) {
    if (edgeIds.has(edge.id)) {
      findings.push({
        nodeId: edge.source,
        code: 'DUPLICATE_EDGE_ID',
        message: `two edges have id ${edge.id}`,
      });
    }
    edgeIds.add(edge.id);
    if (!byId.has(edge.source)) {
      findings.push({
        nodeId: null,
        code: 'EDGE_SOURCE_MISSING',
        message: `edge ${edge.id} leaves a node that does not exist`,
      });
    }
    if (!byId.has(edge.target)) {
      const nodeId = byId.has(edge.source) ? edge.source : null;
      findings.push({
        nodeId,
        code: 'EDGE_TARGET_MISSING',
        message: `edge ${edge.id} leads to a node that does not exist`,
      });
    }
  }
  return findings;
}

function nodeFindings(node: FlowNodeInput, edges: FlowEdge[]): FlowGraphFinding[] {
  if (!isNodeType(node.type)) {
    return [{ nodeId: node.id, code: 'UNKNOWN_NODE_TYPE', message: `unknown node type '${node.type}'` }];
  }
  if (node.type === 'start' && node.id !== START_NODE_ID) {
    return [
      {
        nodeId: node.id,
        code: 'INVALID_NODE_DATA',
        message: `only node '${START_NODE_ID}' may be the start`,
      },
    ];
  }
  const parsed = v.safeParse(NODE_DATA[node.type], node.data);
  if (!parsed.success) {
    const seen = new Set<string>();
    return parsed.issues
      .map((i) => findingOf(node.id, i))
      .filter((f) => !seen.has(f.code) && seen.add(f.code));
  }
  if (node.type !== 'menu') return [];
  const handles = new Set(edges.filter((e) => e.source === node.id).map((e) => e.sourceHandle));
  return (parsed.output as MenuData).arrayOption
    .filter((o) => !handles.has(menuHandle(o.number)))
    .map((o) => ({
      nodeId: node.id,
      code: 'MENU_OPTION_UNCONNECTED' as const,
      message: `option ${o.number} leads nowhere (draw an edge from handle ${menuHandle(o.number)})`,
    }));
}

/** The stored files a node sends: an img/audio/video node's `url`, a content block's media cards. */
export function mediaOf(node: Pick<FlowNodeInput, 'type' | 'data'>): string[] {
  const d = node.data as Record<string, unknown>;
  if (['img', 'audio', 'video'].includes(node.type)) return typeof d.url === 'string' ? [d.url] : [];
  if (node.type !== 'singleBlock' || !Array.isArray(d.elements)) return [];
  return d.elements.flatMap((e: Record<string, unknown>) =>
    ['img', 'audio', 'video'].includes(String(e?.type)) && typeof e.value === 'string' ? [e.value] : [],
  );
}

// ---------- the typed graph the runtime reads ----------

const typed = <T extends FlowNodeType, D extends v.GenericSchema>(type: T, data: D) =>
  v.object({ id: NodeId, position: Position, type: v.literal(type), data, ...Looks });

export const FlowNode = v.variant('type', [
  typed('start', StartData),
  typed('message', MessageData),
  typed('menu', MenuData),
  typed('interval', IntervalData),
  typed('img', ImgData),
  typed('audio', AudioData),
  typed('video', VideoData),
  typed('randomizer', RandomizerData),
  typed('singleBlock', SingleBlockData),
  typed('ticket', TicketData),
  typed('typebot', TypebotData),
  typed('openai', OpenAiData),
  typed('question', QuestionData),
  typed('condition', ConditionData),
]);
export type FlowNode = v.InferOutput<typeof FlowNode>;
export type MessageData = v.InferOutput<typeof MessageData>;
export type MenuData = v.InferOutput<typeof MenuData>;
export type IntervalData = v.InferOutput<typeof IntervalData>;
export type SingleBlockData = v.InferOutput<typeof SingleBlockData>;
export type ContentElement = v.InferOutput<typeof ContentElement>;
export type ConditionData = v.InferOutput<typeof ConditionData>;
export type QuestionData = v.InferOutput<typeof QuestionData>;
export type OpenAiSettings = v.InferOutput<typeof OpenAiSettings>;

/** A saved graph (it passed `validateFlowGraph`), typed per node. */
export const FlowGraph = v.object({ nodes: v.array(FlowNode), connections: v.array(FlowEdge) });
export type FlowGraph = v.InferOutput<typeof FlowGraph>;

/** The node an edge from `nodeId` leads to (through `handle` when the node has several); null: the flow ends. */
export function nextNodeId(
  graph: Pick<FlowGraph, 'connections'>,
  nodeId: string,
  handle?: string,
): string | null {
  const edge = graph.connections.find(
    (e) => e.source === nodeId && (handle === undefined || e.sourceHandle === handle),
  );
  return edge?.target ?? null;
}
