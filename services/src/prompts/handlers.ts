import { DomainError } from '@zelo/contracts/errors';
import type { PromptRequest } from '@zelo/contracts/prompts/api';
import { type Actor, commandHandler, type Deps, load } from '../platform/command-handler.ts';
import { MASK_MARK, type PromptKeyring } from './api-key.ts';
import {
  decidePrompt,
  evolvePrompt,
  initialPromptState,
  type PromptCommand,
  type PromptFields,
  promptStreamId,
  type SealedKey,
} from './domain/prompt.ts';

export const promptAggregate = { initialState: initialPromptState, evolve: evolvePrompt };
const handlePromptCommand = commandHandler(promptAggregate, promptStreamId, decidePrompt);

/** Each prompt is a stream of its own, named by the prompt the command names. */
export const runPromptCommand = (deps: Deps, command: PromptCommand, who: Actor) =>
  handlePromptCommand(deps, command.promptId, command, who);

const fieldsOf = ({ apiKey: _key, ...fields }: PromptRequest): PromptFields => fields;

export async function createPrompt(
  deps: Deps,
  keyring: PromptKeyring,
  ids: { companyId: string; promptId: string; userId: string },
  request: PromptRequest,
  who: Actor,
) {
  if (!request.apiKey) throw new DomainError('ERR_VALIDATION', 'apiKey: required');
  if (request.apiKey.includes(MASK_MARK))
    throw new DomainError('ERR_VALIDATION', 'apiKey: send the whole key, not its masked form');
  const key = keyring.seal(ids.companyId, ids.promptId, request.apiKey);
  return runPromptCommand(deps, { type: 'CreatePrompt', ...ids, fields: fieldsOf(request), key }, who);
}

/**
 * A PUT without `apiKey`, or with the masked form the page showed, keeps the stored key; any other
 * value is a new key, sealed here.
 */
export async function updatePrompt(
  deps: Deps,
  keyring: PromptKeyring,
  ids: { companyId: string; promptId: string },
  request: PromptRequest,
  who: Actor,
) {
  let key: SealedKey | null = null;
  if (request.apiKey) {
    const { state } = await load(deps.store, promptStreamId(ids.promptId), promptAggregate);
    const stored = state.kind === 'exists' && state.companyId === ids.companyId ? state.key : null;
    if (request.apiKey !== stored?.apiKeyMasked) {
      if (request.apiKey.includes(MASK_MARK))
        throw new DomainError('ERR_VALIDATION', 'apiKey: send the whole key, or leave it out to keep it');
      key = keyring.seal(ids.companyId, ids.promptId, request.apiKey);
    }
  }
  return runPromptCommand(deps, { type: 'UpdatePrompt', ...ids, fields: fieldsOf(request), key }, who);
}
