import '../../../components/ui/admin-page.css';
import './invoices.css';
import { Button, Card, HTMLTable, InputGroup, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import type { InvoiceStatus, InvoiceView } from '@zelo/contracts/billing/read-models';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { formatBRL, formatDate } from '../../../lib/format.ts';
import { type TKey, useT } from '../../../lib/i18n.ts';
import { useSocketEvent } from '../../../lib/socket.ts';
import { refreshKeyAtom, sessionAtom, useAtomValue } from '../../../lib/store.ts';
import { toastError, toastSuccess } from '../../../lib/toaster.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { INVOICES_PAGE_SIZE, isPayable, markInvoicePaid, searchInvoices } from '../api/invoices.ts';

const NEAR_BOTTOM_PX = 100;

const STATUS: Record<InvoiceStatus, { label: TKey; intent: 'success' | 'primary' | 'danger' }> = {
  paid: { label: 'invoices.statusPaid', intent: 'success' },
  open: { label: 'invoices.statusOpen', intent: 'primary' },
  expired: { label: 'invoices.statusExpired', intent: 'danger' },
};

interface Props {
  /** The checkout for one invoice (composed by the app: features do not import each other). */
  renderCheckout: (invoice: InvoiceView, close: () => void) => ReactNode;
}

/** Doc 1 §4 /financeiro: the company's invoices (every company's for the super user); expired rows highlighted. */
export function InvoicesPage({ renderCheckout }: Props) {
  const t = useT();
  const user = useAtomValue(sessionAtom)?.user;
  const refreshKey = useAtomValue(refreshKeyAtom);
  const [search, setSearch] = useState('');
  const query = useDebounced(search, 500).trim();
  const [page, setPage] = useState(1);
  const [records, setRecords] = useState<InvoiceView[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);
  const [paying, setPaying] = useState<InvoiceView | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search or a payment restarts at page 1
  useEffect(() => setPage(1), [query, version, refreshKey]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` refetches after a payment
  useEffect(() => {
    const ctrl = new AbortController();
    setLoading(true);
    searchInvoices(query, page, ctrl.signal)
      .then((rows) => {
        setRecords((prev) =>
          page === 1 ? rows : [...prev, ...rows.filter((n) => !prev.some((o) => o.id === n.id))],
        );
        setHasMore(rows.length >= INVOICES_PAGE_SIZE);
      })
      .catch((err) => !ctrl.signal.aborted && toastError(err))
      .finally(() => !ctrl.signal.aborted && setLoading(false));
    return () => ctrl.abort();
  }, [query, page, version, refreshKey]);

  useSocketEvent(user ? `company-${user.companyId}-payment` : null, () => setVersion((n) => n + 1));

  const showCompany = !!user?.super;
  // The checkout charges the caller's own company; the super user settles another's only in the sandbox.
  const markPaid = async (invoice: InvoiceView) => {
    try {
      await markInvoicePaid(invoice.id);
      toastSuccess(t('invoices.markedPaid'));
      setVersion((n) => n + 1);
    } catch (err) {
      toastError(err);
    }
  };
  return (
    <div className="admin-page" data-testid="invoices-page">
      <div className="admin-page-head">
        <h2>{t('invoices.title')}</h2>
        <InputGroup
          leftIcon="search"
          placeholder={t('invoices.search')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          data-testid="invoices-search"
        />
        <Link href="/subscription" data-testid="invoices-subscription">
          {t('invoices.subscription')}
        </Link>
      </div>
      <Card
        className="admin-page-card"
        onScroll={(e) => {
          const el = e.currentTarget;
          if (hasMore && !loading && el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX)
            setPage((n) => n + 1);
        }}
      >
        <HTMLTable striped compact className="admin-table invoices-table" data-testid="invoices-table">
          <thead>
            <tr>
              <th>{t('invoices.id')}</th>
              {showCompany && <th>{t('invoices.company')}</th>}
              <th>{t('invoices.detail')}</th>
              <th>{t('invoices.value')}</th>
              <th>{t('invoices.dueDate')}</th>
              <th>{t('invoices.status')}</th>
              <th>{t('invoices.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {records.map((invoice) => (
              <tr
                key={invoice.id}
                className={invoice.status === 'expired' ? 'invoice-expired' : undefined}
                data-testid="invoice-row"
                data-status={invoice.status}
              >
                <td title={invoice.id}>
                  <code>{invoice.id.slice(0, 8)}</code>
                </td>
                {showCompany && <td>{invoice.companyName}</td>}
                <td>{invoice.detail}</td>
                <td>{formatBRL(invoice.value)}</td>
                <td>{formatDate(invoice.dueDate)}</td>
                <td>
                  <Tag minimal intent={STATUS[invoice.status].intent} data-testid="invoice-status">
                    {t(STATUS[invoice.status].label)}
                  </Tag>
                </td>
                <td>
                  {isPayable(invoice) && invoice.companyId === user?.companyId && (
                    <Button
                      size="small"
                      intent="primary"
                      icon="bank-account"
                      text={t('invoices.pay')}
                      onClick={() => setPaying(invoice)}
                      data-testid="invoice-pay"
                    />
                  )}
                  {isPayable(invoice) && invoice.companyId !== user?.companyId && user?.super && (
                    <Button
                      size="small"
                      variant="outlined"
                      icon="endorsed"
                      text={t('invoices.markPaid')}
                      onClick={() => void markPaid(invoice)}
                      data-testid="invoice-mark-paid"
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        {loading && <Spinner size={24} />}
        {!loading && records.length === 0 && <NonIdealState icon="dollar" title={t('invoices.empty')} />}
      </Card>
      {paying &&
        renderCheckout(paying, () => {
          setPaying(null);
          setVersion((n) => n + 1);
        })}
    </div>
  );
}
