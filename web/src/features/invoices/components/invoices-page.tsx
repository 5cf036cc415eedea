import '../../../components/ui/admin-page.css';
import './invoices.css';
import { Button, Card, InputGroup, NonIdealState, Tag } from '@blueprintjs/core';
import type { InvoiceStatus, InvoiceView } from '@zelo/contracts/billing/read-models';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { type DataColumn, DataTable } from '../../../components/ui/data-table.tsx';
import { formatBRL, formatDate } from '../../../lib/format.ts';
import { type TKey, useT } from '../../../lib/i18n.ts';
import { useSocketEvent } from '../../../lib/socket.ts';
import { refreshKeyAtom, sessionAtom, useAtomValue } from '../../../lib/store.ts';
import { toastError, toastSuccess } from '../../../lib/toaster.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { INVOICES_PAGE_SIZE, isPayable, markInvoicePaid, searchInvoices } from '../api/invoices.ts';

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
  const columns: DataColumn<InvoiceView>[] = [
    {
      title: t('invoices.id'),
      width: 110,
      render: (invoice) => <code title={invoice.id}>{invoice.id.slice(0, 8)}</code>,
    },
    ...(showCompany ? [{ title: t('invoices.company'), render: (i: InvoiceView) => i.companyName }] : []),
    { title: t('invoices.detail'), render: (invoice) => invoice.detail },
    { title: t('invoices.value'), render: (invoice) => formatBRL(invoice.value) },
    { title: t('invoices.dueDate'), render: (invoice) => formatDate(invoice.dueDate) },
    {
      title: t('invoices.status'),
      render: (invoice) => (
        <Tag minimal intent={STATUS[invoice.status].intent} data-testid="invoice-status">
          {t(STATUS[invoice.status].label)}
        </Tag>
      ),
    },
    {
      title: t('invoices.actions'),
      width: 200,
      render: (invoice) => (
        <>
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
        </>
      ),
    },
  ];

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
      <Card className="admin-page-card invoices-card">
        <DataTable
          testId="invoices-table"
          columns={columns}
          rows={records}
          rowTestId="invoice-row"
          rowProps={(invoice) => ({
            className: invoice.status === 'expired' ? 'invoice-expired' : undefined,
            'data-status': invoice.status,
          })}
          rowHeight={36}
          loading={loading}
          onLoadMore={() => {
            if (hasMore && !loading) setPage((n) => n + 1);
          }}
          empty={<NonIdealState icon="dollar" title={t('invoices.empty')} />}
        />
      </Card>
      {paying &&
        renderCheckout(paying, () => {
          setPaying(null);
          setVersion((n) => n + 1);
        })}
    </div>
  );
}
