import * as v from 'valibot';

// LGPD (issue 25): what the company's customers can ask for, and the words they ask with.

/** Company settings of the privacy tab, and their values for a company that never set them. */
export const PRIVACY_SETTING_DEFAULTS = {
  /** Comma-separated; a customer's message that is one of them opts the contact out of campaigns. */
  optOutWords: 'SAIR, PARAR, STOP, CANCELAR',
  /** Comma-separated; opts a contact who had opted out back in. */
  optInWords: 'VOLTAR',
  /** The one confirmation sent after an opt-out. */
  optOutReply: 'Pronto: você não receberá mais nossas campanhas. Para voltar a recebê-las, envie VOLTAR.',
  optInReply: 'Pronto: você voltará a receber nossas campanhas.',
  /** Days a message's text and media are kept; '0' keeps them for ever (the default). */
  messageRetentionDays: '0',
} as const;
export type PrivacySettingKey = keyof typeof PRIVACY_SETTING_DEFAULTS;
export const PRIVACY_SETTING_KEYS = Object.keys(PRIVACY_SETTING_DEFAULTS) as PrivacySettingKey[];

/** Upper case, without accents, punctuation or repeated spaces: how words and messages are compared. */
export function normaliseWord(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase();
}

/** The words of a setting's value, normalised, without blanks or repeats. */
export function parseWords(value: string): string[] {
  return [...new Set(value.split(',').map(normaliseWord).filter(Boolean))];
}

/**
 * The word a customer's message is, if it is one of `words`: the whole message, ignoring case,
 * accents, punctuation and spaces around it ("Sair!", " parar. "), never a word inside a longer
 * message ("vou sair mais cedo") nor inside another word ("SAIRAM").
 */
export function matchedWord(message: string, words: readonly string[]): string | null {
  const said = normaliseWord(message);
  return said && words.includes(said) ? said : null;
}

/** A settings value of words: 1 to 10 words of 2 to 30 letters or digits each. */
export const WordsSetting = v.pipe(
  v.string(),
  v.check((s) => {
    const words = parseWords(s);
    return words.length >= 1 && words.length <= 10 && words.every((w) => w.length >= 2 && w.length <= 30);
  }, 'must be 1 to 10 comma-separated words of 2 to 30 characters'),
);

/** messageRetentionDays: 0 (off) or 30 to 3650 days. */
export const RetentionDaysSetting = v.pipe(
  v.string(),
  v.regex(/^\d{1,4}$/, 'must be a whole number of days'),
  v.check(
    (s) => Number(s) === 0 || (Number(s) >= 30 && Number(s) <= 3650),
    'must be 0 (off) or 30 to 3650 days',
  ),
);

/** optOutReply / optInReply: the confirmation's text, 1 to 200 characters. */
export const ReplySetting = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, 'must not be empty'),
  v.maxLength(200, 'must be at most 200 characters'),
);

/** What PUT /settings/{key} checks each privacy key's value with. */
export const PRIVACY_SETTING_SCHEMAS = {
  optOutWords: WordsSetting,
  optInWords: WordsSetting,
  optOutReply: ReplySetting,
  optInReply: ReplySetting,
  messageRetentionDays: RetentionDaysSetting,
} satisfies Record<PrivacySettingKey, v.GenericSchema<string, string>>;

export const isPrivacySettingKey = (key: string): key is PrivacySettingKey =>
  Object.hasOwn(PRIVACY_SETTING_DEFAULTS, key);

/** A privacy setting's value as stored (a reply trimmed), or why it is refused. */
export function checkPrivacySetting(
  key: PrivacySettingKey,
  value: string,
): { ok: true; value: string } | { ok: false; problem: string } {
  const r = v.safeParse(PRIVACY_SETTING_SCHEMAS[key], value);
  return r.success ? { ok: true, value: r.output } : { ok: false, problem: r.issues[0].message };
}

/** A company's settings with the privacy keys it never set at their defaults (companies older than them). */
export const withPrivacyDefaults = (settings: Record<string, string>): Record<string, string> => ({
  ...PRIVACY_SETTING_DEFAULTS,
  ...settings,
});

/** POST /contacts/:id/erasure: the contact's number typed again, as the drawer asks for it. */
export const EraseContactRequest = v.object({
  confirmation: v.pipe(v.string(), v.maxLength(60, 'too long')),
});
export type EraseContactRequest = v.InferOutput<typeof EraseContactRequest>;

export type ContactExportStatus = 'pending' | 'ready' | 'failed' | 'downloaded' | 'expired';

/** POST /contacts/:id/exports, GET /contacts/exports/:exportId and the socket's contactExport frames. */
export interface ContactExportView {
  id: string;
  contactId: string;
  status: ContactExportStatus;
  /** 0 to 100 while pending. */
  progress: number;
  requestedAt: string;
  readyAt: string | null;
  expiresAt: string | null;
  bytes: number | null;
}

/**
 * What a personal name or text reads as once its contact is erased (its key destroyed), in events and
 * in every read model; numbers, e-mails and urls read as '' (null where nullable).
 */
export const ERASED_TEXT = 'Contato removido';
/** What a message's text reads as once the company's retention shredded its day. */
export const SHREDDED_TEXT = 'Mensagem removida';
