import type { NodeProps, NodeTypes } from '@xyflow/react';
import { CONDITION_HANDLES, menuHandle, RANDOMIZER_HANDLES } from '@zelo/contracts/flows/graph';
import { useT } from '../../../../../lib/i18n.ts';
import { mediaUrl } from '../../../lib/media-url.ts';
import type { FlowNodeOf, FlowNodeType } from '../../../lib/node-data.ts';
import { NodeShell, RowHandle } from './node-shell.tsx';

type P<T extends FlowNodeType> = NodeProps<FlowNodeOf<T>>;

const Text = ({ children }: { children: string }) => <div className="flow-node-text">{children}</div>;

function StartNode({ id, data }: P<'start'>) {
  return <NodeShell id={id} type="start" error={data.error} target={false} actions={false} />;
}

function MessageNode({ id, data }: P<'message'>) {
  return (
    <NodeShell id={id} type="message" error={data.error}>
      <Text>{data.label}</Text>
    </NodeShell>
  );
}

function IntervalNode({ id, data }: P<'interval'>) {
  return (
    <NodeShell id={id} type="interval" error={data.error}>
      <Text>{data.label}</Text>
    </NodeShell>
  );
}

function MenuNode({ id, data }: P<'menu'>) {
  return (
    <NodeShell id={id} type="menu" error={data.error} source={false}>
      <Text>{data.message}</Text>
      {data.arrayOption.map((o) => (
        <RowHandle
          key={o.number}
          id={menuHandle(o.number)}
          label={`[${o.number}] ${o.value}`}
          testId={`flow-menu-option-${o.number}`}
        />
      ))}
    </NodeShell>
  );
}

function RandomizerNode({ id, data }: P<'randomizer'>) {
  const t = useT();
  return (
    <NodeShell id={id} type="randomizer" error={data.error} source={false}>
      <RowHandle id={RANDOMIZER_HANDLES.chosen} label={t('flows.pathA', { percent: data.percent })} />
      <RowHandle id={RANDOMIZER_HANDLES.rest} label={t('flows.pathB', { percent: 100 - data.percent })} />
    </NodeShell>
  );
}

function ConditionNode({ id, data }: P<'condition'>) {
  const t = useT();
  return (
    <NodeShell id={id} type="condition" error={data.error} source={false}>
      <Text>{t('flows.conditionIf', { key: data.key, condition: data.condition, value: data.value })}</Text>
      <RowHandle id={CONDITION_HANDLES.met} label={t('flows.conditionTrue')} />
      <RowHandle id={CONDITION_HANDLES.unmet} label={t('flows.conditionFalse')} />
    </NodeShell>
  );
}

function ImgNode({ id, data }: P<'img'>) {
  return (
    <NodeShell id={id} type="img" error={data.error}>
      {data.url && <img className="flow-node-img" src={mediaUrl(data.url)} alt="" />}
    </NodeShell>
  );
}

function AudioNode({ id, data }: P<'audio'>) {
  return (
    <NodeShell id={id} type="audio" error={data.error}>
      {/* biome-ignore lint/a11y/useMediaCaption: a customer's own recording has no captions */}
      {data.url && <audio className="flow-node-media nodrag" controls src={mediaUrl(data.url)} />}
    </NodeShell>
  );
}

function VideoNode({ id, data }: P<'video'>) {
  return (
    <NodeShell id={id} type="video" error={data.error}>
      {/* biome-ignore lint/a11y/useMediaCaption: uploaded clips carry no captions */}
      {data.url && <video className="flow-node-media nodrag" controls src={mediaUrl(data.url)} />}
    </NodeShell>
  );
}

function ContentNode({ id, data }: P<'singleBlock'>) {
  const t = useT();
  const labels = {
    message: 'flows.contentText',
    interval: 'flows.contentInterval',
    img: 'flows.contentImg',
    audio: 'flows.contentAudio',
    video: 'flows.contentVideo',
  } as const;
  return (
    <NodeShell id={id} type="singleBlock" error={data.error}>
      {data.elements.map((e) => (
        <div key={e.number} className="flow-node-card">
          <strong>{t(labels[e.type])}</strong>{' '}
          {e.type === 'interval'
            ? `${e.value}s`
            : e.type === 'message'
              ? String(e.value)
              : (e.original ?? '')}
        </div>
      ))}
    </NodeShell>
  );
}

function TicketNode({ id, data }: P<'ticket'>) {
  return (
    <NodeShell id={id} type="ticket" error={data.error} source={false}>
      <Text>{data.queue?.name ?? ''}</Text>
    </NodeShell>
  );
}

function TypebotNode({ id, data }: P<'typebot'>) {
  return (
    <NodeShell id={id} type="typebot" error={data.error} source={false}>
      <Text>{String(data.typebotIntegration?.name ?? '')}</Text>
    </NodeShell>
  );
}

function OpenAiNode({ id, data }: P<'openai'>) {
  return (
    <NodeShell id={id} type="openai" error={data.error} source={false}>
      <Text>{data.typebotIntegration?.name ?? ''}</Text>
    </NodeShell>
  );
}

function QuestionNode({ id, data }: P<'question'>) {
  const t = useT();
  const q = data.typebotIntegration;
  return (
    <NodeShell id={id} type="question" error={data.error}>
      <Text>{q?.message ?? ''}</Text>
      {q?.answerKey && <div className="flow-node-hint">{t('flows.answerIn', { key: q.answerKey })}</div>}
    </NodeShell>
  );
}

/** One component per node type (doc 2 §2.16), given to ReactFlow once. */
export const FLOW_NODE_COMPONENTS = {
  start: StartNode,
  message: MessageNode,
  interval: IntervalNode,
  menu: MenuNode,
  randomizer: RandomizerNode,
  condition: ConditionNode,
  img: ImgNode,
  audio: AudioNode,
  video: VideoNode,
  singleBlock: ContentNode,
  ticket: TicketNode,
  typebot: TypebotNode,
  openai: OpenAiNode,
  question: QuestionNode,
} satisfies Record<FlowNodeType, unknown> as unknown as NodeTypes;
