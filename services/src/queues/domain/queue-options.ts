import { DomainError } from '@zelo/contracts/errors';
import type { QueueOptionCreated, QueueOptionEvent } from '@zelo/contracts/queues/option-events';

type Option = Omit<QueueOptionCreated['data'], 'companyId' | 'queueId'>;
type Fields = Omit<Option, 'optionId'>;

/** The option tree of one queue: parents and cycles are checked against the whole tree, in one stream. */
export interface QueueOptionsState {
  options: Record<string, Option>;
}
export const queueOptionsStreamId = (queueId: string) => `queueoptions-${queueId}`;
export const initialQueueOptionsState = (): QueueOptionsState => ({ options: {} });

export function evolveQueueOptions(state: QueueOptionsState, event: QueueOptionEvent): QueueOptionsState {
  const options = { ...state.options };
  if (event.type === 'QueueOptionDeleted') for (const id of event.data.removedIds) delete options[id];
  else {
    const { companyId: _c, queueId: _q, ...o } = event.data;
    options[o.optionId] = o;
  }
  return { options };
}

export type QueueOptionCommand =
  | { type: 'CreateQueueOption'; companyId: string; queueId: string; optionId: string; fields: Fields }
  | { type: 'UpdateQueueOption'; companyId: string; queueId: string; optionId: string; fields: Fields }
  | { type: 'DeleteQueueOption'; companyId: string; queueId: string; optionId: string };

const notFound = () => new DomainError('ERR_NOT_FOUND', 'queue option not found');

/** The option and every option below it. */
export function subtree(state: QueueOptionsState, rootId: string): string[] {
  const ids = [rootId];
  for (let i = 0; i < ids.length; i++)
    for (const o of Object.values(state.options)) if (o.parentId === ids[i]) ids.push(o.optionId);
  return ids;
}

function assertParent(state: QueueOptionsState, optionId: string, parentId: string | null) {
  if (parentId === null) return;
  if (!state.options[parentId]) throw new DomainError('ERR_NOT_FOUND', 'parent option not found');
  // Moving an option under itself or one of its descendants would detach a loop from the tree.
  if (subtree(state, optionId).includes(parentId))
    throw new DomainError('ERR_VALIDATION', 'parentId: an option cannot be placed under itself');
}

type Cmd<T extends QueueOptionCommand['type']> = Extract<QueueOptionCommand, { type: T }>;

const refOf = ({ companyId, queueId, optionId }: QueueOptionCommand) => ({ companyId, queueId, optionId });

function createQueueOption(command: Cmd<'CreateQueueOption'>, state: QueueOptionsState): QueueOptionEvent[] {
  if (state.options[command.optionId]) return [];
  assertParent(state, command.optionId, command.fields.parentId);
  return [{ type: 'QueueOptionCreated', data: { ...refOf(command), ...command.fields } }];
}

function updateQueueOption(command: Cmd<'UpdateQueueOption'>, state: QueueOptionsState): QueueOptionEvent[] {
  if (!state.options[command.optionId]) throw notFound();
  assertParent(state, command.optionId, command.fields.parentId);
  return [{ type: 'QueueOptionUpdated', data: { ...refOf(command), ...command.fields } }];
}

function deleteQueueOption(command: Cmd<'DeleteQueueOption'>, state: QueueOptionsState): QueueOptionEvent[] {
  if (!state.options[command.optionId]) throw notFound();
  const removedIds = subtree(state, command.optionId);
  return [{ type: 'QueueOptionDeleted', data: { ...refOf(command), removedIds } }];
}

export function decideQueueOption(command: QueueOptionCommand, state: QueueOptionsState): QueueOptionEvent[] {
  switch (command.type) {
    case 'CreateQueueOption':
      return createQueueOption(command, state);
    case 'UpdateQueueOption':
      return updateQueueOption(command, state);
    case 'DeleteQueueOption':
      return deleteQueueOption(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}
