import type { IconName } from '@blueprintjs/icons';
import type { TKey } from '../../../../lib/i18n.ts';
import type { FlowNodeType } from '../../lib/node-data.ts';

/** How each node type looks on the canvas and in the speed-dial. */
export const NODE_KINDS: Record<FlowNodeType, { label: TKey; icon: IconName; color: string }> = {
  start: { label: 'flows.nodeStart', icon: 'play', color: '#238551' },
  message: { label: 'flows.nodeMessage', icon: 'chat', color: '#2d72d2' },
  singleBlock: { label: 'flows.nodeContent', icon: 'document', color: '#7961db' },
  menu: { label: 'flows.nodeMenu', icon: 'properties', color: '#c87619' },
  randomizer: { label: 'flows.nodeRandomizer', icon: 'random', color: '#d13913' },
  interval: { label: 'flows.nodeInterval', icon: 'time', color: '#5f6b7c' },
  ticket: { label: 'flows.nodeTicket', icon: 'inbox', color: '#00a396' },
  img: { label: 'flows.nodeImg', icon: 'media', color: '#147eb3' },
  audio: { label: 'flows.nodeAudio', icon: 'volume-up', color: '#147eb3' },
  video: { label: 'flows.nodeVideo', icon: 'video', color: '#147eb3' },
  typebot: { label: 'flows.nodeTypebot', icon: 'console', color: '#634dbf' },
  openai: { label: 'flows.nodeOpenai', icon: 'predictive-analysis', color: '#1c6e42' },
  question: { label: 'flows.nodeQuestion', icon: 'help', color: '#cd4246' },
  condition: { label: 'flows.nodeCondition', icon: 'fork', color: '#935610' },
};

/** Doc 2 §2.16: the speed-dial's five actions first, then the other types (condition is added by code). */
export const SPEED_DIAL: FlowNodeType[] = [
  'singleBlock',
  'menu',
  'randomizer',
  'interval',
  'ticket',
  'message',
  'img',
  'audio',
  'video',
  'typebot',
  'openai',
  'question',
];
