import {
  ticketAccepted,
  ticketAutomationEnded,
  ticketAutomationReplied,
  ticketAutomationStarted,
  ticketBotStepped,
  ticketClosed,
  ticketCreated,
  ticketQueueAssigned,
  ticketTransferred,
  ticketVariableSet,
} from '@zelo/contracts/testing/events';
import type { TicketEvent } from '@zelo/contracts/tickets/events';
import { describe, expect, it } from 'vitest';
import { decider } from '../../testing/given-when-then.ts';
import { decideTicket, type TicketCommand } from './decide-ticket.ts';
import { botMayAnswer, evolveTicket, initialTicketState, type TicketState } from './ticket.ts';

// Ticket automation (the shared design in BEHAVIOUR.md "Flow builder runtime"): one run holds the
// ticket at a time, says each step once, keeps its variables, and lets go when a person takes over.

const ref = {
  ticketId: '00000000-0000-4000-8000-0000000000a1',
  companyId: '00000000-0000-4000-8000-000000000001',
};
const runId = '00000000-0000-4000-8000-0000000000e1';
const flowId = '00000000-0000-4000-8000-0000000000f1';
const queueId = '00000000-0000-4000-8000-0000000000c9';
const message = '00000000-0000-4000-8000-0000000000d9';
const agent = '00000000-0000-4000-8000-0000000000b1';
const created = ticketCreated({
  ...ref,
  contactId: '00000000-0000-4000-8000-0000000000c1',
  isGroup: false,
  status: 'pending',
  userId: null,
  queueId: null,
  whatsappId: '00000000-0000-4000-8000-0000000000d1',
  claim: { conversationId: 'conversation-x', revision: 0 },
});
const started = ticketAutomationStarted({
  ...ref,
  runId,
  kind: 'flow',
  refId: flowId,
  trigger: 'phrase',
  inReplyTo: message,
});
const start: TicketCommand = {
  type: 'StartAutomation',
  runId,
  kind: 'flow',
  refId: flowId,
  trigger: 'phrase',
  inReplyTo: message,
};
const reply = (stepId: string, body = 'Olá'): TicketCommand => ({
  type: 'ReplyFromAutomation',
  runId,
  stepId,
  replies: [{ body }],
});

const spec = decider<TicketState, TicketCommand, TicketEvent>({
  initialState: initialTicketState,
  evolve: evolveTicket,
  decide: decideTicket,
});
const state = (events: TicketEvent[]) => events.reduce(evolveTicket, initialTicketState());

describe('When a pending ticket has no automation', () => {
  it('a start records the run, and the queue chatbot stays quiet from then on', () => {
    spec.given([created]).when(start).then([started]);
    const held = state([created, started]);
    expect(held).toMatchObject({ automation: { runId, kind: 'flow', refId: flowId, variables: {} } });
    expect(held.kind === 'exists' && botMayAnswer(held)).toBe(false);
  });

  it('an accepted ticket, a group, or the same message again starts nothing', () => {
    spec
      .given([created, ticketAccepted({ ...ref, userId: agent, queueId: null })])
      .when(start)
      .thenNothing();
    spec
      .given([ticketCreated({ ...created.data, isGroup: true })])
      .when(start)
      .thenNothing();
    const bot = ticketBotStepped({ ...ref, inReplyTo: message });
    spec.given([created, bot]).when(start).thenNothing();
  });

  it('a run of another ticket says nothing here', () => {
    spec.given([created]).when(reply('n1:1')).thenNothing();
  });

  it('history without automation events replays as before', () => {
    expect(state([created])).toMatchObject({ automation: null, automationRuns: [] });
  });
});

describe('When a run holds the ticket', () => {
  const given = [created, started];

  it('a replayed start (same runId) starts nothing', () => {
    spec.given(given).when(start).thenNothing();
  });

  it('each step is said once, however often the activity retries it', () => {
    const replied = ticketAutomationReplied({ ...ref, runId, stepId: 'n1:1', replies: [{ body: 'Olá' }] });
    spec.given(given).when(reply('n1:1')).then([replied]);
    spec
      .given([...given, replied])
      .when(reply('n1:1'))
      .thenNothing();
    spec
      .given([...given, replied])
      .when(reply('n1:2'))
      .then([{ ...replied, data: { ...replied.data, stepId: 'n1:2' } }]);
  });

  it('media replies carry their type and url', () => {
    const media = { body: '', mediaType: 'image' as const, mediaUrl: '/public/a.png' };
    spec
      .given(given)
      .when({ type: 'ReplyFromAutomation', runId, stepId: 'img:1', replies: [media] })
      .then([ticketAutomationReplied({ ...ref, runId, stepId: 'img:1', replies: [media] })]);
  });

  it('a variable is kept on the run', () => {
    const set = ticketVariableSet({ ...ref, runId, key: 'name', value: 'Ana' });
    spec.given(given).when({ type: 'SetTicketVariable', runId, key: 'name', value: 'Ana' }).then([set]);
    expect(state([...given, set])).toMatchObject({ automation: { variables: { name: 'Ana' } } });
  });

  it('ending with a queue moves the ticket there, pending for a human', () => {
    spec
      .given(given)
      .when({ type: 'EndAutomation', runId, reason: 'handover', queueId })
      .then([
        ticketAutomationEnded({ ...ref, runId, reason: 'handover', queueId }),
        ticketQueueAssigned({ ...ref, queueId, reason: 'automation' }),
      ]);
  });

  it('ending without a queue leaves the ticket pending where it was; the chatbot stays quiet', () => {
    const ended = ticketAutomationEnded({ ...ref, runId, reason: 'finished' });
    spec.given(given).when({ type: 'EndAutomation', runId, reason: 'finished' }).then([ended]);
    const after = state([...given, ended]);
    expect(after).toMatchObject({ status: 'pending', automation: null, queueId: null });
    expect(after.kind === 'exists' && botMayAnswer(after)).toBe(false);
  });

  it('a new trigger (another phrase) hands the ticket over to the new run', () => {
    const other = '00000000-0000-4000-8000-0000000000e2';
    spec
      .given(given)
      .when({ ...start, runId: other, inReplyTo: null } as TicketCommand)
      .then([
        ticketAutomationEnded({ ...ref, runId, reason: 'handover' }),
        ticketAutomationStarted({ ...started.data, runId: other, inReplyTo: null }),
      ]);
  });
});

describe('When a run advances several steps at once', () => {
  const given = [created, started];
  const set = ticketVariableSet({ ...ref, runId, key: 'nome', value: 'Ana' });
  const said = (stepId: string, body: string) =>
    ticketAutomationReplied({ ...ref, runId, stepId, replies: [{ body }] });
  const advance = (end?: { reason: 'finished'; queueId: null }): TicketCommand => ({
    type: 'AdvanceAutomation',
    runId,
    steps: [
      { key: 'nome', value: 'Ana' },
      { stepId: 'm:1', replies: [{ body: 'Obrigado, Ana' }] },
      { stepId: 'q:1', replies: [{ body: 'Qual cidade?' }] },
    ],
    end,
  });

  it('the answer, the messages up to the next question and the end are one decision, in order', () => {
    spec
      .given(given)
      .when(advance({ reason: 'finished', queueId: null }))
      .then([
        set,
        said('m:1', 'Obrigado, Ana'),
        said('q:1', 'Qual cidade?'),
        ticketAutomationEnded({ ...ref, runId, reason: 'finished' }),
      ]);
  });

  it('a retried advance says only what was not said yet', () => {
    spec
      .given([...given, set, said('m:1', 'Obrigado, Ana')])
      .when(advance())
      .then([said('q:1', 'Qual cidade?')]);
    spec
      .given([...given, set, said('m:1', 'Obrigado, Ana'), said('q:1', 'Qual cidade?')])
      .when(advance())
      .thenNothing();
  });

  it('a run that lost the ticket advances nothing', () => {
    spec
      .given([...given, ticketAccepted({ ...ref, userId: agent, queueId: null })])
      .when(advance({ reason: 'finished', queueId: null }))
      .thenNothing();
  });
});

describe('When a person took over', () => {
  const cases: [string, TicketEvent][] = [
    ['accepted', ticketAccepted({ ...ref, userId: agent, queueId: null })],
    [
      'transferred',
      ticketTransferred({
        ...ref,
        from: { userId: null, queueId: null, whatsappId: created.data.whatsappId },
        status: 'pending',
        userId: null,
        queueId,
        whatsappId: created.data.whatsappId,
        claim: null,
      }),
    ],
    ['closed', ticketClosed({ ...ref, userId: agent, queueId: null, reason: 'resolved' })],
  ];
  for (const [what, event] of cases) {
    it(`a ${what} ticket is no longer held: the run's steps, variables and end decide nothing`, () => {
      const given = [created, started, event];
      expect(state(given)).toMatchObject({ automation: null });
      spec.given(given).when(reply('n2:1')).thenNothing();
      spec.given(given).when({ type: 'SetTicketVariable', runId, key: 'k', value: 'v' }).thenNothing();
      spec.given(given).when({ type: 'EndAutomation', runId, reason: 'timeout' }).thenNothing();
    });
  }
});
