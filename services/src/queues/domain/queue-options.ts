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

export function decideQueueOption(command: QueueOptionCommand, state: QueueOptionsState): QueueOptionEvent[] {
  const { companyId, queueId, optionId } = command;
  const ref = { companyId, queueId, optionId };
  switch (command.type) {
    case 'CreateQueueOption':
      if (state.options[optionId]) return [];
      assertParent(state, optionId, command.fields.parentId);
      return [{ type: 'QueueOptionCreated', data: { ...ref, ...command.fields } }];
    case 'UpdateQueueOption':
      if (!state.options[optionId]) throw notFound();
      assertParent(state, optionId, command.fields.parentId);
      return [{ type: 'QueueOptionUpdated', data: { ...ref, ...command.fields } }];
    case 'DeleteQueueOption':
      if (!state.options[optionId]) throw notFound();
      return [{ type: 'QueueOptionDeleted', data: { ...ref, removedIds: subtree(state, optionId) } }];
  }
}
