import { type Actor, commandHandler, type Deps } from '../platform/command-handler.ts';
import {
  decideQueueOption,
  evolveQueueOptions,
  initialQueueOptionsState,
  type QueueOptionCommand,
  queueOptionsStreamId,
} from './domain/queue-options.ts';
import {
  decideQueues,
  evolveQueues,
  initialQueuesState,
  type QueueCommand,
  queuesStreamId,
} from './domain/queues.ts';

const aggregate = { initialState: initialQueuesState, evolve: evolveQueues };

const handleQueueCommand = commandHandler(aggregate, queuesStreamId, decideQueues);

/** All of a company's queues share its stream, so the command names the stream by its company. */
export const runQueueCommand = (deps: Deps, command: QueueCommand, who: Actor) =>
  handleQueueCommand(deps, command.companyId, command, who);

const optionsAggregate = { initialState: initialQueueOptionsState, evolve: evolveQueueOptions };

const handleQueueOptionCommand = commandHandler(optionsAggregate, queueOptionsStreamId, decideQueueOption);

/** A queue's whole option tree is one stream, named by the command's queue. */
export const runQueueOptionCommand = (deps: Deps, command: QueueOptionCommand, who: Actor) =>
  handleQueueOptionCommand(deps, command.queueId, command, who);
