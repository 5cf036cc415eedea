import * as v from 'valibot';
import { event, Id, IsoDate } from '../common.ts';

/** BRL with two decimals at most. */
const Money = v.pipe(v.number(), v.minValue(0));

/** One invoice per company and due date (its id is derived from both): what the renewal issued. */
export const InvoiceIssued = event('InvoiceIssued', {
  invoiceId: Id,
  companyId: Id,
  /** e.g. "Plano Profissional - MENSAL". */
  detail: v.string(),
  value: Money,
  dueDate: IsoDate,
});
export type InvoiceIssued = v.InferOutput<typeof InvoiceIssued>;

/**
 * The invoice's Pix immediate charge (`cob`), once: a second checkout answers this one. `billing` keeps
 * the payer's address fields the checkout sent (never card data).
 */
export const PixChargeCreated = event('PixChargeCreated', {
  invoiceId: Id,
  companyId: Id,
  txid: v.pipe(v.string(), v.regex(/^[a-zA-Z0-9]{1,35}$/)),
  /** The BR Code (EMV payload) to copy and paste, or to draw as a QR. */
  copyPaste: v.string(),
  value: Money,
  provider: v.picklist(['sandbox', 'efi']),
  billing: v.optional(v.record(v.string(), v.string())),
});
export type PixChargeCreated = v.InferOutput<typeof PixChargeCreated>;

/** The provider (or the sandbox's operator) said the charge is CONCLUIDA: recorded once per invoice. */
export const InvoicePaid = event('InvoicePaid', {
  invoiceId: Id,
  companyId: Id,
  txid: v.string(),
  paidAt: IsoDate,
  endToEndId: v.optional(v.string()),
});
export type InvoicePaid = v.InferOutput<typeof InvoicePaid>;

export const InvoiceEvent = v.variant('type', [InvoiceIssued, PixChargeCreated, InvoicePaid]);
export type InvoiceEvent = v.InferOutput<typeof InvoiceEvent>;
