import type { InvoiceEvent, InvoiceIssued } from '@zelo/contracts/billing/events';
import { invoiceIssued, invoicePaid, pixChargeCreated } from '@zelo/contracts/testing/events';
import { describe, it } from 'vitest';
import { decider } from '../../testing/given-when-then.ts';
import {
  decideInvoice,
  evolveInvoice,
  type InvoiceCommand,
  type InvoiceState,
  initialInvoiceState,
} from './invoice.ts';

const spec = decider<InvoiceState, InvoiceCommand, InvoiceEvent>({
  initialState: initialInvoiceState,
  evolve: evolveInvoice,
  decide: decideInvoice,
});

const invoice: InvoiceIssued['data'] = {
  invoiceId: '00000000-0000-4000-8000-0000000000a1',
  companyId: '00000000-0000-4000-8000-000000000001',
  detail: 'Plano Profissional - MENSAL',
  value: 199.9,
  dueDate: '2026-03-10T23:59:59.000Z',
};
const { invoiceId, companyId } = invoice;
const issued = invoiceIssued(invoice);
const charge = { txid: 'abc123', copyPaste: '000201...6304ABCD', provider: 'efi' as const };
const charged = pixChargeCreated({ invoiceId, companyId, value: invoice.value, ...charge });
const paidAt = '2026-03-01T10:00:00.000Z';
const paid = invoicePaid({ invoiceId, companyId, txid: 'abc123', paidAt, endToEndId: 'E123' });

describe('Invoice', () => {
  describe('When not issued', () => {
    it('issuing records it', () => spec.given([]).when({ type: 'IssueInvoice', invoice }).then([issued]));
    it('a charge refuses with ERR_NO_INVOICE_FOUND', () =>
      spec.given([]).when({ type: 'CreatePixCharge', charge }).thenThrows('ERR_NO_INVOICE_FOUND'));
    it('a payment notice refuses with ERR_NO_INVOICE_FOUND', () =>
      spec.given([]).when({ type: 'PayInvoice', txid: 'abc123', paidAt }).thenThrows('ERR_NO_INVOICE_FOUND'));
  });

  describe('When issued', () => {
    it('issuing again for the same due date decides nothing', () =>
      spec.given([issued]).when({ type: 'IssueInvoice', invoice }).thenNothing());
    it('a charge is for the invoice value, with the billing address kept', () =>
      spec
        .given([issued])
        .when({ type: 'CreatePixCharge', charge: { ...charge, billing: { city: 'Recife' } } })
        .then([
          pixChargeCreated({
            invoiceId,
            companyId,
            value: 199.9,
            ...charge,
            billing: { city: 'Recife' },
          }),
        ]));
    it('a notice for a txid never charged is unknown', () =>
      spec
        .given([issued])
        .when({ type: 'PayInvoice', txid: 'abc123', paidAt })
        .thenThrows('ERR_NO_INVOICE_FOUND'));
    it('the operator may mark it paid (sandbox)', () =>
      spec
        .given([issued])
        .when({ type: 'PayInvoice', txid: null, paidAt })
        .then([invoicePaid({ invoiceId, companyId, txid: 'sandbox', paidAt })]));
  });

  describe('When charged', () => {
    it('a second checkout decides nothing (the same charge is answered)', () =>
      spec.given([issued, charged]).when({ type: 'CreatePixCharge', charge }).thenNothing());
    it('the notice of its txid pays it', () =>
      spec
        .given([issued, charged])
        .when({ type: 'PayInvoice', txid: 'abc123', paidAt, endToEndId: 'E123' })
        .then([paid]));
    it("another charge's txid is unknown", () =>
      spec
        .given([issued, charged])
        .when({ type: 'PayInvoice', txid: 'zzz999', paidAt })
        .thenThrows('ERR_NO_INVOICE_FOUND'));
  });

  describe('When paid', () => {
    it('a replayed notice decides nothing', () =>
      spec
        .given([issued, charged, paid])
        .when({ type: 'PayInvoice', txid: 'abc123', paidAt: '2026-03-02T00:00:00.000Z' })
        .thenNothing());
    it('the operator paying again is told it is paid', () =>
      spec
        .given([issued, charged, paid])
        .when({ type: 'PayInvoice', txid: null, paidAt })
        .thenThrows('ERR_INVOICE_ALREADY_PAID'));
    it('a new charge refuses with ERR_INVOICE_ALREADY_PAID', () =>
      spec
        .given([issued, charged, paid])
        .when({ type: 'CreatePixCharge', charge })
        .thenThrows('ERR_INVOICE_ALREADY_PAID'));
  });
});
