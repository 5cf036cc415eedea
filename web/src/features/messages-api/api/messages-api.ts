import type { ConnectionView } from '@zelo/contracts/connections/read-models';
import { EXTERNAL_SEND_PATH, normalizeWhatsappNumber } from '@zelo/contracts/external-api/api';
import type { PlanView } from '@zelo/contracts/tenancy/read-models';
import * as v from 'valibot';
import { API_URL, ApiError, apiRequest } from '../../../lib/api.ts';

/** The endpoint as a caller outside the browser reaches it. */
export const sendUrl = () => new URL(EXTERNAL_SEND_PATH, API_URL).toString();

// Doc 2 validation: token, number and body required; the media form also needs a file.
// Messages are i18n keys (lib/form.ts).
const required = () =>
  v.pipe(v.string('validation.required'), v.trim(), v.minLength(1, 'validation.required'));
const Token = required();
const WhatsappNumber = v.pipe(
  required(),
  v.check((n) => normalizeWhatsappNumber(n) !== null, 'messagesApi.invalidNumber'),
);

export const TextSendInput = v.object({ token: Token, number: WhatsappNumber, body: required() });
export type TextSendInput = v.InferOutput<typeof TextSendInput>;

export const MediaSendInput = v.object({
  token: Token,
  number: WhatsappNumber,
  file: v.instance(File, 'validation.required'),
});
export type MediaSendInput = v.InferOutput<typeof MediaSendInput>;

/**
 * The test forms call the API as an outside system would: with the connection's token, never the
 * user's session (so a refused token does not log the user out).
 */
async function post(token: string, body: BodyInit, json: boolean): Promise<{ mensagem: string }> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    Authorization: `Bearer ${token.trim()}`,
  };
  if (json) headers['Content-Type'] = 'application/json';
  const res = await fetch(sendUrl(), { method: 'POST', headers, body });
  const text = await res.text();
  const data = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  if (res.ok) return data as { mensagem: string };
  const code = typeof data.error === 'string' ? data.error : 'ERR_INTERNAL_SERVER_ERROR';
  throw new ApiError(res.status, code, typeof data.message === 'string' ? data.message : code, data);
}

export const sendText = (input: TextSendInput) =>
  post(input.token, JSON.stringify({ number: input.number, body: input.body }), true);

export function sendMedia(input: MediaSendInput) {
  const form = new FormData();
  form.append('number', input.number);
  form.append('medias', input.file, input.file.name);
  return post(input.token, form, false);
}

/** Admins get the connection's token with it; older servers leave it out (then the token is typed). */
export const connectionToken = async (id: string) =>
  (await apiRequest<ConnectionView>(`/whatsapp/${encodeURIComponent(id)}`)).token ?? null;

/** Whether the company's plan includes the external API (doc 2 §2.18). */
export async function planAllowsExternalApi(planId: string | null, signal?: AbortSignal) {
  const plans = await apiRequest<PlanView[]>('/plans/list', { auth: false, signal });
  return plans.some((p) => p.id === planId && p.useExternalApi);
}
