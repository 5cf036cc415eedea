import { PROMPT_DEFAULTS, PROMPT_MODELS } from '@zelo/contracts/prompts/api';
import type { PromptList, PromptView } from '@zelo/contracts/prompts/read-models';
import * as v from 'valibot';
import { apiRequest } from '../../../lib/api.ts';

export { PROMPT_DEFAULTS, PROMPT_MODELS };

/** A number field: final-form gives text, the API wants a number. */
const num = (rule: string) =>
  v.pipe(
    v.union([v.number(), v.pipe(v.string(), v.trim(), v.minLength(1, 'validation.required'))], rule),
    v.transform(Number),
    v.finite(rule),
  );

/**
 * Doc 2 §5: name 5-100, prompt at least 50, temperature 0-1 in steps of 0.1, a queue; the key is
 * required on a new prompt (on edit an empty field keeps the stored one: `keyRequired` false).
 */
export const promptInput = (keyRequired: boolean) =>
  v.object({
    name: v.pipe(
      v.string('validation.required'),
      v.trim(),
      v.minLength(5, 'prompts.nameTooShort'),
      v.maxLength(100, 'validation.tooLong'),
    ),
    prompt: v.pipe(v.string('validation.required'), v.trim(), v.minLength(50, 'prompts.promptTooShort')),
    model: v.picklist(PROMPT_MODELS, 'validation.required'),
    maxTokens: v.pipe(
      num('prompts.wholeNumber'),
      v.integer('prompts.wholeNumber'),
      v.minValue(1, 'prompts.wholeNumber'),
      v.maxValue(4096, 'prompts.maxTokensRange'),
    ),
    temperature: v.pipe(
      num('prompts.temperatureRange'),
      v.minValue(0, 'prompts.temperatureRange'),
      v.maxValue(1, 'prompts.temperatureRange'),
      v.check((t) => Math.abs(t * 10 - Math.round(t * 10)) < 1e-9, 'prompts.temperatureRange'),
    ),
    apiKey: keyRequired
      ? v.pipe(v.string('validation.required'), v.trim(), v.minLength(1, 'validation.required'))
      : v.optional(v.string()),
    queueId: v.pipe(v.string('prompts.chooseSector'), v.minLength(1, 'prompts.chooseSector')),
    maxMessages: v.pipe(
      num('prompts.wholeNumber'),
      v.integer('prompts.wholeNumber'),
      v.minValue(1, 'prompts.wholeNumber'),
      v.maxValue(50, 'prompts.maxMessagesRange'),
    ),
  });
export type PromptInput = v.InferOutput<ReturnType<typeof promptInput>>;

export const listPrompts = (searchParam: string, signal?: AbortSignal) =>
  apiRequest<PromptList>('/prompt', { signal, query: { searchParam: searchParam || undefined } });

export const savePrompt = (id: string | null, body: PromptInput) =>
  apiRequest<PromptView>(id ? `/prompt/${encodeURIComponent(id)}` : '/prompt', {
    method: id ? 'PUT' : 'POST',
    // An empty key on edit is left out: the stored key stays.
    body: { ...body, apiKey: body.apiKey?.trim() || undefined },
  });

export const deletePrompt = (id: string) =>
  apiRequest<{ message: string }>(`/prompt/${encodeURIComponent(id)}`, { method: 'DELETE' });
