import * as v from 'valibot';
import { event, Id, TextUpTo, WholeIn } from '../common.ts';

// One stream per prompt (`prompt-<promptId>`): an OpenAI prompt of a company (doc 2 §2.12, §3). The
// API key travels only as ciphertext (AES-256-GCM, services/src/prompts/api-key-cipher.ts) and as the
// masked form the page shows: no event and no read model holds it in clear.

export const PromptModel = v.picklist(['gpt-3.5-turbo-1106', 'gpt-4o-mini']);
export type PromptModel = v.InferOutput<typeof PromptModel>;

/** PromptRequest's bounds (api.ts): the prompts read model keeps max_tokens and max_messages as int and
 * the temperature as numeric(2,1). */
const PromptFields = {
  name: TextUpTo(100),
  prompt: TextUpTo(20_000),
  model: PromptModel,
  maxTokens: WholeIn(1, 4096),
  temperature: v.pipe(v.number(), v.minValue(0), v.maxValue(1)),
  /** `v1.<iv>.<tag>.<ciphertext>` (base64url): the key encrypted with the deployment's secret. */
  apiKeyEncrypted: v.string(),
  /** What the page shows of the key (`sk-…abcd`). */
  apiKeyMasked: v.string(),
  /** The queue (sector) a transfer moves the ticket to. */
  queueId: Id,
  maxMessages: WholeIn(1, 50),
};

export const PromptCreated = event('PromptCreated', {
  promptId: Id,
  companyId: Id,
  /** Who created it. */
  userId: Id,
  ...PromptFields,
});
export type PromptCreated = v.InferOutput<typeof PromptCreated>;

/** The whole prompt as it is now (the key re-encrypted, or the one kept). */
export const PromptUpdated = event('PromptUpdated', { promptId: Id, companyId: Id, ...PromptFields });
export type PromptUpdated = v.InferOutput<typeof PromptUpdated>;

export const PromptDeleted = event('PromptDeleted', { promptId: Id, companyId: Id });
export type PromptDeleted = v.InferOutput<typeof PromptDeleted>;

export const PromptEvent = v.variant('type', [PromptCreated, PromptUpdated, PromptDeleted]);
export type PromptEvent = v.InferOutput<typeof PromptEvent>;
