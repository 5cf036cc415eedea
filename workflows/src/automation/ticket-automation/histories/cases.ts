import { randomUUID } from 'node:crypto';
import type { FlowGraph } from '@zelo/contracts/flows/graph';
import { automationRunInput } from '../../../testing/automation-run.ts';
import { startDyingWorker } from '../../../testing/dying-worker-run.ts';
import type { HistoryCase, Recording, WorkflowHistories } from '../../../testing/histories.ts';
import { startWorker } from '../../../worker.ts';
import type { AgentAnswer, CustomerMessage, createAutomationActivities, RunRef } from '../activities.ts';
import { ticketAutomationClient } from '../client.ts';
import {
  type AutomationRunInput,
  automationWorkflowId,
  customerMessageSignal,
  startSignal,
  ticketAutomationWorkflow,
} from '../workflow.ts';

// The histories of ticket automation runs (record-histories.ts): flows waiting on a question or an
// interval, answered through the customerMessage signal, finished, stopped, timed out; agents answering.

const said = new Map<string, string[]>();
/** The store's global order, as these fakes record things in it; where each run's step was said. */
let recorded = 0;
const nextPosition = () => `1:${++recorded}`;
const stepsSaid = new Map<string, string>();
const saidBy = (runId: string) => said.get(runId) ?? [];
/** What the fake agent answers: `humano` hands over, `digitando` answers in two replies a second apart. */
function agentAnswer(body: string): AgentAnswer {
  if (body === 'humano')
    return { replies: [{ body: 'Vou transferir' }], end: { reason: 'handover', queueId: 'q-ai' } };
  if (body === 'digitando')
    return { replies: [{ body: 'Um momento' }, { body: 'Pronto' }], delayMs: 1_000, end: null };
  return { replies: [{ body: `IA: ${body}` }], end: null };
}

const activities: ReturnType<typeof createAutomationActivities> = {
  async automationReply({ run, stepId, replies }) {
    said.set(run.runId, [...saidBy(run.runId), ...replies.map((r) => r.body || r.mediaUrl || stepId)]);
    return { held: true };
  },
  async automationSetVariable() {
    return { held: true };
  },
  async automationEnd() {},
  // Idempotent by step, as the ticket is: a retried task's step was said where it was said first.
  async automationAdvance({ run, steps }) {
    let saidAt: string | null = null;
    for (const s of steps) {
      if (!('stepId' in s)) continue;
      const key = `${run.runId}:${s.stepId}`;
      saidAt = stepsSaid.get(key) ?? null;
      if (saidAt) continue;
      await activities.automationReply({ run, ...s });
      saidAt = nextPosition();
      stepsSaid.set(key, saidAt);
    }
    return { held: true, saidAt };
  },
  async automationAsk({ agent, message }) {
    if (agent.kind === 'openai') throw new Error('OpenAI is down');
    return agentAnswer(message.body);
  },
};

type N = { id: string; type: string; data: Record<string, unknown> };
function graph(nodes: N[], edges: [string, string, string?][]): FlowGraph {
  return {
    nodes: [{ id: '1', type: 'start', data: {} }, ...nodes].map((n) => ({ ...n, position: { x: 0, y: 0 } })),
    connections: edges.map(([source, target, sourceHandle], i) => ({
      id: `e${i}`,
      source,
      target,
      sourceHandle: sourceHandle ?? null,
      targetHandle: null,
    })),
  } as FlowGraph;
}
const message = (id: string, label: string): N => ({ id, type: 'message', data: { label } });
const question = (id: string, text: string, answerKey: string): N => ({
  id,
  type: 'question',
  data: { typebotIntegration: { message: text, answerKey } },
});

/** hi -> name? -> nice to meet you -> e-mail? -> bye */
const twoQuestions = graph(
  [
    message('hi', 'Olá!'),
    question('q1', 'Seu nome?', 'nome'),
    message('nice', 'Prazer, {{nome}}!'),
    question('q2', 'Seu e-mail?', 'email'),
    message('bye', 'Obrigado, {{nome}}.'),
  ],
  [
    ['1', 'hi'],
    ['hi', 'q1'],
    ['q1', 'nice'],
    ['nice', 'q2'],
    ['q2', 'bye'],
  ],
);
const withInterval = (sec: number) =>
  graph(
    [message('hi', 'Olá!'), { id: 'wait', type: 'interval', data: { sec } }, message('after', 'Depois')],
    [
      ['1', 'hi'],
      ['hi', 'wait'],
      ['wait', 'after'],
    ],
  );
/** A menu (answered wrongly, then option 1), a content block with a pause, a randomizer, a condition, media, a queue. */
const everyNode = graph(
  [
    {
      id: 'm',
      type: 'menu',
      data: {
        message: 'Escolha:',
        arrayOption: [
          { number: 1, value: 'Vendas' },
          { number: 2, value: 'Suporte' },
        ],
      },
    },
    {
      id: 'b',
      type: 'singleBlock',
      data: {
        seq: ['message1', 'interval0', 'img2'],
        elements: [
          { type: 'interval', number: 'interval0', value: 1 },
          { type: 'message', number: 'message1', value: 'primeiro' },
          { type: 'img', number: 'img2', value: '/public/a.png' },
        ],
      },
    },
    { id: 'r', type: 'randomizer', data: { percent: 100 } },
    { id: 'c', type: 'condition', data: { key: 'x', condition: 'equals', value: '' } },
    { id: 'au', type: 'audio', data: { url: '/public/a.ogg' } },
    { id: 't', type: 'ticket', data: { queue: { id: 'q-sales', name: 'Vendas' } } },
  ],
  [
    ['1', 'm'],
    ['m', 'b', 'a1'],
    ['m', 't', 'a2'],
    ['b', 'r'],
    ['r', 'c', 'a'],
    ['r', 't', 'b'],
    ['c', 'au', 'true'],
    ['c', 't', 'false'],
    ['au', 't'],
  ],
);
const openaiNode = graph(
  [{ id: 'ai', type: 'openai', data: { typebotIntegration: { name: 'x', prompt: 'p', apiKey: 'k' } } }],
  [['1', 'ai']],
);

/**
 * A run whose first workflow task times out after its local activity said the welcome and the question
 * (the worker holding it died: dying-worker.ts), the customer answering in between; a worker that lives
 * takes the retried task, and the run goes on to the next question.
 */
async function answeredAfterTimedOutTask(t: Recording) {
  const taskQueue = `${t.taskQueue}-dying`;
  const dying = await startDyingWorker('default', taskQueue, 'automationAdvance');
  const input = automationRunInput({ graph: twoQuestions });
  const handle = await t.client.workflow.signalWithStart(ticketAutomationWorkflow, {
    workflowId: automationWorkflowId(input.runId),
    taskQueue,
    args: [input],
    signal: startSignal,
    workflowTaskTimeout: '3 seconds',
  });
  await activities.automationAdvance(
    (await dying.stalled()) as Parameters<typeof activities.automationAdvance>[0],
  );
  await handle.signal(customerMessageSignal, {
    messageId: randomUUID(),
    body: 'Ana',
    position: nextPosition(),
  });
  await dying.kill();
  const survivor = await startWorker({ taskQueue, activities });
  try {
    await t.eventually(() => saidBy(input.runId).length >= 4, 'the second question', 30_000);
    await t.idle(handle);
  } finally {
    await survivor.stop();
  }
  return handle;
}

async function start(t: Recording, over: Partial<AutomationRunInput>, first: string | null = null) {
  const input = automationRunInput(over);
  const automation = ticketAutomationClient(async () => t.client, t.taskQueue);
  const msg = (body: string): CustomerMessage => ({
    messageId: randomUUID(),
    body,
    position: nextPosition(),
  });
  await automation.start(input, first === null ? null : msg(first));
  const ref: RunRef = input;
  const handle = t.client.workflow.getHandle(automationWorkflowId(ref.runId));
  return {
    handle,
    says: (body: string) => automation.message(ref.runId, msg(body)),
    stop: () => automation.stop(ref.runId, 'accepted'),
    /** Waits until the run has said `n` things in all and rests (waiting for the customer, or a pause). */
    async saidCount(n: number) {
      await t.eventually(() => saidBy(ref.runId).length >= n, `${n} replies`);
      await t.idle(handle);
    },
  };
}

const cases: HistoryCase[] = [
  {
    name: 'flow-question-waiting',
    state: 'open',
    async run(t) {
      const r = await start(t, { graph: twoQuestions });
      await r.saidCount(2);
      return r.handle;
    },
  },
  {
    name: 'flow-answered-next-question-waiting',
    state: 'open',
    async run(t) {
      // Started by a customer's message (signal-with-start), which the first question does not take.
      const r = await start(t, { graph: twoQuestions }, 'oi');
      await r.saidCount(2);
      await r.says('Ana');
      await r.saidCount(4);
      return r.handle;
    },
  },
  {
    name: 'flow-finished',
    state: 'closed',
    async run(t) {
      const r = await start(t, { graph: twoQuestions });
      await r.saidCount(2);
      await r.says('Ana');
      await r.saidCount(4);
      await r.says('ana@example.com');
      return r.handle;
    },
  },
  // Recorded with the runs that say a step's messages in one local activity (ADVANCE_IN_ONE_STEP).
  {
    name: 'advance-flow-answered-next-question-waiting',
    state: 'open',
    async run(t) {
      const r = await start(t, { graph: twoQuestions }, 'oi');
      await r.saidCount(2);
      await r.says('Ana');
      await r.saidCount(4);
      return r.handle;
    },
  },
  {
    name: 'advance-flow-finished',
    state: 'closed',
    async run(t) {
      const r = await start(t, { graph: twoQuestions });
      await r.saidCount(2);
      await r.says('Ana');
      await r.says('ana@example.com');
      return r.handle;
    },
  },
  {
    name: 'advance-flow-interval-waiting',
    state: 'open',
    async run(t) {
      const r = await start(t, { graph: withInterval(120) });
      await r.saidCount(1);
      return r.handle;
    },
  },
  // Recorded with the runs that tell an answer by where the store recorded it (ANSWER_AFTER_QUESTION).
  {
    name: 'position-flow-answered-after-timed-out-task-waiting',
    state: 'open',
    run: answeredAfterTimedOutTask,
  },
  {
    name: 'flow-interval-waiting',
    state: 'open',
    async run(t) {
      const r = await start(t, { graph: withInterval(120) });
      await r.saidCount(1);
      return r.handle;
    },
  },
  {
    name: 'flow-interval-finished',
    state: 'closed',
    async run(t) {
      return (await start(t, { graph: withInterval(1) })).handle;
    },
  },
  {
    name: 'flow-stopped-while-waiting',
    state: 'closed',
    async run(t) {
      const r = await start(t, { graph: twoQuestions });
      await r.saidCount(2);
      await r.stop();
      return r.handle;
    },
  },
  {
    name: 'flow-timeout',
    state: 'closed',
    async run(t) {
      return (await start(t, { graph: twoQuestions, replyTimeoutMs: 1_000 })).handle;
    },
  },
  {
    name: 'flow-every-node-handover',
    state: 'closed',
    async run(t) {
      const r = await start(t, { graph: everyNode });
      await r.saidCount(1);
      await r.says('talvez');
      await r.saidCount(2);
      await r.says('1');
      return r.handle;
    },
  },
  {
    name: 'flow-openai-node-failed',
    state: 'closed',
    async run(t) {
      const r = await start(t, { graph: openaiNode });
      await r.says('oi');
      return r.handle;
    },
  },
  {
    name: 'prompt-answered-waiting',
    state: 'open',
    async run(t) {
      const r = await start(t, { kind: 'prompt' }, 'oi');
      await r.saidCount(1);
      return r.handle;
    },
  },
  {
    name: 'prompt-handover',
    state: 'closed',
    async run(t) {
      const r = await start(t, { kind: 'prompt' }, 'oi');
      await r.saidCount(1);
      await r.says('humano');
      return r.handle;
    },
  },
  {
    name: 'typebot-delayed-replies-waiting',
    state: 'open',
    async run(t) {
      const r = await start(t, { kind: 'typebot' }, 'digitando');
      await r.saidCount(2);
      return r.handle;
    },
  },
];

export const ticketAutomationHistories: WorkflowHistories = {
  dir: 'automation/ticket-automation',
  activities,
  cases,
};
