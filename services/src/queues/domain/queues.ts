import { DomainError } from '@zelo/contracts/errors';
import type { QueueCreated, QueueEvent } from '@zelo/contracts/queues/events';
import type { WeeklyHours } from '@zelo/contracts/weekly-hours';

type Queue = Omit<QueueCreated['data'], 'companyId'>;
type QueueWithHours = Queue & { schedules?: WeeklyHours };
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
  } else {
    const { companyId: _c, ...q } = event.data;
    queues[q.queueId] = { ...queues[q.queueId], ...q };
  }
  return { queues };
}

export type QueueCommand =
  | { type: 'CreateQueue'; companyId: string; queue: Queue; schedules?: WeeklyHours }
  | { type: 'UpdateQueue'; companyId: string; queue: Queue; schedules?: WeeklyHours }
  | { type: 'DeleteQueue'; companyId: string; queueId: string };

function assertColourFree(state: QueuesState, q: Queue) {
  const taken = Object.values(state.queues).some(
    (o) => o.queueId !== q.queueId && o.color.toLowerCase() === q.color.toLowerCase(),
  );
  if (taken)
    throw new DomainError('ERR_QUEUE_COLOR_ALREADY_EXISTS', 'this colour is already used by another queue');
}

export function decideQueues(command: QueueCommand, state: QueuesState): QueueEvent[] {
  const { companyId } = command;
  switch (command.type) {
    case 'CreateQueue':
      if (state.queues[command.queue.queueId]) return [];
      assertColourFree(state, command.queue);
      return [
        { type: 'QueueCreated', data: { companyId, ...command.queue } },
        ...hoursChange(companyId, command.queue.queueId, undefined, command.schedules),
      ];
    case 'UpdateQueue': {
      const current = state.queues[command.queue.queueId];
      if (!current) throw new DomainError('ERR_NO_QUEUE_FOUND', 'queue not found');
      assertColourFree(state, command.queue);
      return [
        { type: 'QueueUpdated', data: { companyId, ...command.queue } },
        ...hoursChange(companyId, command.queue.queueId, current.schedules, command.schedules),
      ];
    }
    case 'DeleteQueue':
      if (!state.queues[command.queueId]) throw new DomainError('ERR_NO_QUEUE_FOUND', 'queue not found');
      return [{ type: 'QueueDeleted', data: { companyId, queueId: command.queueId } }];
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
