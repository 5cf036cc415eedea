import { randomUUID } from 'node:crypto';
import type { FlowGraph } from '@zelo/contracts/flows/graph';
import type { AutomationEndReason, AutomationReply } from '@zelo/contracts/tickets/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { automationRunInput } from '../../testing/automation-run.ts';
import { startTemporalTest, type TemporalTest } from '../../testing/temporal.ts';
import type { Agent, CustomerMessage, createAutomationActivities, RunRef } from './activities.ts';
import { ticketAutomationClient } from './client.ts';
import { type AutomationRunInput, automationWorkflowId } from './workflow.ts';

// The run on the real Temporal dev server, its activities fakes that record what the ticket was told.

interface Run {
  said: { stepId: string; replies: AutomationReply[]; at: string }[];
  variables: Record<string, string>;
  ended: { reason: AutomationEndReason; queueId: string | null } | null;
  held: boolean;
  asked: { agent: Agent; body: string }[];
}
const runs = new Map<string, Run>();
const runOf = (ref: RunRef) => {
  let r = runs.get(ref.runId);
  if (!r) {
    r = { said: [], variables: {}, ended: null, held: true, asked: [] };
    runs.set(ref.runId, r);
  }
  return r;
};
let agentDown = false;
/** The store's global order, as the fakes record things in it. */
let recorded = 0;
const nextPosition = () => `1:${++recorded}`;

const activities: ReturnType<typeof createAutomationActivities> = {
  async automationReply({ run, stepId, replies }) {
    const r = runOf(run);
    if (r.held && !r.said.some((s) => s.stepId === stepId))
      r.said.push({ stepId, replies, at: nextPosition() });
    return { held: r.held };
  },
  async automationSetVariable({ run, key, value }) {
    const r = runOf(run);
    r.variables[key] = value;
    return { held: r.held };
  },
  async automationEnd({ run, reason, queueId }) {
    runOf(run).ended = { reason, queueId };
  },
  // As the ticket decides AdvanceAutomation: each part as its own command would, in order.
  async automationAdvance({ run, steps, end }) {
    const r = runOf(run);
    const held = r.held;
    for (const step of steps) {
      if (!r.held) break;
      if ('stepId' in step) await activities.automationReply({ run, ...step });
      else await activities.automationSetVariable({ run, ...step });
    }
    if (end && r.held) await activities.automationEnd({ run, ...end });
    const saidNow = r.said.filter((s) => steps.some((step) => 'stepId' in step && step.stepId === s.stepId));
    return { held, saidAt: saidNow.at(-1)?.at ?? null };
  },
  async automationAsk({ run, agent, message }) {
    if (agentDown) throw new Error('OpenAI is down');
    runOf(run).asked.push({ agent, body: message.body });
    if (message.body === 'humano')
      return { replies: [{ body: 'Vou transferir' }], end: { reason: 'handover', queueId: 'q-ai' } };
    return { replies: [{ body: `IA: ${message.body}` }], end: null };
  },
};

let temporal: TemporalTest;
let automation: ReturnType<typeof ticketAutomationClient>;

beforeAll(async () => {
  temporal = await startTemporalTest('ticket-automation', activities);
  automation = ticketAutomationClient(async () => temporal.client, temporal.taskQueue);
}, 120_000);
afterAll(() => temporal?.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function eventually<T>(fn: () => T | null | undefined | false, what: string, ms = 10_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

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

async function start(over: Partial<AutomationRunInput>, first: CustomerMessage | null = null) {
  const input = automationRunInput({ replyTimeoutMs: 20_000, ...over });
  await automation.start(input, first);
  const r = runOf(input);
  /** A customer's message, recorded now (or at `position`, for one the dispatcher passes on late). */
  const says = async (body: string, position = nextPosition()) =>
    automation.message(input.runId, { messageId: randomUUID(), body, position });
  const texts = () => r.said.flatMap((s) => s.replies.map((x) => x.body));
  const result = () => temporal.client.workflow.getHandle(automationWorkflowId(input.runId)).result();
  return { input, r, says, texts, result };
}

describe('a flow run', () => {
  it('follows edges (not array order), fills a question answer into later messages, and ends at a node without edges', async () => {
    const g = graph(
      [
        { id: 'bye', type: 'message', data: { label: 'Tchau, {{nome}}!' } },
        {
          id: 'q',
          type: 'question',
          data: { typebotIntegration: { message: 'Seu nome?', answerKey: 'nome' } },
        },
        { id: 'hi', type: 'message', data: { label: 'Olá!' } },
        { id: 'wait', type: 'interval', data: { sec: 1 } },
      ],
      [
        ['1', 'hi'],
        ['hi', 'wait'],
        ['wait', 'q'],
        ['q', 'bye'],
      ],
    );
    const run = await start({ graph: g });
    await eventually(() => run.texts().includes('Seu nome?'), 'the question');
    expect(run.texts()).toEqual(['Olá!', 'Seu nome?']);
    await run.says('Ana');
    expect(await run.result()).toBe('finished');
    expect(run.texts()).toEqual(['Olá!', 'Seu nome?', 'Tchau, Ana!']);
    expect(run.r.variables).toEqual({ nome: 'Ana' });
    expect(run.r.ended).toEqual({ reason: 'finished', queueId: null });
  });

  it('an answer costs one workflow task and no activity; answers typed back to back answer the next questions', async () => {
    const g = graph(
      [
        { id: 'q1', type: 'question', data: { typebotIntegration: { message: 'Nome?', answerKey: 'a' } } },
        { id: 'm1', type: 'message', data: { label: 'Oi {{a}}' } },
        { id: 'q2', type: 'question', data: { typebotIntegration: { message: 'Cidade?', answerKey: 'b' } } },
        { id: 'bye', type: 'message', data: { label: '{{a}} de {{b}}' } },
      ],
      [
        ['1', 'q1'],
        ['q1', 'm1'],
        ['m1', 'q2'],
        ['q2', 'bye'],
      ],
    );
    const run = await start({ graph: g });
    await eventually(() => run.texts().length === 1, 'the first question');
    await run.says('Ana');
    await run.says('Recife');
    expect(await run.result()).toBe('finished');
    expect(run.texts()).toEqual(['Nome?', 'Oi Ana', 'Cidade?', 'Ana de Recife']);
    expect(run.r.variables).toEqual({ a: 'Ana', b: 'Recife' });

    const history = await temporal.client.workflow
      .getHandle(automationWorkflowId(run.input.runId))
      .fetchHistory();
    const events = history.events ?? [];
    expect(events.filter((e) => e.activityTaskScheduledEventAttributes)).toHaveLength(0);
    // The start, then at most one task per answer (both answers may arrive in one).
    expect(events.filter((e) => e.workflowTaskCompletedEventAttributes).length).toBeLessThanOrEqual(3);
  });

  it('what the customer said before the first question was said answers nothing, however late it reaches the run', async () => {
    const g = graph(
      [
        { id: 'q', type: 'question', data: { typebotIntegration: { message: 'Nome?', answerKey: 'a' } } },
        { id: 'bye', type: 'message', data: { label: 'Oi {{a}}' } },
      ],
      [
        ['1', 'q'],
        ['q', 'bye'],
      ],
    );
    const typedEarly = nextPosition();
    const run = await start({ graph: g });
    await eventually(() => run.texts().length === 1, 'the question');
    // Recorded before the question, passed on after it (a dispatcher behind): no answer to it.
    await run.says('oi, tem alguém?', typedEarly);
    await sleep(300);
    expect(run.texts()).toEqual(['Nome?']);
    await run.says('Ana');
    expect(await run.result()).toBe('finished');
    expect(run.texts()).toEqual(['Nome?', 'Oi Ana']);
  });

  it('a menu repeats on an invalid reply and follows the chosen option; a ticket node hands over to its queue', async () => {
    const g = graph(
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
        { id: 'v', type: 'message', data: { label: 'Vendas!' } },
        { id: 's', type: 'ticket', data: { queue: { id: 'q-support', name: 'Suporte' } } },
      ],
      [
        ['1', 'm'],
        ['m', 'v', 'a1'],
        ['m', 's', 'a2'],
      ],
    );
    const run = await start({ graph: g });
    const menu = 'Escolha:\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte';
    await eventually(() => run.texts().length === 1, 'the menu');
    await run.says('talvez');
    await eventually(() => run.texts().length === 2, 'the menu again');
    await run.says('2');
    expect(await run.result()).toBe('handover');
    expect(run.texts()).toEqual([menu, menu]);
    expect(run.r.said.map((s) => s.stepId)).toEqual(['m:1', 'm:2']);
    expect(run.r.ended).toEqual({ reason: 'handover', queueId: 'q-support' });
  });

  it('content blocks, media, a randomizer at 100% and a condition', async () => {
    const g = graph(
      [
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
        { id: 'yes', type: 'audio', data: { url: '/public/a.ogg' } },
        { id: 'no', type: 'message', data: { label: 'nunca' } },
      ],
      [
        ['1', 'b'],
        ['b', 'r'],
        ['r', 'c', 'a'],
        ['r', 'no', 'b'],
        ['c', 'yes', 'true'],
        ['c', 'no', 'false'],
      ],
    );
    const run = await start({ graph: g });
    expect(await run.result()).toBe('finished');
    expect(run.r.said.flatMap((s) => s.replies)).toEqual([
      { body: 'primeiro' },
      { body: '', mediaType: 'image', mediaUrl: '/public/a.png' },
      { body: '', mediaType: 'audio', mediaUrl: '/public/a.ogg' },
    ]);
  });

  it('waiting longer than the reply timeout ends the run (timeout)', async () => {
    const g = graph(
      [{ id: 'q', type: 'question', data: { typebotIntegration: { message: 'Oi?', answerKey: 'k' } } }],
      [['1', 'q']],
    );
    const run = await start({ graph: g, replyTimeoutMs: 1_000 });
    expect(await run.result()).toBe('timeout');
    expect(run.r.ended?.reason).toBe('timeout');
  });

  it('a stop (an agent accepted) ends the wait at once and says nothing more', async () => {
    const g = graph(
      [
        { id: 'q', type: 'question', data: { typebotIntegration: { message: 'Oi?', answerKey: 'k' } } },
        { id: 'after', type: 'message', data: { label: 'depois' } },
      ],
      [
        ['1', 'q'],
        ['q', 'after'],
      ],
    );
    const run = await start({ graph: g });
    await eventually(() => run.texts().length === 1, 'the question');
    await automation.stop(run.input.runId, 'accepted');
    expect(await run.result()).toBe('stopped:accepted');
    expect(run.texts()).toEqual(['Oi?']);
    expect(run.r.ended).toBeNull();
  });
});

describe('a handover to an agent', () => {
  it('a prompt answers each message, its first the one that started it, until it transfers', async () => {
    const run = await start({ kind: 'prompt' }, { messageId: randomUUID(), body: 'oi' });
    await eventually(() => run.texts().length === 1, 'the first answer');
    await run.says('preço?');
    await eventually(() => run.texts().length === 2, 'the second answer');
    await run.says('humano');
    expect(await run.result()).toBe('handover');
    expect(run.texts()).toEqual(['IA: oi', 'IA: preço?', 'Vou transferir']);
    expect(run.r.ended).toEqual({ reason: 'handover', queueId: 'q-ai' });
  });

  it('a flow openai node hands over; an agent that keeps failing ends the run as failed', async () => {
    const g = graph(
      [{ id: 'ai', type: 'openai', data: { typebotIntegration: { name: 'x', prompt: 'p', apiKey: 'k' } } }],
      [['1', 'ai']],
    );
    const run = await start({ graph: g });
    agentDown = true;
    try {
      await run.says('oi');
      expect(await run.result()).toBe('failed');
    } finally {
      agentDown = false;
    }
    expect(run.r.ended?.reason).toBe('failed');
  }, 30_000);
});
