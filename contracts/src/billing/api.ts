import * as v from 'valibot';
import { Id, PageNumber } from '../common.ts';

const Field = (max: number) => v.optional(v.pipe(v.string(), v.maxLength(max)));

/**
 * POST /subscription (doc 1 §7, doc 2 §8): the checkout's fields; only invoiceId is required. The amount
 * charged is the invoice's value, never `price`; card fields are accepted and dropped (Pix only).
 */
export const SubscriptionRequest = v.object({
  firstName: Field(100),
  lastName: Field(100),
  address2: Field(200),
  city: Field(100),
  state: Field(100),
  zipcode: Field(20),
  country: Field(100),
  useAddressForPaymentDetails: v.optional(v.boolean()),
  nameOnCard: Field(100),
  cardNumber: Field(30),
  cvv: Field(10),
  plan: v.optional(v.unknown()),
  price: v.optional(v.union([v.number(), v.string()])),
  users: v.optional(v.union([v.number(), v.string()])),
  connections: v.optional(v.union([v.number(), v.string()])),
  invoiceId: Id,
});
export type SubscriptionRequest = v.InferOutput<typeof SubscriptionRequest>;

/** The address fields of a checkout kept with the charge. */
export const BILLING_FIELDS = [
  'firstName',
  'lastName',
  'address2',
  'city',
  'state',
  'zipcode',
  'country',
] as const;

/** GET /invoices/all: 20 per page. */
export const ListInvoicesQuery = v.object({
  searchParam: v.optional(v.pipe(v.string(), v.maxLength(100))),
  pageNumber: PageNumber,
});

export const InvoiceParams = v.object({ id: Id });

/** Efí's Pix webhook body (POST <registered url>/pix): one entry per Pix received. */
export const EfiPixWebhook = v.object({
  pix: v.optional(
    v.array(
      v.object({
        endToEndId: v.pipe(v.string(), v.maxLength(100)),
        txid: v.optional(v.pipe(v.string(), v.maxLength(35))),
        valor: v.pipe(v.string(), v.maxLength(20)),
        horario: v.pipe(v.string(), v.maxLength(40)),
      }),
    ),
    [],
  ),
});
export type EfiPixWebhook = v.InferOutput<typeof EfiPixWebhook>;

/** The secret Efí's calls carry on the registered URL (`?hmac=`). */
export const EfiWebhookQuery = v.object({ hmac: v.optional(v.pipe(v.string(), v.maxLength(200))) });
