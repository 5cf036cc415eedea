import type { PaymentFrame } from '@zelo/contracts/billing/read-models';
import { useSocketEvent } from '../../../lib/socket.ts';
import { appStore, sessionAtom, useAtomValue } from '../../../lib/store.ts';

/** The session's company now runs until the paid invoice's new due date (the top bar shows it). */
export function applyPayment(frame: PaymentFrame) {
  const session = appStore.get(sessionAtom);
  if (!session || frame.action !== 'CONCLUIDA' || session.user.companyId !== frame.company.id) return;
  const company = { ...session.user.company, dueDate: frame.company.dueDate };
  appStore.set(sessionAtom, { ...session, user: { ...session.user, company } });
}

/** Mounted once by the app: keeps the session's due date following the company's payments. */
export function usePaymentSessionSync() {
  const companyId = useAtomValue(sessionAtom)?.user.companyId;
  useSocketEvent(companyId ? `company-${companyId}-payment` : null, applyPayment);
}

/** Calls `onPaid` when the company's browsers hear that this invoice was paid (action CONCLUIDA). */
export function useInvoicePaid(invoiceId: string, onPaid: (frame: PaymentFrame) => void) {
  const companyId = useAtomValue(sessionAtom)?.user.companyId;
  useSocketEvent(companyId ? `company-${companyId}-payment` : null, (frame) => {
    if (frame.action === 'CONCLUIDA' && frame.invoiceId === invoiceId) onPaid(frame);
  });
}
