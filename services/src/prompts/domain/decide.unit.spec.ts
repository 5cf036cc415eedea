import type { PromptEvent } from '@zelo/contracts/prompts/events';
import { promptCreated, promptDeleted, promptUpdated } from '@zelo/contracts/testing/events';
import { describe, it } from 'vitest';
import { decider } from '../../testing/given-when-then.ts';
import {
  decidePrompt,
  evolvePrompt,
  initialPromptState,
  type PromptCommand,
  type PromptFields,
  type PromptState,
} from './prompt.ts';

const spec = decider<PromptState, PromptCommand, PromptEvent>({
  initialState: initialPromptState,
  evolve: evolvePrompt,
  decide: decidePrompt,
});

const companyId = '00000000-0000-4000-8000-000000000001';
const otherCompany = '00000000-0000-4000-8000-000000000002';
const userId = '00000000-0000-4000-8000-000000000010';
const promptId = '00000000-0000-4000-8000-000000000020';
const vendas = '00000000-0000-4000-8000-000000000030';
const suporte = '00000000-0000-4000-8000-000000000031';

const ref = { companyId, promptId };
const fields: PromptFields = {
  name: 'Atendente virtual',
  prompt: 'Você é a atendente virtual da loja. Responda com educação e em poucas palavras.',
  model: 'gpt-3.5-turbo-1106',
  maxTokens: 100,
  temperature: 1,
  queueId: vendas,
  maxMessages: 10,
};
const key = { apiKeyEncrypted: 'v1.iv.tag.first', apiKeyMasked: 'sk-…abcd' };
const newKey = { apiKeyEncrypted: 'v1.iv.tag.second', apiKeyMasked: 'sk-…wxyz' };
const created = promptCreated({ ...ref, userId, ...fields, ...key });

describe('Prompt', () => {
  describe('When none exists', () => {
    it('creating records the fields and the sealed key', () =>
      spec
        .given([])
        .when({ type: 'CreatePrompt', ...ref, userId, fields, key })
        .then([created]));

    it('updating answers "not found"', () =>
      spec
        .given([])
        .when({ type: 'UpdatePrompt', ...ref, fields, key: null })
        .thenThrows('ERR_NO_PROMPT_FOUND'));

    it('deleting answers "not found"', () =>
      spec
        .given([])
        .when({ type: 'DeletePrompt', ...ref })
        .thenThrows('ERR_NO_PROMPT_FOUND'));
  });

  describe('When created', () => {
    it('a retried create changes nothing', () =>
      spec
        .given([created])
        .when({ type: 'CreatePrompt', ...ref, userId, fields, key })
        .thenNothing());

    it('an update without a new key keeps the stored one', () =>
      spec
        .given([created])
        .when({ type: 'UpdatePrompt', ...ref, fields: { ...fields, queueId: suporte }, key: null })
        .then([promptUpdated({ ...ref, ...fields, queueId: suporte, ...key })]));

    it('an update with a new key replaces it', () =>
      spec
        .given([created])
        .when({ type: 'UpdatePrompt', ...ref, fields, key: newKey })
        .then([promptUpdated({ ...ref, ...fields, ...newKey })]));

    it('an update that changes nothing records nothing', () =>
      spec
        .given([created])
        .when({ type: 'UpdatePrompt', ...ref, fields, key: null })
        .thenNothing());

    it('another company cannot update it', () =>
      spec
        .given([created])
        .when({ type: 'UpdatePrompt', companyId: otherCompany, promptId, fields, key: newKey })
        .thenThrows('ERR_NO_PROMPT_FOUND'));

    it('another company cannot delete it', () =>
      spec
        .given([created])
        .when({ type: 'DeletePrompt', companyId: otherCompany, promptId })
        .thenThrows('ERR_NO_PROMPT_FOUND'));

    it('deleting records the deletion', () =>
      spec
        .given([created])
        .when({ type: 'DeletePrompt', ...ref })
        .then([promptDeleted(ref)]));
  });

  describe('When deleted', () => {
    const deleted = promptDeleted(ref);
    it('it cannot be updated', () =>
      spec
        .given([created, deleted])
        .when({ type: 'UpdatePrompt', ...ref, fields, key: newKey })
        .thenThrows('ERR_NO_PROMPT_FOUND'));

    it('it cannot be deleted again', () =>
      spec
        .given([created, deleted])
        .when({ type: 'DeletePrompt', ...ref })
        .thenThrows('ERR_NO_PROMPT_FOUND'));

    it('its id is not created again', () =>
      spec
        .given([created, deleted])
        .when({ type: 'CreatePrompt', ...ref, userId, fields, key })
        .thenNothing());
  });
});
