import type { SubscriptionRequest } from '@zelo/contracts/billing/api';
import type { InvoiceView, PixChargeView } from '@zelo/contracts/billing/read-models';
import type { CompanyView, PlanView } from '@zelo/contracts/tenancy/read-models';
import * as v from 'valibot';
import { apiRequest } from '../../../lib/api.ts';

const required = (max: number) =>
  v.pipe(
    v.string('validation.required'),
    v.trim(),
    v.minLength(1, 'validation.required'),
    v.maxLength(max, 'validation.tooLong'),
  );

/** Checkout step 1 (doc 1 §5, the fuller form): who pays and where; the server's limits. */
export const CheckoutData = v.object({
  firstName: required(100),
  lastName: required(100),
  address: required(200),
  city: required(100),
  state: required(100),
  zipcode: required(20),
  country: required(100),
});
export type CheckoutData = v.InferOutput<typeof CheckoutData>;

/** Checkout step 2 ("Personalizar"): the plan the invoice renews. */
export const CheckoutPlan = v.object({ planId: v.pipe(v.string('validation.required'), v.minLength(1)) });

export type CheckoutValues = CheckoutData & { planId: string };

/** POST /subscription: the Pix charge of the invoice (the amount is the invoice's, whatever `price` says). */
export function createCharge(invoice: InvoiceView, values: CheckoutValues, plan: PlanView | undefined) {
  const body: SubscriptionRequest = {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    address2: values.address.trim(),
    city: values.city.trim(),
    state: values.state.trim(),
    zipcode: values.zipcode.trim(),
    country: values.country.trim(),
    useAddressForPaymentDetails: false,
    plan: plan ? { id: plan.id, name: plan.name } : undefined,
    price: invoice.value,
    users: plan?.users,
    connections: plan?.connections,
    invoiceId: invoice.id,
  };
  return apiRequest<PixChargeView>('/subscription', { method: 'POST', body });
}

/** Sandbox only, super user only: the operator marks the invoice paid (as `zelo billing pay` does). */
export const markInvoicePaid = (invoiceId: string) =>
  apiRequest<unknown>(`/invoices/${encodeURIComponent(invoiceId)}/pay`, { method: 'POST' });

export const listPlans = (signal?: AbortSignal) => apiRequest<PlanView[]>('/plans/list', { signal });

/** The company's own record: its e-mail is where the charges go. */
export const getCompany = (companyId: string, signal?: AbortSignal) =>
  apiRequest<CompanyView>(`/companies/${encodeURIComponent(companyId)}`, { signal });

/**
 * The invoice the sign-now button pays: the company's oldest unpaid one, or null while none is issued
 * yet. The super user's list holds every company's invoices, so a few pages are read to find the caller's.
 */
export async function findPayableInvoice(companyId: string, signal?: AbortSignal) {
  const unpaid: InvoiceView[] = [];
  for (let pageNumber = 1; pageNumber <= MAX_PAGES; pageNumber++) {
    const page = await apiRequest<InvoiceView[]>('/invoices/all', { signal, query: { pageNumber } });
    unpaid.push(...page.filter((i) => i.companyId === companyId && i.status !== 'paid'));
    if (unpaid.length > 0 || page.length < PAGE_SIZE) break;
  }
  return unpaid.sort((a, b) => a.dueDate.localeCompare(b.dueDate))[0] ?? null;
}
const PAGE_SIZE = 20;
const MAX_PAGES = 10;
