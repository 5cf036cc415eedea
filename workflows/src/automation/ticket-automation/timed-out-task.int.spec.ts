import { randomUUID } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { DefaultLogger, Runtime } from '@temporalio/worker';
import type { FlowGraph } from '@zelo/contracts/flows/graph';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startDyingWorker } from '../../testing/dying-worker-run.ts';
import { testNamespace } from '../../testing/namespace.ts';
import { defaultTemporalAddress, type RunningWorker, startWorker } from '../../worker.ts';
import type { AutomationStep, createAutomationActivities } from './activities.ts';
import {
  type AutomationRunInput,
  automationWorkflowId,
  customerMessageSignal,
  startSignal,
  ticketAutomationWorkflow,
} from './workflow.ts';

// A workflow task that times out after its local activity had its effect (the worker holding it was
// starved or killed: the chaos test's and the cluster's case). The question went out, the customer
// answered it, and the retried task hears the answer in the same activation as the run's start: the
// answer still answers the question it was given to.

const namespace = testNamespace();
let connection: Connection;
let client: Client;

beforeAll(async () => {
  Runtime.install({ logger: new DefaultLogger('WARN') });
  connection = await Connection.connect({ address: defaultTemporalAddress });
  client = new Client({ connection, namespace });
});
afterAll(async () => {
  await connection?.close();
});

/** The tickets' streams, as the fakes record them: each step said once, at its place in the store's order. */
let recorded = 0;
const nextPosition = () => `1:${++recorded}`;
const said = new Map<string, { stepId: string; body: string; at: string }[]>();
const saidBy = (runId: string) => said.get(runId) ?? [];
function say(runId: string, steps: AutomationStep[]): string | null {
  const mine = saidBy(runId);
  said.set(runId, mine);
  let at: string | null = null;
  for (const s of steps) {
    if (!('stepId' in s)) continue;
    const before = mine.find((x) => x.stepId === s.stepId);
    at = before?.at ?? nextPosition();
    if (!before) mine.push(...s.replies.map((r) => ({ stepId: s.stepId, body: r.body, at: at as string })));
  }
  return at;
}

const activities: Partial<ReturnType<typeof createAutomationActivities>> = {
  async automationAdvance({ run, steps }) {
    return { held: true, saidAt: say(run.runId, steps) };
  },
};

type N = { id: string; type: string; data: Record<string, unknown> };
/** start → hi → the first wait → its answer's message → a question. */
function flow(wait: N, after: N): FlowGraph {
  const nodes: N[] = [
    { id: '1', type: 'start', data: {} },
    { id: 'hi', type: 'message', data: { label: 'Olá!' } },
    wait,
    after,
    {
      id: 'q2',
      type: 'question',
      data: { typebotIntegration: { message: 'Seu e-mail?', answerKey: 'email' } },
    },
  ];
  const edges = [
    ['1', 'hi', null],
    ['hi', wait.id, null],
    [wait.id, after.id, wait.type === 'menu' ? 'a1' : null],
    [after.id, 'q2', null],
  ];
  return {
    nodes: nodes.map((n) => ({ ...n, position: { x: 0, y: 0 } })),
    connections: edges.map(([source, target, sourceHandle], i) => ({
      id: `e${i}`,
      source,
      target,
      sourceHandle,
      targetHandle: null,
    })),
  } as FlowGraph;
}

const cases = [
  {
    wait: 'a question',
    graph: flow(
      {
        id: 'q1',
        type: 'question',
        data: { typebotIntegration: { message: 'Seu nome?', answerKey: 'nome' } },
      },
      { id: 'nice', type: 'message', data: { label: 'Prazer, {{nome}}!' } },
    ),
    answer: 'Ana',
    expected: ['Olá!', 'Seu nome?', 'Prazer, Ana!', 'Seu e-mail?'],
  },
  {
    wait: 'a menu',
    graph: flow(
      {
        id: 'm',
        type: 'menu',
        data: { message: 'Escolha:', arrayOption: [{ number: 1, value: 'Vendas' }] },
      },
      { id: 'sales', type: 'message', data: { label: 'Vendas, então.' } },
    ),
    answer: '1',
    expected: ['Olá!', 'Escolha:\n\n*[ 1 ]* - Vendas', 'Vendas, então.', 'Seu e-mail?'],
  },
];

it.each(cases)(
  'an answer to $wait whose workflow task timed out after saying it answers it',
  async (c) => {
    const taskQueue = `timed-out-task-test-${randomUUID()}`;
    const dying = await startDyingWorker(namespace, taskQueue, 'automationAdvance');
    const input: AutomationRunInput = {
      ticketId: randomUUID(),
      companyId: randomUUID(),
      runId: randomUUID(),
      kind: 'flow',
      refId: randomUUID(),
      graph: c.graph,
      replyTimeoutMs: 60_000,
    };
    const texts = () => saidBy(input.runId).map((s) => s.body);
    const handle = await client.workflow.signalWithStart(ticketAutomationWorkflow, {
      workflowId: automationWorkflowId(input.runId),
      taskQueue,
      args: [input],
      signal: startSignal,
      // Short, so that the dead worker's task times out soon; long enough that its local activity, stalled
      // for a moment only, is not heartbeaten into a completed task first.
      workflowTaskTimeout: '3 seconds',
    });
    let survivor: RunningWorker | null = null;
    try {
      // The first task's local activity says the welcome and the first wait, and its worker dies with it.
      const first = (await dying.stalled()) as { steps: AutomationStep[] };
      say(input.runId, first.steps);
      expect(texts()).toEqual(c.expected.slice(0, 2));
      await handle.signal(customerMessageSignal, {
        messageId: randomUUID(),
        body: c.answer,
        position: nextPosition(),
      });
      await dying.kill();

      survivor = await startWorker({ namespace, taskQueue, activities });
      const deadline = Date.now() + 30_000;
      while (texts().length < 4 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(texts()).toEqual(c.expected);

      // The case it is: the first task timed out, and the answer came in while it ran.
      const events = (await handle.fetchHistory()).events ?? [];
      const at = (has: (e: (typeof events)[number]) => unknown) =>
        events.flatMap((e, i) => (has(e) ? [i] : []));
      const [firstTask, retriedTask] = at((e) => e.workflowTaskStartedEventAttributes);
      const [timedOut] = at((e) => e.workflowTaskTimedOutEventAttributes);
      const answer = at((e) => e.workflowExecutionSignaledEventAttributes).at(-1) ?? -1;
      expect(timedOut).toBeGreaterThan(firstTask);
      expect(timedOut).toBeLessThan(retriedTask);
      expect(answer).toBeGreaterThan(firstTask);
      expect(answer).toBeLessThan(retriedTask);
    } finally {
      await dying.kill();
      await survivor?.stop();
      await handle.terminate('test over').catch(() => {});
    }
  },
  90_000,
);
