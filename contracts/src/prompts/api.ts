import * as v from 'valibot';
import { PromptModel } from './events.ts';

/** Doc 2 §9: what a new prompt starts with. */
export const PROMPT_DEFAULTS = {
  model: 'gpt-3.5-turbo-1106',
  maxTokens: 100,
  temperature: 1,
  maxMessages: 10,
} as const;
export const PROMPT_MODELS = PromptModel.options;
export const MAX_PROMPT_TOKENS = 4096;
export const MAX_PROMPT_MESSAGES = 50;
/** What the API answers when the prompt has no queue (doc 2 §5: "an error about choosing a sector"). */
export const CHOOSE_A_SECTOR = 'choose a sector (queue) for the prompt';

/** A number as JSON sends it, or as a form field's text ("0.7"). */
const numeric = (rule: string) =>
  v.pipe(
    v.union([v.number(), v.pipe(v.string(), v.trim(), v.regex(/^-?\d+(\.\d+)?$/, rule))], rule),
    v.transform(Number),
    v.finite(rule),
  );
const whole = (min: number, max: number, fallback: number) => {
  const rule = `must be a whole number from ${min} to ${max}`;
  return v.optional(
    v.pipe(numeric(rule), v.integer(rule), v.minValue(min, rule), v.maxValue(max, rule)),
    fallback,
  );
};
const TEMPERATURE_RULE = 'must be from 0 to 1 in steps of 0.1';

/**
 * POST /prompt and PUT /prompt/{id} (doc 2 §5): name 5-100, prompt at least 50, temperature 0-1 in
 * steps of 0.1, a queue (sector) of the company; the others default as §9 says. `apiKey` is required
 * on create; on PUT, leaving it out or sending back the masked form keeps the stored key. The
 * reference's voice fields (voice, voiceKey, voiceRegion) and companyId are ignored.
 */
export const PromptRequest = v.object({
  name: v.pipe(v.string(), v.trim(), v.minLength(5, 'at least 5 characters'), v.maxLength(100, 'too long')),
  prompt: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(50, 'at least 50 characters'),
    v.maxLength(20_000, 'too long'),
  ),
  model: v.optional(PromptModel, PROMPT_DEFAULTS.model),
  maxTokens: whole(1, MAX_PROMPT_TOKENS, PROMPT_DEFAULTS.maxTokens),
  temperature: v.optional(
    v.pipe(
      numeric(TEMPERATURE_RULE),
      v.minValue(0, TEMPERATURE_RULE),
      v.maxValue(1, TEMPERATURE_RULE),
      v.check((t) => Math.abs(t * 10 - Math.round(t * 10)) < 1e-9, TEMPERATURE_RULE),
      v.transform((t) => Math.round(t * 10) / 10),
    ),
    PROMPT_DEFAULTS.temperature,
  ),
  apiKey: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(500, 'too long'),
      v.regex(/^\S*$/, 'must not contain spaces'),
      // '' means "not sent" (the dialog's empty field on edit).
      v.transform((s) => s || undefined),
    ),
  ),
  queueId: v.pipe(
    v.optional(v.nullable(v.string()), null),
    v.check((s) => !!s, CHOOSE_A_SECTOR),
    v.transform((s) => s as string),
    v.uuid('must be a uuid'),
  ),
  maxMessages: whole(1, MAX_PROMPT_MESSAGES, PROMPT_DEFAULTS.maxMessages),
});
export type PromptRequest = v.InferOutput<typeof PromptRequest>;
export type PromptRequestInput = v.InferInput<typeof PromptRequest>;

/** GET /prompt: the whole list; the optional search and page of the reference are accepted. */
export const ListPromptsQuery = v.object({
  searchParam: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
  companyId: v.optional(v.string()),
  pageNumber: v.optional(v.string()),
});
