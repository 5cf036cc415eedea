import '../../../components/ui/admin-page.css';
import './subscription.css';
import { Button, Callout, Card } from '@blueprintjs/core';
import type { InvoiceView } from '@zelo/contracts/billing/read-models';
import { useState } from 'react';
import { daysLeft, formatDate } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import { useSocketEvent } from '../../../lib/socket.ts';
import { refreshKeyAtom, sessionAtom, useAtomValue } from '../../../lib/store.ts';
import { useRequest } from '../../../lib/use-request.ts';
import { findPayableInvoice, getCompany } from '../api/subscription.ts';
import { CheckoutDialog } from './checkout-dialog.tsx';

/** Doc 2 §2.20: the days left (rounded up), the charge e-mail, and sign now (the checkout). */
export function SubscriptionPage() {
  const t = useT();
  const user = useAtomValue(sessionAtom)?.user;
  const refreshKey = useAtomValue(refreshKeyAtom);
  const companyId = user?.companyId ?? '';
  const company = useRequest((signal) => getCompany(companyId, signal), [companyId]);
  const invoice = useRequest((signal) => findPayableInvoice(companyId, signal), [companyId, refreshKey]);
  // Kept apart from the request: the invoice stays in the checkout after its payment reloads the request.
  const [paying, setPaying] = useState<InvoiceView | null>(null);
  // A payment elsewhere (another tab, the operator) leaves nothing to pay here.
  useSocketEvent(companyId ? `company-${companyId}-payment` : null, () => invoice.reload());

  const dueDate = user?.company.dueDate;
  const days = dueDate ? daysLeft(dueDate) : 0;
  return (
    <div className="admin-page subscription-page" data-testid="subscription-page">
      <div className="admin-page-head">
        <h2>{t('subscription.title')}</h2>
      </div>
      <Card className="subscription-card">
        <h3>{t('subscription.remaining')}</h3>
        <div className="subscription-days" data-testid="subscription-days">
          {t('subscription.days', { count: days })}
        </div>
        {dueDate && (
          <div data-testid="subscription-due">{t('subscription.until', { date: formatDate(dueDate) })}</div>
        )}
        <div data-testid="subscription-email">
          {t('subscription.chargeEmail')}: <strong>{company.data?.email ?? user?.email ?? ''}</strong>
        </div>
        {invoice.data === null && !invoice.loading && (
          <Callout icon="info-sign" data-testid="subscription-no-invoice">
            {t('subscription.noInvoice')}
          </Callout>
        )}
        <div>
          <Button
            intent="success"
            size="large"
            icon="bank-account"
            text={t('subscription.signNow')}
            disabled={!invoice.data}
            loading={invoice.loading}
            onClick={() => setPaying(invoice.data ?? null)}
            data-testid="subscription-sign-now"
          />
        </div>
      </Card>
      {paying && <CheckoutDialog invoice={paying} onClose={() => setPaying(null)} />}
    </div>
  );
}
