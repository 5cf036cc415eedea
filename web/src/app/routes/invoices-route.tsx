import { InvoicesPage } from '../../features/invoices/components/invoices-page.tsx';
import { CheckoutDialog } from '../../features/subscription/components/checkout-dialog.tsx';

/** /financeiro: the invoices list, whose Pay button opens the subscription's checkout for that invoice. */
export function InvoicesRoute() {
  return (
    <InvoicesPage renderCheckout={(invoice, close) => <CheckoutDialog invoice={invoice} onClose={close} />} />
  );
}
