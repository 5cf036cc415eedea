import type { InvoiceEvent, InvoiceIssued, PixChargeCreated } from '@zelo/contracts/billing/events';
import { DomainError } from '@zelo/contracts/errors';

export type Charge = Pick<PixChargeCreated['data'], 'txid' | 'copyPaste' | 'provider' | 'value'>;

export type InvoiceState =
  | { kind: 'none' }
  | {
      kind: 'issued';
      invoice: InvoiceIssued['data'];
      charge: Charge | null;
      paid: { txid: string; paidAt: string } | null;
    };

export const initialInvoiceState = (): InvoiceState => ({ kind: 'none' });

export function evolveInvoice(state: InvoiceState, event: InvoiceEvent): InvoiceState {
  switch (event.type) {
    case 'InvoiceIssued':
      return { kind: 'issued', invoice: event.data, charge: null, paid: null };
    case 'PixChargeCreated': {
      if (state.kind === 'none') return state;
      const { txid, copyPaste, provider, value } = event.data;
      return { ...state, charge: { txid, copyPaste, provider, value } };
    }
    case 'InvoicePaid':
      if (state.kind === 'none') return state;
      return { ...state, paid: { txid: event.data.txid, paidAt: event.data.paidAt } };
  }
}

export type InvoiceCommand =
  | { type: 'IssueInvoice'; invoice: InvoiceIssued['data'] }
  | {
      type: 'CreatePixCharge';
      charge: Omit<Charge, 'value'> & { billing?: Record<string, string> };
    }
  /** `txid` null: the operator marks a sandbox invoice paid (no provider notice). */
  | { type: 'PayInvoice'; txid: string | null; paidAt: string; endToEndId?: string };

type Cmd<T extends InvoiceCommand['type']> = Extract<InvoiceCommand, { type: T }>;
type Issued = Extract<InvoiceState, { kind: 'issued' }>;

function issued(state: InvoiceState): Issued {
  if (state.kind === 'none') throw new DomainError('ERR_NO_INVOICE_FOUND', 'invoice not found');
  return state;
}

/** Issuing is idempotent: the renewal may run again for the same due date. */
const issueInvoice = (command: Cmd<'IssueInvoice'>, state: InvoiceState): InvoiceEvent[] =>
  state.kind === 'none' ? [{ type: 'InvoiceIssued', data: command.invoice }] : [];

/** One charge per invoice, for the invoice's value whatever the checkout said. */
function createPixCharge(command: Cmd<'CreatePixCharge'>, state: InvoiceState): InvoiceEvent[] {
  const { invoice, charge, paid } = issued(state);
  if (paid) throw new DomainError('ERR_INVOICE_ALREADY_PAID', 'this invoice is already paid');
  if (charge) return [];
  const { invoiceId, companyId, value } = invoice;
  const { billing, ...rest } = command.charge;
  return [
    {
      type: 'PixChargeCreated',
      data: { invoiceId, companyId, value, ...rest, ...(billing ? { billing } : {}) },
    },
  ];
}

/**
 * A provider's notice pays the invoice its charge belongs to, once: a replay decides nothing. A txid the
 * invoice never charged is unknown (not found), so a forged or stray notice changes nothing.
 */
function payInvoice(command: Cmd<'PayInvoice'>, state: InvoiceState): InvoiceEvent[] {
  const { invoice, charge, paid } = issued(state);
  const { txid, paidAt, endToEndId } = command;
  if (txid !== null && charge?.txid !== txid)
    throw new DomainError('ERR_NO_INVOICE_FOUND', 'no charge with this txid');
  if (paid) {
    if (txid !== null) return [];
    throw new DomainError('ERR_INVOICE_ALREADY_PAID', 'this invoice is already paid');
  }
  const { invoiceId, companyId } = invoice;
  return [
    {
      type: 'InvoicePaid',
      data: {
        invoiceId,
        companyId,
        txid: txid ?? charge?.txid ?? 'sandbox',
        paidAt,
        ...(endToEndId ? { endToEndId } : {}),
      },
    },
  ];
}

export function decideInvoice(command: InvoiceCommand, state: InvoiceState): InvoiceEvent[] {
  switch (command.type) {
    case 'IssueInvoice':
      return issueInvoice(command, state);
    case 'CreatePixCharge':
      return createPixCharge(command, state);
    case 'PayInvoice':
      return payInvoice(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}
