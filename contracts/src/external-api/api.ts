import * as v from 'valibot';

/**
 * The external messages API (BEHAVIOUR.md "External messages API"): `POST /api/messages/send` with
 * `Authorization: Bearer <connection token>`.
 */
export const EXTERNAL_SEND_PATH = '/api/messages/send';

/** The answer of a send that was accepted (the reference product's wording, kept as is). */
export const EXTERNAL_SEND_OK = { mensagem: 'Mensagem enviada' } as const;

/** A WhatsApp number: digits only once `+`, spaces and dashes are stripped, 10 to 15 of them. */
export function normalizeWhatsappNumber(raw: string): string | null {
  const digits = raw.replace(/[+\s-]/g, '');
  return /^\d{10,15}$/.test(digits) ? digits : null;
}

const NumberField = v.pipe(v.string('number is required'), v.trim(), v.minLength(1, 'number is required'));

/** JSON form: `{ number, body }`; the number is checked separately (ERR_WAPP_INVALID_CONTACT). */
export const ExternalSendRequest = v.object({
  number: NumberField,
  body: v.pipe(
    v.string('body is required'),
    v.trim(),
    v.minLength(1, 'body is required'),
    v.maxLength(4096, 'too long'),
  ),
});
export type ExternalSendRequest = v.InferOutput<typeof ExternalSendRequest>;

/** Multipart form's text fields: `number`, optional `body` (the first file's caption); files are `medias`. */
export const ExternalSendMediaFields = v.object({ number: NumberField });
export type ExternalSendMediaFields = v.InferOutput<typeof ExternalSendMediaFields>;
