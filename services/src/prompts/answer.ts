import OpenAI, { APIConnectionTimeoutError, APIError, toFile } from 'openai';

// The AI answer of a prompt (BEHAVIOUR.md "AI prompts"): one chat completion per customer message,
// through the `openai` package against OPENAI_BASE_URL (any OpenAI-compatible server), and the
// transcription of a voice note (whisper-1). Plain functions: the runtime calls them from Temporal
// activities and turns a thrown PromptAnswerError into the fallback (the ticket pending for a human).

/** The words an answer begins with when a human must take over (the prompt's queue, pending). */
export const TRANSFER_MARKER = 'Ação: Transferir para o setor de atendimento';

/** A prompt as the runtime uses it, its key opened (runtime.ts `loadPromptForRuntime`). */
export interface RuntimePrompt {
  id: string;
  name: string;
  /** The prompt's own text: who the assistant is and what it knows. */
  prompt: string;
  model: string;
  maxTokens: number;
  temperature: number;
  apiKey: string;
  /** The queue a transfer moves the ticket to; null when it was deleted since. */
  queueId: string | null;
  maxMessages: number;
}

/** A message of the ticket as context: ours (`fromMe`, the assistant's turn) or the customer's. */
export interface HistoryMessage {
  fromMe: boolean;
  body: string;
}

/** How the client reaches the API; every field has a default. */
export interface OpenAiConnection {
  /** Defaults to OPENAI_BASE_URL, else OpenAI's own (https://api.openai.com/v1). */
  baseURL?: string;
  /** Per request; a slower answer is a failure (the ticket falls back to a human). Default 30 s. */
  timeoutMs?: number;
  /** Retries of a failed request (connection errors, 408/409/429/5xx), default 1: never endless. */
  maxRetries?: number;
}

export type PromptAnswerFailure = 'timeout' | 'unavailable' | 'refused' | 'garbage' | 'empty';

/** The completion or transcription failed: the caller falls back (the message is never lost). */
export class PromptAnswerError extends Error {
  constructor(
    readonly failure: PromptAnswerFailure,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'PromptAnswerError';
  }
}

const client = (apiKey: string, c: OpenAiConnection) =>
  new OpenAI({
    apiKey,
    baseURL: c.baseURL ?? process.env.OPENAI_BASE_URL ?? 'https://api.openai.com/v1',
    timeout: c.timeoutMs ?? 30_000,
    maxRetries: c.maxRetries ?? 1,
  });

/** The system message: the prompt's text, then how to address the customer, the length, the marker. */
export function systemMessage(prompt: Pick<RuntimePrompt, 'prompt' | 'maxTokens'>, contactName: string) {
  const name = contactName.replace(/[\r\n]+/g, ' ').trim() || 'Amigo(a)';
  return [
    prompt.prompt.trim(),
    '',
    `Chame o cliente pelo nome: ${name}. Seja educado e pessoal.`,
    `Sua resposta deve caber em no máximo ${prompt.maxTokens} tokens; não a deixe cortada no fim.`,
    'Quando o cliente precisar de um atendente humano (ou pedir por um), comece a resposta exatamente com ' +
      `"${TRANSFER_MARKER}" e depois escreva uma mensagem curta avisando da transferência.`,
  ].join('\n');
}

/** The chat turns sent: system, the last `maxMessages` of the history oldest first, the new message. */
export function chatMessages(input: {
  prompt: Pick<RuntimePrompt, 'prompt' | 'maxTokens' | 'maxMessages'>;
  history: HistoryMessage[];
  message: string;
  contactName: string;
}): OpenAI.Chat.ChatCompletionMessageParam[] {
  const { prompt, history, message, contactName } = input;
  const kept = prompt.maxMessages > 0 ? history.filter((m) => m.body.trim()).slice(-prompt.maxMessages) : [];
  return [
    { role: 'system', content: systemMessage(prompt, contactName) },
    ...kept.map((m) => ({ role: m.fromMe ? ('assistant' as const) : ('user' as const), content: m.body })),
    { role: 'user', content: message },
  ];
}

// The marker as models write it: maybe bold or quoted, maybe followed by punctuation.
const MARKER = /^\s*[*_"'“]*\s*ação:\s*transferir para o setor de atendimento[\s*_"'”.:;!,-]*/iu;

/** An answer split into what the customer reads and whether a human takes over. */
export function readAnswer(raw: string): { text: string; transfer: boolean } {
  const match = MARKER.exec(raw);
  if (!match) return { text: raw.trim(), transfer: false };
  return { text: raw.slice(match[0].length).trim(), transfer: true };
}

/**
 * One answer of `prompt` to the customer's `message`. `history` is the ticket's text messages before
 * it, oldest first (runtime.ts `promptHistory`); only the last `maxMessages` are sent. Throws
 * PromptAnswerError when the API is down, slow, refuses, or answers nothing usable. `text` may be
 * empty when the answer was only the transfer marker.
 */
export async function answerWithPrompt(
  input: {
    prompt: RuntimePrompt;
    history: HistoryMessage[];
    message: string;
    contactName: string;
  } & OpenAiConnection,
): Promise<{ text: string; transfer: boolean }> {
  const { prompt } = input;
  // Typed as the SDK promises, read as what a broken server may send: not JSON, or JSON without choices.
  const completion: unknown = await call(() =>
    client(prompt.apiKey, input).chat.completions.create({
      model: prompt.model,
      messages: chatMessages(input),
      max_tokens: prompt.maxTokens,
      temperature: prompt.temperature,
    }),
  );
  const choices = (completion as { choices?: unknown } | null)?.choices;
  if (!Array.isArray(choices)) throw new PromptAnswerError('garbage', 'the completion has no choices');
  const text = (choices[0] as OpenAI.Chat.ChatCompletion.Choice | undefined)?.message?.content;
  if (typeof text !== 'string') throw new PromptAnswerError('garbage', 'the completion has no message');
  if (!text.trim()) throw new PromptAnswerError('empty', 'the completion is empty');
  return readAnswer(text);
}

/** The words of a voice note (whisper-1), answered then like a text. */
export async function transcribe(
  input: { audio: Uint8Array; filename: string; apiKey: string } & OpenAiConnection,
): Promise<string> {
  const file = await toFile(input.audio, input.filename);
  const result: unknown = await call(() =>
    client(input.apiKey, input).audio.transcriptions.create({ file, model: 'whisper-1' }),
  );
  const text = (result as { text?: unknown } | null)?.text;
  if (typeof text !== 'string') throw new PromptAnswerError('garbage', 'the transcription has no text');
  if (!text.trim()) throw new PromptAnswerError('empty', 'the transcription is empty');
  return text.trim();
}

/** Runs one API call, every failure as a PromptAnswerError that says what kind it was. */
async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (err) {
    if (err instanceof APIConnectionTimeoutError) throw new PromptAnswerError('timeout', 'OpenAI timed out');
    if (err instanceof APIError) {
      const status = err.status;
      const kind = status === undefined || status >= 500 || status === 429 ? 'unavailable' : 'refused';
      throw new PromptAnswerError(kind, `OpenAI answered ${status ?? 'nothing'}: ${err.message}`, status);
    }
    // The SDK could not read the body (not JSON where JSON was due).
    throw new PromptAnswerError('garbage', `OpenAI's answer was unreadable: ${(err as Error).message}`);
  }
}
