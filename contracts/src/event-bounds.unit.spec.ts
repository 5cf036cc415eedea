import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { AnnouncementRequest } from './announcements/api.ts';
import { AnnouncementCreated } from './announcements/events.ts';
import { CreateConnectionRequest } from './connections/api.ts';
import { ConnectionCreated } from './connections/events.ts';
import { HelpRequest } from './helps/api.ts';
import { HelpCreated } from './helps/events.ts';
import { PromptRequest } from './prompts/api.ts';
import { PromptCreated } from './prompts/events.ts';
import { QueueOptionRequest, QueueRequest } from './queues/api.ts';
import { QueueCreated } from './queues/events.ts';
import { QueueOptionCreated } from './queues/option-events.ts';
import { QuickMessageRequest } from './quick-messages/api.ts';
import { QuickMessageCreated } from './quick-messages/events.ts';
import { SlaPolicyRequest } from './sla/api.ts';
import { SlaPolicyCreated } from './sla/events.ts';
import { TagRequest } from './tags/api.ts';
import { TagCreated } from './tags/events.ts';
import { PlanRequest } from './tenancy/api.ts';
import { PlanCreated } from './tenancy/events.ts';
import { AddTicketNoteRequest } from './ticket-notes/api.ts';
import { TicketNoteAdded } from './ticket-notes/events.ts';

// An event schema carries the bound of the request that produces it, so that an event appended by any
// path (a decider's bug, a workflow, a fixture) never holds a value its read model cannot store.

type Bound = { text: number } | { whole: [number, number] } | { range: [number, number] };
type Fields = Record<string, v.GenericSchema>;

const pairs: [string, Fields, Fields, Record<string, Bound>][] = [
  [
    'prompt',
    PromptRequest.entries,
    PromptCreated.entries.data.entries,
    {
      name: { text: 100 },
      prompt: { text: 20_000 },
      maxTokens: { whole: [1, 4096] },
      temperature: { range: [0, 1] },
      maxMessages: { whole: [1, 50] },
    },
  ],
  [
    'plan',
    PlanRequest.entries,
    PlanCreated.entries.data.entries,
    {
      name: { text: 50 },
      users: { whole: [1, 10_000] },
      connections: { whole: [1, 10_000] },
      queues: { whole: [1, 10_000] },
      value: { range: [0, 1_000_000] },
    },
  ],
  [
    'queue',
    QueueRequest.entries,
    QueueCreated.entries.data.entries,
    { name: { text: 50 }, greetingMessage: { text: 4096 }, outOfHoursMessage: { text: 4096 } },
  ],
  [
    'queue option',
    QueueOptionRequest.entries,
    QueueOptionCreated.entries.data.entries,
    { title: { text: 100 }, message: { text: 4096 }, option: { whole: [0, 999] } },
  ],
  [
    'connection',
    CreateConnectionRequest.entries,
    ConnectionCreated.entries.data.entries,
    {
      name: { text: 50 },
      greetingMessage: { text: 4096 },
      complationMessage: { text: 4096 },
      outOfHoursMessage: { text: 4096 },
      ratingMessage: { text: 4096 },
      expiresInactiveMessage: { text: 4096 },
      // Whole minutes in a request; an event takes a fraction too (the timers' tests use seconds).
      expiresTicket: { range: [0, 525_600] },
      timeUseBotQueues: { range: [0, 525_600] },
      maxUseBotQueues: { whole: [0, 100] },
      timeToTransfer: { range: [0, 525_600] },
    },
  ],
  ['tag', TagRequest.entries, TagCreated.entries.data.entries, { name: { text: 50 } }],
  [
    'quick message',
    QuickMessageRequest.entries,
    QuickMessageCreated.entries.data.entries,
    { shortcode: { text: 50 }, message: { text: 4096 } },
  ],
  [
    'ticket note',
    AddTicketNoteRequest.entries,
    TicketNoteAdded.entries.data.entries,
    { note: { text: 5000 } },
  ],
  [
    'help',
    HelpRequest.entries,
    HelpCreated.entries.data.entries,
    { title: { text: 100 }, description: { text: 1000 } },
  ],
  [
    'announcement',
    AnnouncementRequest.entries,
    AnnouncementCreated.entries.data.entries,
    { title: { text: 100 }, text: { text: 5000 } },
  ],
  [
    'sla policy',
    // The request is an object piped through a check (at least one target): its fields are the object's.
    SlaPolicyRequest.pipe[0].entries,
    SlaPolicyCreated.entries.data.entries,
    {
      name: { text: 80 },
      firstResponseMinutes: { whole: [1, 43_200] },
      nextResponseMinutes: { whole: [1, 43_200] },
      resolutionMinutes: { whole: [1, 43_200] },
    },
  ],
];

/** Values at the bound, which both must take, and just past it, which both must refuse. */
function probes(bound: Bound): { inside: unknown[]; outside: unknown[] } {
  if ('text' in bound) return { inside: ['a'.repeat(bound.text)], outside: ['a'.repeat(bound.text + 1)] };
  const [min, max] = 'whole' in bound ? bound.whole : bound.range;
  const step = 'whole' in bound ? 1 : 0.1;
  const outside = [min - step, max + step];
  return { inside: [min, max], outside: 'whole' in bound ? [...outside, min + 0.5] : outside };
}

const cases = pairs.flatMap(([what, request, event, bounds]) =>
  Object.entries(bounds).map(
    ([field, bound]) => [`${what} ${field}`, request[field], event[field], bound] as const,
  ),
);

describe('event schemas carry the bounds of their requests', () => {
  it.each(cases)('%s', (_name, request, event, bound) => {
    const { inside, outside } = probes(bound);
    for (const value of inside) {
      expect(v.is(request, value), `request takes ${String(value).slice(0, 20)}`).toBe(true);
      expect(v.is(event, value), `event takes ${String(value).slice(0, 20)}`).toBe(true);
    }
    for (const value of outside) {
      expect(v.is(request, value), `request refuses ${String(value).slice(0, 20)}`).toBe(false);
      expect(v.is(event, value), `event refuses ${String(value).slice(0, 20)}`).toBe(false);
    }
  });
});
