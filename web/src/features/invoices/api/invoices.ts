import type { InvoiceView } from '@zelo/contracts/billing/read-models';
import { apiRequest } from '../../../lib/api.ts';

/** GET /invoices/all answers a plain array (as the reference does), 20 per page. */
export const INVOICES_PAGE_SIZE = 20;

export const searchInvoices = (searchParam: string, pageNumber: number, signal?: AbortSignal) =>
  apiRequest<InvoiceView[]>('/invoices/all', {
    signal,
    query: { searchParam: searchParam || undefined, pageNumber },
  });

/** Open and expired invoices may be paid; a paid one may not. */
export const isPayable = (invoice: InvoiceView) => invoice.status !== 'paid';

/** Sandbox only, super user only: marks another company's invoice paid (as `zelo billing pay` does). */
export const markInvoicePaid = (invoiceId: string) =>
  apiRequest<unknown>(`/invoices/${encodeURIComponent(invoiceId)}/pay`, { method: 'POST' });
