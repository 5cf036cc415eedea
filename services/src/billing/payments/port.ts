/** What a charge is for: the invoice's id, value and detail. */
export interface ChargeRequest {
  invoiceId: string;
  value: number;
  detail: string;
}

export interface CreatedCharge {
  txid: string;
  /** The BR Code (EMV payload) to copy and paste. */
  copyPaste: string;
  /** The QR of the BR Code as a data URL (image/png). */
  imageDataUrl: string;
}

/** One Pix received, as the provider notifies it. */
export interface PixNotification {
  txid: string;
  endToEndId: string;
  /** BRL, e.g. "199.90". */
  valor: string;
  horario: string;
}

/** A provider's webhook call as the route received it. */
export interface WebhookRequest {
  query: Record<string, unknown>;
  body: unknown;
}

/**
 * Where Pix charges are made and paid: the sandbox (real BR Codes, paid by the operator) or Efí. A
 * charge's txid names its invoice (`invoiceIdOf`), so a notice needs no lookup table.
 */
export interface PaymentsPort {
  provider: 'sandbox' | 'efi';
  /** Throws ERR_PAYMENT_PROVIDER_UNAVAILABLE when the provider cannot be reached or refuses. */
  createCharge(invoice: ChargeRequest): Promise<CreatedCharge>;
  /** Throws ERR_INVALID_WEBHOOK_SIGNATURE when the caller is not the provider. */
  parseWebhook(request: WebhookRequest): PixNotification[];
  /** The invoice a txid of this provider belongs to, or null when it cannot be one of ours. */
  invoiceIdOf(txid: string): string | null;
}

/** Our txids are the invoice id's hex digits (Efí takes 26-35 characters; 32 fit). */
export const txidOf = (invoiceId: string) => invoiceId.replace(/-/g, '');

export function invoiceIdFromTxid(txid: string): string | null {
  if (!/^[0-9a-f]{32}$/.test(txid)) return null;
  return `${txid.slice(0, 8)}-${txid.slice(8, 12)}-${txid.slice(12, 16)}-${txid.slice(16, 20)}-${txid.slice(20)}`;
}

/** BRL as Pix APIs write it: two decimals, dot separator. */
export const brl = (value: number) => value.toFixed(2);
