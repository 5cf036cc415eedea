import type { PromptModel } from './events.ts';

/**
 * A prompt as its page, its dialog and every route answer it (doc 2 §3). `apiKey` is the masked form
 * (`sk-…abcd`): the full key never leaves the server; sending the masked form back keeps it.
 */
export interface PromptView {
  id: string;
  name: string;
  prompt: string;
  model: PromptModel;
  maxTokens: number;
  temperature: number;
  apiKey: string;
  /** null: the queue was deleted since; the prompt's transfer then leaves the ticket without a queue. */
  queueId: string | null;
  maxMessages: number;
  queue: { id: string; name: string } | null;
  createdAt: string;
  updatedAt: string;
}

/** GET /prompt: every prompt of the company (the connection and queue dialogs read `prompts`). */
export interface PromptList {
  prompts: PromptView[];
  count: number;
  hasMore: boolean;
}
