// The rules of a Typebot session on a ticket (BEHAVIOUR.md, Queue integrations), pure: the clock comes in
// as `now`, the session is whatever the caller stored after the previous turn.

/** The integration's settings these rules read (doc 2 §3, names as the spec writes them). */
export interface TypebotRules {
  typebotKeywordFinish?: string | null;
  typebotKeywordRestart?: string | null;
  typebotRestartMessage?: string | null;
  typebotUnknownMessage?: string | null;
  /** Minutes a session may stay idle before the next message starts afresh; 0 or empty: never. */
  typebotExpires?: number | null;
}

/** What the caller keeps between turns (in the ticket's automation variables, for instance). */
export interface TypebotSession {
  sessionId: string;
  /** ISO time of the last message exchanged in this session. */
  lastActivityAt: string;
  /** The options of the bot's pending choice input, so that a reply "2" picks the second one. */
  choices?: string[];
}

export interface CustomerMessage {
  body: string;
  /** 'chat' (or empty) for text; anything else is media the bot cannot take. */
  mediaType?: string | null;
}

export type TypebotTurn =
  /** A fresh chat: startChat (without the customer's words: they only opened the conversation). */
  | { action: 'start'; reason: 'new' | 'expired' }
  /** continueChat with `message` (a numeric reply already mapped to the choice it names). */
  | { action: 'continue'; sessionId: string; message: string }
  /** The customer asked for a human: the session ends and the ticket goes pending. */
  | { action: 'finish' }
  /** Forget the session, send `restartMessage` (when set), then start a fresh chat. */
  | { action: 'restart'; restartMessage: string | null }
  /** Media the bot cannot take: answer `reply` (when set) and keep the session as it is. */
  | { action: 'unknown'; reply: string | null };

const sameWord = (text: string, keyword: string | null | undefined) =>
  !!keyword?.trim() && text.trim().toLowerCase() === keyword.trim().toLowerCase();

const isMedia = (m: CustomerMessage) => !!m.mediaType && m.mediaType !== 'chat';

export function isExpired(session: TypebotSession, rules: TypebotRules, now: Date): boolean {
  const minutes = rules.typebotExpires ?? 0;
  if (minutes <= 0) return false;
  return now.getTime() - Date.parse(session.lastActivityAt) > minutes * 60_000;
}

export function typebotTurn(
  session: TypebotSession | null,
  message: CustomerMessage,
  rules: TypebotRules,
  now: Date,
): TypebotTurn {
  if (sameWord(message.body, rules.typebotKeywordFinish)) return { action: 'finish' };
  if (sameWord(message.body, rules.typebotKeywordRestart))
    return { action: 'restart', restartMessage: rules.typebotRestartMessage?.trim() || null };
  if (!session) return { action: 'start', reason: 'new' };
  if (isExpired(session, rules, now)) return { action: 'start', reason: 'expired' };
  if (isMedia(message)) return { action: 'unknown', reply: rules.typebotUnknownMessage?.trim() || null };
  return { action: 'continue', sessionId: session.sessionId, message: chosen(message.body, session.choices) };
}

/** WhatsApp has no buttons here: the options go out numbered, and "2" means the second option. */
function chosen(body: string, choices: string[] | undefined): string {
  const n = /^\s*(\d{1,2})\s*$/.exec(body);
  const index = n ? Number(n[1]) - 1 : -1;
  return choices && index >= 0 && index < choices.length ? choices[index] : body.trim();
}
