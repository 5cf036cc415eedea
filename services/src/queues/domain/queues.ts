import { DomainError } from '@zelo/contracts/errors';
import type { QueueCreated, QueueEvent } from '@zelo/contracts/queues/events';
import type { WeeklyHours } from '@zelo/contracts/weekly-hours';

type Queue = Omit<QueueCreated['data'], 'companyId'>;
/** The automation a queue links (QueueAutomationChanged); a key left out of a command keeps its value. */
export interface QueueLinks {
  promptId?: string | null;
  integrationId?: string | null;
}
type QueueWithHours = Queue & { schedules?: WeeklyHours; links?: QueueLinks };
/** All queues of a company in one stream: colour uniqueness is decided here, not in a lagging read model. */
export interface QueuesState {
  queues: Record<string, QueueWithHours>;
}
export const queuesStreamId = (companyId: string) => `queues-${companyId}`;
export const initialQueuesState = (): QueuesState => ({ queues: {} });

export function evolveQueues(state: QueuesState, event: QueueEvent): QueuesState {
  const queues = { ...state.queues };
  if (event.type === 'QueueDeleted') delete queues[event.data.queueId];
  else if (event.type === 'QueueSchedulesChanged') {
    const q = queues[event.data.queueId];
    if (q) queues[q.queueId] = { ...q, schedules: event.data.schedules };
  } else if (event.type === 'QueueAutomationChanged') {
    const q = queues[event.data.queueId];
    const { promptId, integrationId } = event.data;
    if (q) queues[q.queueId] = { ...q, links: { promptId, integrationId } };
  } else {
    const { companyId: _c, ...q } = event.data;
    queues[q.queueId] = { ...queues[q.queueId], ...q };
  }
  return { queues };
}

export type QueueCommand =
  /** `limit`: the plan's number of queues (null: no plan, no limit). */
  | {
      type: 'CreateQueue';
      companyId: string;
      queue: Queue;
      schedules?: WeeklyHours;
      links?: QueueLinks;
      limit?: number | null;
    }
  | { type: 'UpdateQueue'; companyId: string; queue: Queue; schedules?: WeeklyHours; links?: QueueLinks }
  | { type: 'DeleteQueue'; companyId: string; queueId: string };

function assertColourFree(state: QueuesState, q: Queue) {
  const taken = Object.values(state.queues).some(
    (o) => o.queueId !== q.queueId && o.color.toLowerCase() === q.color.toLowerCase(),
  );
  if (taken)
    throw new DomainError('ERR_QUEUE_COLOR_ALREADY_EXISTS', 'this colour is already used by another queue');
}

type Cmd<T extends QueueCommand['type']> = Extract<QueueCommand, { type: T }>;

const queueNotFound = () => new DomainError('ERR_NO_QUEUE_FOUND', 'queue not found');

function createQueue(command: Cmd<'CreateQueue'>, state: QueuesState): QueueEvent[] {
  const { companyId, queue, schedules, links } = command;
  if (state.queues[queue.queueId]) return [];
  // Decided on the company's stream, so two racing creations cannot both take the last queue.
  const { limit } = command;
  if (limit != null && Object.keys(state.queues).length >= limit)
    throw new DomainError('ERR_QUEUE_LIMIT_REACHED', `the plan allows ${limit} queues`, { limit });
  assertColourFree(state, queue);
  return [
    { type: 'QueueCreated', data: { companyId, ...queue } },
    ...hoursChange(companyId, queue.queueId, undefined, schedules),
    ...linksChange(companyId, queue.queueId, undefined, links),
  ];
}

function updateQueue(command: Cmd<'UpdateQueue'>, state: QueuesState): QueueEvent[] {
  const { companyId, queue, schedules, links } = command;
  const current = state.queues[queue.queueId];
  if (!current) throw queueNotFound();
  assertColourFree(state, queue);
  return [
    { type: 'QueueUpdated', data: { companyId, ...queue } },
    ...hoursChange(companyId, queue.queueId, current.schedules, schedules),
    ...linksChange(companyId, queue.queueId, current.links, links),
  ];
}

function deleteQueue(command: Cmd<'DeleteQueue'>, state: QueuesState): QueueEvent[] {
  const { companyId, queueId } = command;
  if (!state.queues[queueId]) throw queueNotFound();
  return [{ type: 'QueueDeleted', data: { companyId, queueId } }];
}

export function decideQueues(command: QueueCommand, state: QueuesState): QueueEvent[] {
  switch (command.type) {
    case 'CreateQueue':
      return createQueue(command, state);
    case 'UpdateQueue':
      return updateQueue(command, state);
    case 'DeleteQueue':
      return deleteQueue(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

/** Hours are recorded only when given and different, so a plain rename adds no schedule event. */
function hoursChange(
  companyId: string,
  queueId: string,
  current: WeeklyHours | undefined,
  next: WeeklyHours | undefined,
): QueueEvent[] {
  if (!next || JSON.stringify(current ?? []) === JSON.stringify(next)) return [];
  return [{ type: 'QueueSchedulesChanged', data: { companyId, queueId, schedules: next } }];
}

/** Links are recorded only when they change: a key left out keeps its value, null unlinks. */
function linksChange(
  companyId: string,
  queueId: string,
  current: QueueLinks | undefined,
  next: QueueLinks | undefined,
): QueueEvent[] {
  const promptId = next?.promptId === undefined ? (current?.promptId ?? null) : next.promptId;
  const integrationId =
    next?.integrationId === undefined ? (current?.integrationId ?? null) : next.integrationId;
  if (promptId === (current?.promptId ?? null) && integrationId === (current?.integrationId ?? null))
    return [];
  return [{ type: 'QueueAutomationChanged', data: { companyId, queueId, promptId, integrationId } }];
}
