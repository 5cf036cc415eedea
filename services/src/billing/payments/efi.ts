import { createHash, timingSafeEqual } from 'node:crypto';
import { EfiPixWebhook } from '@zelo/contracts/billing/api';
import { DomainError } from '@zelo/contracts/errors';
import EfiPay from 'sdk-node-apis-efi';
import * as v from 'valibot';
import type { PaymentsConfig } from '../../platform/config.ts';
import { brl, invoiceIdFromTxid, type PaymentsPort, txidOf } from './port.ts';

/** A Pix immediate charge (`cob`) as Efí answers it, as much as we read. */
export interface EfiCob {
  txid: string;
  status: string;
  loc?: { id: number };
  pixCopiaECola?: string;
  valor: { original: string };
}

/** The three calls of Efí's Pix API the adapter makes (method names as the SDK's). */
export interface EfiApi {
  /** PUT /v2/cob/:txid */
  pixCreateCharge(params: { txid: string }, body: unknown): Promise<EfiCob>;
  /** GET /v2/cob/:txid */
  pixDetailCharge(params: { txid: string }): Promise<EfiCob>;
  /** GET /v2/loc/:id/qrcode */
  pixGenerateQRCode(params: { id: number }): Promise<{ qrcode: string; imagemQrcode: string }>;
}

/** Efí's settings as configured (config.ts documents each). */
export type EfiOptions = Omit<Extract<PaymentsConfig, { provider: 'efi' }>, 'provider'>;

/** How long a charge can be paid: a week, then a new checkout answers the same (expired) charge. */
const CHARGE_EXPIRY_SECONDS = 7 * 24 * 3600;

/**
 * Efí's Pix: the SDK against Efí's hosts (mTLS with the account's certificate). The SDK has no base-URL
 * option (its hosts are constants of the module), so with EFI_BASE_URL set the same calls go over plain
 * HTTP to that URL (a local server speaking Efí's API in tests, or a proxy that holds the certificate).
 */
export function efiPayments(options: EfiOptions, api: EfiApi = efiApiFor(options)): PaymentsPort {
  const secret = createHash('sha256').update(options.webhookSecret).digest();
  return {
    provider: 'efi',
    async createCharge({ invoiceId, value, detail }) {
      const txid = txidOf(invoiceId);
      const body = {
        calendario: { expiracao: CHARGE_EXPIRY_SECONDS },
        valor: { original: brl(value) },
        chave: options.pixKey,
        solicitacaoPagador: detail.slice(0, 140),
      };
      try {
        // PUT with our txid: a retry after a lost answer finds the charge it made instead of a second one.
        const cob = await api.pixCreateCharge({ txid }, body).catch(() => api.pixDetailCharge({ txid }));
        if (!cob.loc) throw new Error('charge without a location');
        const qr = await api.pixGenerateQRCode({ id: cob.loc.id });
        return { txid, copyPaste: qr.qrcode, imageDataUrl: qr.imagemQrcode };
      } catch (err) {
        throw new DomainError('ERR_PAYMENT_PROVIDER_UNAVAILABLE', `Efí: ${describe(err)}`);
      }
    },
    parseWebhook({ query, body }) {
      // The registered URL carries the secret (`?hmac=`): compared in constant time, digests of equal length.
      const given = typeof query.hmac === 'string' ? query.hmac : '';
      const digest = createHash('sha256').update(given).digest();
      if (!given || !timingSafeEqual(digest, secret))
        throw new DomainError('ERR_INVALID_WEBHOOK_SIGNATURE', 'invalid webhook signature');
      const parsed = v.safeParse(EfiPixWebhook, body);
      if (!parsed.success) throw new DomainError('ERR_VALIDATION', v.summarize(parsed.issues));
      return parsed.output.pix.flatMap((p) => (p.txid ? [{ ...p, txid: p.txid }] : []));
    },
    invoiceIdOf: invoiceIdFromTxid,
  };
}

function describe(err: unknown): string {
  if (err instanceof Error) return err.message;
  if (err && typeof err === 'object') {
    const e = err as { nome?: string; mensagem?: string; error_description?: string };
    return e.mensagem ?? e.error_description ?? e.nome ?? JSON.stringify(err);
  }
  return String(err);
}

function efiApiFor(options: EfiOptions): EfiApi {
  if (options.baseUrl) return efiHttpApi(options.baseUrl, options.clientId, options.clientSecret);
  return new EfiPay({
    sandbox: options.sandbox,
    client_id: options.clientId,
    client_secret: options.clientSecret,
    certificate: options.certificatePath,
  }) as unknown as EfiApi;
}

/** Efí's Pix API over plain HTTP at `baseUrl`: OAuth client credentials, then Bearer calls. */
export function efiHttpApi(baseUrl: string, clientId: string, clientSecret: string): EfiApi {
  let token: { value: string; until: number } | null = null;
  const base = baseUrl.replace(/\/+$/, '');
  async function bearer(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
    const res = await fetch(`${base}/oauth/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials' }),
    });
    const body = (await res.json()) as { access_token?: string; expires_in?: number };
    if (!res.ok || !body.access_token) throw body;
    token = { value: body.access_token, until: Date.now() + ((body.expires_in ?? 3600) - 60) * 1000 };
    return token.value;
  }
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${await bearer()}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await res.json()) as T;
    if (!res.ok) throw answer;
    return answer;
  }
  return {
    pixCreateCharge: ({ txid }, body) => call('PUT', `/v2/cob/${encodeURIComponent(txid)}`, body),
    pixDetailCharge: ({ txid }) => call('GET', `/v2/cob/${encodeURIComponent(txid)}`),
    pixGenerateQRCode: ({ id }) => call('GET', `/v2/loc/${id}/qrcode`),
  };
}
