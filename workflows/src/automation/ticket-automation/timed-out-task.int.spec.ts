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
let survivor: RunningWorker | null = null;

beforeAll(async () => {
  Runtime.install({ logger: new DefaultLogger('WARN') });
  connection = await Connection.connect({ address: defaultTemporalAddress });
  client = new Client({ connection, namespace });
});
afterAll(async () => {
  await survivor?.stop();
  await connection?.close();
});

/** The ticket's stream, as the fakes record it: each step said once, at its place in the store's order. */
let recorded = 0;
const nextPosition = () => `1:${++recorded}`;
const said: { stepId: string; body: string; at: string }[] = [];
function say(steps: AutomationStep[]): string | null {
  let at: string | null = null;
  for (const s of steps) {
    if (!('stepId' in s)) continue;
    const before = said.find((x) => x.stepId === s.stepId);
    at = before?.at ?? nextPosition();
    if (!before) said.push(...s.replies.map((r) => ({ stepId: s.stepId, body: r.body, at: at as string })));
  }
  return at;
}

const activities: Partial<ReturnType<typeof createAutomationActivities>> = {
  async automationAdvance({ steps }) {
    return { held: true, saidAt: say(steps) };
  },
};

const twoQuestions = {
  nodes: [
    { id: '1', type: 'start', data: {} },
    { id: 'hi', type: 'message', data: { label: 'Olá!' } },
    { id: 'q1', type: 'question', data: { typebotIntegration: { message: 'Seu nome?', answerKey: 'nome' } } },
    { id: 'nice', type: 'message', data: { label: 'Prazer, {{nome}}!' } },
    {
      id: 'q2',
      type: 'question',
      data: { typebotIntegration: { message: 'Seu e-mail?', answerKey: 'email' } },
    },
  ].map((n) => ({ ...n, position: { x: 0, y: 0 } })),
  connections: [
    ['1', 'hi'],
    ['hi', 'q1'],
    ['q1', 'nice'],
    ['nice', 'q2'],
  ].map(([source, target], i) => ({ id: `e${i}`, source, target, sourceHandle: null, targetHandle: null })),
} as FlowGraph;

it('an answer to a question whose workflow task timed out after saying it answers that question', async () => {
  const taskQueue = `timed-out-task-test-${randomUUID()}`;
  const dying = await startDyingWorker(namespace, taskQueue, 'automationAdvance');
  const input: AutomationRunInput = {
    ticketId: randomUUID(),
    companyId: randomUUID(),
    runId: randomUUID(),
    kind: 'flow',
    refId: randomUUID(),
    graph: twoQuestions,
    replyTimeoutMs: 60_000,
  };
  const handle = await client.workflow.signalWithStart(ticketAutomationWorkflow, {
    workflowId: automationWorkflowId(input.runId),
    taskQueue,
    args: [input],
    signal: startSignal,
    // Short, so that the dead worker's task times out soon; long enough that its local activity, stalled
    // for a moment only, is not heartbeaten into a completed task first.
    workflowTaskTimeout: '3 seconds',
  });
  try {
    // The first task's local activity says the welcome and the question, and its worker dies with it.
    const first = (await dying.stalled()) as { steps: AutomationStep[] };
    say(first.steps);
    expect(said.map((s) => s.body)).toEqual(['Olá!', 'Seu nome?']);
    await handle.signal(customerMessageSignal, {
      messageId: randomUUID(),
      body: 'Ana',
      position: nextPosition(),
    });
    await dying.kill();

    survivor = await startWorker({ namespace, taskQueue, activities });
    const deadline = Date.now() + 30_000;
    while (said.length < 4 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    if (process.env.DEBUG_HISTORY) console.log(JSON.stringify((await handle.fetchHistory()).events, null, 1));
    expect(said.map((s) => s.body)).toEqual(['Olá!', 'Seu nome?', 'Prazer, Ana!', 'Seu e-mail?']);

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
    await handle.terminate('test over').catch(() => {});
  }
}, 90_000);
