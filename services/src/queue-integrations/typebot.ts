// Typebot's public chat API (docs.typebot.io, "Start chat" and "Continue chat", v1):
//   POST {viewer}/api/v1/typebots/{publicId}/startChat   {prefilledVariables, textBubbleContentFormat}
//   POST {viewer}/api/v1/sessions/{sessionId}/continueChat {message, textBubbleContentFormat}
// both answering {messages, input?, clientSideActions?} (startChat adds sessionId). A session the viewer
// no longer knows, or one it expired, answers 404.
import * as v from 'valibot';
import {
  type CustomerMessage,
  type TypebotRules,
  type TypebotSession,
  typebotTurn,
} from './typebot-session.ts';
import { markdownToWhatsApp, richTextToWhatsApp } from './typebot-text.ts';

export type TypebotFailure = 'timeout' | 'unreachable' | 'http' | 'garbage';

/** Typebot could not be used: down, slow, refusing, or answering something that is not its API. */
export class TypebotError extends Error {
  constructor(
    readonly kind: TypebotFailure,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'TypebotError';
  }
}

export interface TypebotClientOptions {
  /** Defaults to the global fetch. */
  fetch?: typeof fetch;
  /** Per request; defaults to 10 s. */
  timeoutMs?: number;
}

/** A message for the customer, as TicketAutomationReplied carries it. */
export interface BotReply {
  body: string;
  mediaType?: 'image' | 'video' | 'audio';
  mediaUrl?: string;
}

const Bubble = v.looseObject({
  id: v.optional(v.string()),
  type: v.string(),
  content: v.optional(v.unknown()),
});
const Input = v.looseObject({
  type: v.string(),
  items: v.optional(
    v.array(v.looseObject({ content: v.optional(v.string()), title: v.optional(v.string()) })),
  ),
});
const ChatResponse = v.looseObject({
  messages: v.array(Bubble),
  input: v.nullish(Input),
  clientSideActions: v.optional(v.array(v.unknown())),
});
const StartResponse = v.looseObject({
  ...ChatResponse.entries,
  sessionId: v.pipe(v.string(), v.minLength(1)),
});

export type TypebotBubble = v.InferOutput<typeof Bubble>;
export type TypebotChat = v.InferOutput<typeof ChatResponse>;
export type TypebotStart = v.InferOutput<typeof StartResponse>;

export function startTypebotChat(
  params: { baseUrl: string; publicId: string; prefilledVariables: Record<string, string>; message?: string },
  options: TypebotClientOptions = {},
): Promise<TypebotStart> {
  const url = `${trimBase(params.baseUrl)}/api/v1/typebots/${encodeURIComponent(params.publicId)}/startChat`;
  const body = {
    prefilledVariables: params.prefilledVariables,
    textBubbleContentFormat: 'richText',
    ...(params.message ? { message: { type: 'text', text: params.message } } : {}),
  };
  return post(url, body, StartResponse, options);
}

export function continueTypebotChat(
  params: { baseUrl: string; sessionId: string; message: string },
  options: TypebotClientOptions = {},
): Promise<TypebotChat> {
  const url = `${trimBase(params.baseUrl)}/api/v1/sessions/${encodeURIComponent(params.sessionId)}/continueChat`;
  const body = { message: { type: 'text', text: params.message }, textBubbleContentFormat: 'richText' };
  return post(url, body, ChatResponse, options);
}

const trimBase = (base: string) => base.trim().replace(/\/+$/, '');

async function post<S extends v.GenericSchema>(
  url: string,
  body: unknown,
  schema: S,
  options: TypebotClientOptions,
): Promise<v.InferOutput<S>> {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  let text: string;
  let status: number;
  try {
    const res = await doFetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    status = res.status;
    text = await res.text();
  } catch (err) {
    const name = (err as Error)?.name;
    if (name === 'TimeoutError' || name === 'AbortError')
      throw new TypebotError('timeout', `Typebot did not answer within ${timeoutMs} ms (${url})`);
    throw new TypebotError('unreachable', `Typebot unreachable (${url}): ${(err as Error)?.message ?? err}`);
  }
  const json = parseJson(text);
  if (status < 200 || status >= 300) {
    const reason = (json as { message?: unknown } | undefined)?.message;
    throw new TypebotError(
      'http',
      `Typebot answered ${status}: ${typeof reason === 'string' ? reason : text.slice(0, 200)}`,
      status,
    );
  }
  const parsed = v.safeParse(schema, json);
  if (!parsed.success)
    throw new TypebotError('garbage', `Typebot answered something unexpected: ${text.slice(0, 200)}`, status);
  return parsed.output;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The bot's bubbles as WhatsApp messages, then a pending choice's options, numbered. */
export function typebotMessagesToReplies(chat: Pick<TypebotChat, 'messages' | 'input'>): BotReply[] {
  const replies = chat.messages.flatMap(bubbleToReply);
  const choices = choicesOf(chat);
  if (choices.length) replies.push({ body: choices.map((c, i) => `*${i + 1}* - ${c}`).join('\n') });
  return replies;
}

function bubbleToReply(bubble: TypebotBubble): BotReply[] {
  const content = (bubble.content ?? {}) as {
    type?: string;
    richText?: unknown;
    markdown?: string;
    url?: string;
  };
  if (bubble.type === 'text') {
    const body =
      content.type === 'markdown'
        ? markdownToWhatsApp(content.markdown ?? '')
        : richTextToWhatsApp(content.richText);
    return body ? [{ body }] : [];
  }
  if (!content.url) return [];
  if (bubble.type === 'image') return [{ body: '', mediaType: 'image', mediaUrl: content.url }];
  if (bubble.type === 'audio') return [{ body: '', mediaType: 'audio', mediaUrl: content.url }];
  // A YouTube/Vimeo/... video is a page, not a file WhatsApp can carry: sent as its link.
  if (bubble.type === 'video' && (!content.type || content.type === 'url'))
    return [{ body: '', mediaType: 'video', mediaUrl: content.url }];
  return [{ body: content.url }];
}

function choicesOf(chat: Pick<TypebotChat, 'input'>): string[] {
  const items = chat.input?.items ?? [];
  return items.map((i) => (i.content ?? i.title ?? '').trim()).filter(Boolean);
}

/** An integration of type typebot, as much as a turn reads (doc 2 §3). */
export interface TypebotIntegration extends TypebotRules {
  /** The Typebot viewer's base URL, e.g. https://bot.example.com */
  urlN8N: string;
  typebotSlug: string;
  /** Milliseconds between two of the bot's messages; the spec's default is 1000. */
  typebotDelayMessage?: number | null;
}

export interface TypebotTurnResult {
  /** In order, `delayMs` apart. */
  replies: BotReply[];
  delayMs: number;
  /** What to store for the next turn; null when the session is over. */
  session: TypebotSession | null;
  /** Not null: the automation ends and the ticket goes pending for a human. */
  ended: null | 'keyword' | 'completed';
}

/**
 * One customer message through a Typebot integration: the session rules, then the calls they need.
 * Throws TypebotError when Typebot cannot be used (the caller ends the automation as failed).
 */
export async function runTypebotTurn(
  input: {
    session: TypebotSession | null;
    message: CustomerMessage;
    integration: TypebotIntegration;
    contact: { number: string; pushName: string };
    now: Date;
  },
  options: TypebotClientOptions = {},
): Promise<TypebotTurnResult> {
  const { integration, now } = input;
  const delayMs = Math.max(0, integration.typebotDelayMessage ?? 1000);
  const at = now.toISOString();
  const start = async (): Promise<TypebotTurnResult> => {
    const chat = await startTypebotChat(
      {
        baseUrl: integration.urlN8N,
        publicId: integration.typebotSlug,
        prefilledVariables: { number: input.contact.number, pushName: input.contact.pushName },
      },
      options,
    );
    return afterChat(chat, chat.sessionId, at, delayMs);
  };

  const turn = typebotTurn(input.session, input.message, integration, now);
  switch (turn.action) {
    case 'finish':
      return { replies: [], delayMs, session: null, ended: 'keyword' };
    case 'unknown':
      return {
        replies: turn.reply ? [{ body: turn.reply }] : [],
        delayMs,
        session: input.session && { ...input.session, lastActivityAt: at },
        ended: null,
      };
    case 'restart': {
      const fresh = await start();
      return turn.restartMessage
        ? { ...fresh, replies: [{ body: turn.restartMessage }, ...fresh.replies] }
        : fresh;
    }
    case 'start':
      return start();
    case 'continue': {
      try {
        const chat = await continueTypebotChat(
          { baseUrl: integration.urlN8N, sessionId: turn.sessionId, message: turn.message },
          options,
        );
        return afterChat(chat, turn.sessionId, at, delayMs);
      } catch (err) {
        // The viewer forgot or expired the session on its side: start over rather than fail the ticket.
        if (err instanceof TypebotError && err.status === 404) return start();
        throw err;
      }
    }
    default:
      return turn satisfies never;
  }
}

function afterChat(chat: TypebotChat, sessionId: string, at: string, delayMs: number): TypebotTurnResult {
  const replies = typebotMessagesToReplies(chat);
  // No input to wait for: the bot reached the end of its flow.
  if (!chat.input) return { replies, delayMs, session: null, ended: 'completed' };
  const choices = choicesOf(chat);
  return {
    replies,
    delayMs,
    session: { sessionId, lastActivityAt: at, ...(choices.length ? { choices } : {}) },
    ended: null,
  };
}
