import type { QueueEvent } from '@zelo/contracts/queues/events';
import type { QueueOptionEvent } from '@zelo/contracts/queues/option-events';
import { type Actor, type Deps, handle } from '../platform/command-handler.ts';
import {
  decideQueueOption,
  evolveQueueOptions,
  initialQueueOptionsState,
  type QueueOptionCommand,
  type QueueOptionsState,
  queueOptionsStreamId,
} from './domain/queue-options.ts';
import {
  decideQueues,
  evolveQueues,
  initialQueuesState,
  type QueueCommand,
  type QueuesState,
  queuesStreamId,
} from './domain/queues.ts';

const aggregate = { initialState: initialQueuesState, evolve: evolveQueues };

export const runQueueCommand = (deps: Deps, command: QueueCommand, who: Actor) =>
  handle<QueuesState, QueueEvent>(
    deps,
    queuesStreamId(command.companyId),
    aggregate,
    (s) => decideQueues(command, s),
    who,
  );

const optionsAggregate = { initialState: initialQueueOptionsState, evolve: evolveQueueOptions };

export const runQueueOptionCommand = (deps: Deps, command: QueueOptionCommand, who: Actor) =>
  handle<QueueOptionsState, QueueOptionEvent>(
    deps,
    queueOptionsStreamId(command.queueId),
    optionsAggregate,
    (s) => decideQueueOption(command, s),
    who,
  );
