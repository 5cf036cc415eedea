import { BILLING_FIELDS, type SubscriptionRequest } from '@zelo/contracts/billing/api';
import type { PixChargeView } from '@zelo/contracts/billing/read-models';
import { DomainError } from '@zelo/contracts/errors';
import QRCode from 'qrcode';
import { type Actor, commandHandler, type Deps, load } from '../platform/command-handler.ts';
import { idFromName } from '../platform/ids.ts';
import {
  type Charge,
  decideInvoice,
  evolveInvoice,
  type InvoiceState,
  initialInvoiceState,
} from './domain/invoice.ts';
import type { PaymentsPort, PixNotification } from './payments/port.ts';

export const invoiceStreamId = (invoiceId: string) => `invoice-${invoiceId}`;
const invoiceAggregate = { initialState: initialInvoiceState, evolve: evolveInvoice };
export const runInvoiceCommand = commandHandler(invoiceAggregate, invoiceStreamId, decideInvoice);

/** One invoice per company and due date: the renewal issuing it twice writes it once. */
export const invoiceIdFor = (companyId: string, dueDate: string) =>
  idFromName('invoice', `${companyId}:${new Date(dueDate).toISOString()}`);

export async function loadInvoice(deps: Deps, invoiceId: string): Promise<InvoiceState> {
  return (await load(deps.store, invoiceStreamId(invoiceId), invoiceAggregate)).state;
}

export interface IssueInvoice {
  companyId: string;
  dueDate: string;
  detail: string;
  value: number;
}

/** Issues the invoice of a company's due date (idempotent); answers it as it stands. */
export async function issueInvoice(deps: Deps, i: IssueInvoice, who: Actor) {
  const invoiceId = invoiceIdFor(i.companyId, i.dueDate);
  const dueDate = new Date(i.dueDate).toISOString();
  const r = await runInvoiceCommand(
    deps,
    invoiceId,
    {
      type: 'IssueInvoice',
      invoice: { invoiceId, companyId: i.companyId, detail: i.detail, value: i.value, dueDate },
    },
    who,
  );
  return { invoiceId, created: r.appended.length > 0, paid: r.state.kind === 'issued' && !!r.state.paid };
}

/** An invoice the caller may see: its company's (any, for `companyId` null), else not found. */
function ownInvoice(state: InvoiceState, companyId: string | null) {
  if (state.kind === 'none' || (companyId !== null && state.invoice.companyId !== companyId))
    throw new DomainError('ERR_NO_INVOICE_FOUND', 'invoice not found');
  return state;
}

async function chargeView(
  invoiceId: string,
  charge: Charge,
  paid: boolean,
  image?: string,
): Promise<PixChargeView> {
  return {
    txid: charge.txid,
    invoiceId,
    status: paid ? 'CONCLUIDA' : 'ATIVA',
    valor: { original: charge.value.toFixed(2) },
    qrcode: { qrcode: charge.copyPaste, imagemQrcode: image ?? (await QRCode.toDataURL(charge.copyPaste)) },
    sandbox: charge.provider === 'sandbox',
  };
}

/**
 * POST /subscription: the Pix charge of one of the company's unpaid invoices, for the invoice's value.
 * Made once: a second checkout (or a racing one) answers the charge already made.
 */
export async function chargeInvoice(
  deps: Deps,
  payments: PaymentsPort,
  request: SubscriptionRequest,
  who: Actor & { companyId: string },
): Promise<PixChargeView> {
  const { invoiceId } = request;
  const state = ownInvoice(await loadInvoice(deps, invoiceId), who.companyId);
  if (state.paid) throw new DomainError('ERR_INVOICE_ALREADY_PAID', 'this invoice is already paid');
  if (state.charge) return chargeView(invoiceId, state.charge, false);
  const { value, detail } = state.invoice;
  const created = await payments.createCharge({ invoiceId, value, detail });
  const billing: Record<string, string> = {};
  for (const field of BILLING_FIELDS) {
    const given = request[field]?.trim();
    if (given) billing[field] = given;
  }
  const r = await runInvoiceCommand(
    deps,
    invoiceId,
    {
      type: 'CreatePixCharge',
      charge: { txid: created.txid, copyPaste: created.copyPaste, provider: payments.provider, billing },
    },
    who,
  );
  const after = ownInvoice(r.state, who.companyId);
  if (!after.charge) throw new Error('charge not recorded');
  // The charge this call made carries the provider's image; a racing call's charge is drawn here.
  const image = after.charge.copyPaste === created.copyPaste ? created.imageDataUrl : undefined;
  return chargeView(invoiceId, after.charge, !!after.paid, image);
}

/** The operator marks a sandbox invoice paid (POST /invoices/{id}/pay, `zelo billing pay`). */
export async function payInvoiceInSandbox(
  deps: Deps,
  payments: Pick<PaymentsPort, 'provider'>,
  invoiceId: string,
  who: Actor,
) {
  if (payments.provider !== 'sandbox')
    throw new DomainError('ERR_PAYMENT_SANDBOX_ONLY', 'only sandbox invoices are marked paid by hand');
  const r = await runInvoiceCommand(
    deps,
    invoiceId,
    { type: 'PayInvoice', txid: null, paidAt: deps.clock.now().toISOString() },
    who,
  );
  return { position: r.position };
}

/**
 * A provider's payment notices: each pays the invoice its txid names, once. A txid that is not one of
 * ours, or that its invoice never charged, and an amount short of the charge, change nothing.
 */
export async function receivePixNotices(
  deps: Deps,
  payments: PaymentsPort,
  notices: PixNotification[],
  who: Actor,
): Promise<{ paid: number }> {
  let paid = 0;
  for (const n of notices) {
    const invoiceId = payments.invoiceIdOf(n.txid);
    if (!invoiceId) continue;
    const state = await loadInvoice(deps, invoiceId);
    if (state.kind === 'none' || !state.charge || Number(n.valor) + 0.001 < state.charge.value) continue;
    try {
      const r = await runInvoiceCommand(
        deps,
        invoiceId,
        {
          type: 'PayInvoice',
          txid: n.txid,
          paidAt: Number.isNaN(Date.parse(n.horario))
            ? deps.clock.now().toISOString()
            : new Date(n.horario).toISOString(),
          endToEndId: n.endToEndId,
        },
        { ...who, companyId: state.invoice.companyId },
      );
      paid += r.appended.length;
    } catch (err) {
      if (!(err instanceof DomainError && err.code === 'ERR_NO_INVOICE_FOUND')) throw err;
    }
  }
  return { paid };
}

/** The due date an invoice pays for, as its stream tells it (null: no such invoice). */
export const invoiceDueDate =
  (deps: Deps) =>
  async (invoiceId: string): Promise<string | null> => {
    const state = await loadInvoice(deps, invoiceId);
    return state.kind === 'issued' ? state.invoice.dueDate : null;
  };
