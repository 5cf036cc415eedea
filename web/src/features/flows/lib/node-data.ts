import type { Edge, Node } from '@xyflow/react';

import type { CONDITION_OPERATORS, FlowNodeType } from '@zelo/contracts/flows/graph';

// The shapes follow contracts/src/flows/graph.ts, which the server validates a saved graph against.
export type { FlowNodeType };

export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];
export interface MenuOption {
  number: number;
  value: string;
}
export type ContentElementType = 'message' | 'interval' | 'img' | 'audio' | 'video';
export interface ContentElement {
  type: ContentElementType;
  /** The text, the seconds, or the stored file name of a media card. */
  value: string | number;
  /** The card's key in `seq`: its type and place, e.g. 'message0', 'img1'. */
  number: string;
  /** The file's original name (media cards). */
  original?: string;
  /** Audio: sent as a recorded voice note. */
  record?: boolean;
}
export interface QueueRef {
  id: string | number;
  name: string;
  color?: string;
}
export interface OpenAiIntegration {
  name: string;
  prompt: string;
  voice: string;
  voiceKey: string;
  voiceRegion: string;
  maxTokens: number;
  temperature: number;
  apiKey: string;
  queueId: string | number | null;
  maxMessages: number;
  projectName?: string;
}
export interface QuestionIntegration {
  message: string;
  answerKey: string;
}

/** Doc 2 §3 "Node data by type". */
export interface NodeDataByType {
  start: { label: string };
  message: { label: string };
  interval: { label: string; sec: number };
  condition: { key: string; condition: ConditionOperator; value: string };
  menu: { message: string; arrayOption: MenuOption[] };
  img: { url: string };
  audio: { url: string; record: boolean };
  video: { url: string; record?: boolean };
  randomizer: { percent: number };
  typebot: { typebotIntegration: { id: string | number; name?: string } & Record<string, unknown> };
  ticket: { queue: QueueRef };
  singleBlock: { seq: string[]; elements: ContentElement[] };
  openai: { typebotIntegration: OpenAiIntegration };
  question: { typebotIntegration: QuestionIntegration };
}

/**
 * What the canvas adds to a node's data while drawing (never saved): the server's complaint about it
 * after a refused save.
 */
export interface EditorMarks {
  error?: string;
}

export type FlowNode = {
  [T in FlowNodeType]: Node<NodeDataByType[T] & EditorMarks & Record<string, unknown>, T>;
}[FlowNodeType];
export type FlowNodeOf<T extends FlowNodeType> = Extract<FlowNode, { type: T }>;
export type FlowEdge = Edge;

/** Doc 2 §3: the interval node's label. */
export const intervalLabel = (sec: number) => `Intervalo ${sec} seg.`;
