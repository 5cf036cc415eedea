import { DomainError } from '@zelo/contracts/errors';
import type { PromptEvent, PromptModel } from '@zelo/contracts/prompts/events';

/** What a prompt says and does; the key only as ciphertext and its masked form. */
export interface PromptFields {
  name: string;
  prompt: string;
  model: PromptModel;
  maxTokens: number;
  temperature: number;
  queueId: string;
  maxMessages: number;
}
/** The key as the events keep it: sealed, and the few characters the page shows. */
export interface SealedKey {
  apiKeyEncrypted: string;
  apiKeyMasked: string;
}

/** One prompt, stream `prompt-<promptId>`. */
export type PromptState =
  | { kind: 'none' }
  | { kind: 'exists'; companyId: string; fields: PromptFields; key: SealedKey }
  | { kind: 'deleted'; companyId: string };

export const promptStreamId = (promptId: string) => `prompt-${promptId}`;
export const initialPromptState = (): PromptState => ({ kind: 'none' });

export function evolvePrompt(_state: PromptState, event: PromptEvent): PromptState {
  switch (event.type) {
    case 'PromptCreated':
    case 'PromptUpdated': {
      const { companyId, apiKeyEncrypted, apiKeyMasked } = event.data;
      const { name, prompt, model, maxTokens, temperature, queueId, maxMessages } = event.data;
      const fields = { name, prompt, model, maxTokens, temperature, queueId, maxMessages };
      return { kind: 'exists', companyId, fields, key: { apiKeyEncrypted, apiKeyMasked } };
    }
    case 'PromptDeleted':
      return { kind: 'deleted', companyId: event.data.companyId };
  }
}

/**
 * The handler seals a new key before deciding (sealing draws a random nonce, which a decider may
 * not); `key: null` on update keeps the stored one.
 */
export type PromptCommand =
  | {
      type: 'CreatePrompt';
      companyId: string;
      promptId: string;
      userId: string;
      fields: PromptFields;
      key: SealedKey;
    }
  | { type: 'UpdatePrompt'; companyId: string; promptId: string; fields: PromptFields; key: SealedKey | null }
  | { type: 'DeletePrompt'; companyId: string; promptId: string };

type Cmd<T extends PromptCommand['type']> = Extract<PromptCommand, { type: T }>;
type Existing = Extract<PromptState, { kind: 'exists' }>;

/** Another company's prompt, a deleted one or none: "not found", whatever the id. */
function existing(state: PromptState, companyId: string): Existing {
  if (state.kind !== 'exists' || state.companyId !== companyId)
    throw new DomainError('ERR_NO_PROMPT_FOUND', 'prompt not found');
  return state;
}

function createPrompt(command: Cmd<'CreatePrompt'>, state: PromptState): PromptEvent[] {
  const { companyId, promptId, userId, fields, key } = command;
  // A retried create of the same id changes nothing.
  if (state.kind !== 'none') return [];
  return [{ type: 'PromptCreated', data: { promptId, companyId, userId, ...fields, ...key } }];
}

function updatePrompt(command: Cmd<'UpdatePrompt'>, state: PromptState): PromptEvent[] {
  const { companyId, promptId, fields } = command;
  const current = existing(state, companyId);
  const key = command.key ?? current.key;
  if (command.key === null && JSON.stringify(fields) === JSON.stringify(current.fields)) return [];
  return [{ type: 'PromptUpdated', data: { promptId, companyId, ...fields, ...key } }];
}

function deletePrompt(command: Cmd<'DeletePrompt'>, state: PromptState): PromptEvent[] {
  const { companyId, promptId } = command;
  existing(state, companyId);
  return [{ type: 'PromptDeleted', data: { promptId, companyId } }];
}

export function decidePrompt(command: PromptCommand, state: PromptState): PromptEvent[] {
  switch (command.type) {
    case 'CreatePrompt':
      return createPrompt(command, state);
    case 'UpdatePrompt':
      return updatePrompt(command, state);
    case 'DeletePrompt':
      return deletePrompt(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}
