import type { Projection } from '../runner.ts';
import { write } from '../write-buffer.ts';

export const invoicesMigrations = [
  {
    id: 'projections/billing-001-invoices',
    sql: `
      CREATE TABLE invoices (
        id uuid PRIMARY KEY, company_id uuid NOT NULL, detail text NOT NULL, value numeric(12,2) NOT NULL,
        due_date timestamptz NOT NULL, txid text, provider text, paid_at timestamptz,
        -- The company's due date after this invoice's payment moved it (the payment frame carries it).
        renewed_due_date timestamptz,
        created_at timestamptz NOT NULL
      );
      CREATE INDEX invoices_company ON invoices (company_id, due_date DESC);`,
  },
];

/**
 * Invoices as /financeiro lists them. The status is not stored: paid, or expired once the due date
 * passes unpaid, is derived when read. A payment's due-date move (the company's event) is kept on its
 * invoice and reported as a `payment` change: the socket gateway sends the company its CONCLUIDA frame.
 */
export const invoicesProjection: Projection = {
  name: 'invoices',
  tables: ['invoices'],
  async handle(tx, e) {
    switch (e.type) {
      case 'InvoiceIssued': {
        const d = e.data;
        await write(
          tx,
          `INSERT INTO invoices (id, company_id, detail, value, due_date, created_at)
           VALUES ($1,$2,$3,$4,$5,$6) ON CONFLICT (id) DO NOTHING`,
          [d.invoiceId, d.companyId, d.detail, d.value, d.dueDate, e.metadata.at],
        );
        return;
      }
      case 'PixChargeCreated':
        await write(tx, 'UPDATE invoices SET txid = $2, provider = $3 WHERE id = $1', [
          e.data.invoiceId,
          e.data.txid,
          e.data.provider,
        ]);
        return;
      case 'InvoicePaid':
        await write(tx, 'UPDATE invoices SET paid_at = $2, txid = $3 WHERE id = $1', [
          e.data.invoiceId,
          e.data.paidAt,
          e.data.txid,
        ]);
        return;
      case 'CompanyDueDateMoved': {
        const { invoiceId, companyId, dueDate } = e.data;
        const r = await tx.query(
          'UPDATE invoices SET renewed_due_date = $2 WHERE id = $1 AND company_id = $3',
          [invoiceId, dueDate, companyId],
        );
        if (!r.rowCount) return;
        return [{ companyId, kind: 'payment' as const, action: 'update' as const, id: invoiceId }];
      }
    }
  },
};
