import type { InvoiceStatus, InvoiceView } from '@zelo/contracts/billing/read-models';
import type pg from 'pg';
import { containsPattern } from '../sql.ts';

const PAGE_SIZE = 20;

interface InvoiceRow {
  id: string;
  companyId: string;
  companyName: string | null;
  detail: string;
  value: number;
  dueDate: Date;
  paidAt: Date | null;
  createdAt: Date;
}

const select = `
  SELECT i.id, i.company_id AS "companyId", c.name AS "companyName", i.detail, i.value::float8 AS value,
         i.due_date AS "dueDate", i.paid_at AS "paidAt", i.created_at AS "createdAt"
    FROM invoices i LEFT JOIN companies c ON c.id = i.company_id`;

/** Doc 1 §4: paid; past due and unpaid is expired; otherwise open. */
export const invoiceStatus = (dueDate: Date, paidAt: Date | null, now: Date): InvoiceStatus =>
  paidAt ? 'paid' : dueDate.getTime() < now.getTime() ? 'expired' : 'open';

const toView =
  (now: Date) =>
  (r: InvoiceRow): InvoiceView => ({
    id: r.id,
    companyId: r.companyId,
    companyName: r.companyName ?? '',
    detail: r.detail,
    value: r.value,
    dueDate: r.dueDate.toISOString(),
    status: invoiceStatus(r.dueDate, r.paidAt, now),
    paidAt: r.paidAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  });

/**
 * GET /invoices/all: one company's invoices (or, for the super user, every company's: companyId null),
 * newest due date first, 20 per page, searched by detail or company name.
 */
export async function listInvoices(
  pool: pg.Pool,
  q: { companyId: string | null; searchParam?: string; pageNumber: number; now: Date },
): Promise<InvoiceView[]> {
  const params: unknown[] = [];
  const where: string[] = [];
  if (q.companyId) {
    params.push(q.companyId);
    where.push(`i.company_id = $${params.length}`);
  }
  if (q.searchParam?.trim()) {
    params.push(containsPattern(q.searchParam));
    where.push(`(i.detail ILIKE $${params.length} OR c.name ILIKE $${params.length})`);
  }
  params.push(PAGE_SIZE, (q.pageNumber - 1) * PAGE_SIZE);
  const { rows } = await pool.query<InvoiceRow>(
    `${select} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY i.due_date DESC, i.id LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return rows.map(toView(q.now));
}

export async function getInvoice(pool: pg.Pool, invoiceId: string, now: Date): Promise<InvoiceView | null> {
  const { rows } = await pool.query<InvoiceRow>(`${select} WHERE i.id = $1`, [invoiceId]);
  return rows[0] ? toView(now)(rows[0]) : null;
}

/** Paid invoices by id with the company due date their payment set (the socket's payment frames). */
export async function getRenewals(
  pool: pg.Pool,
  invoiceIds: string[],
): Promise<{ invoiceId: string; companyId: string; dueDate: string }[]> {
  if (invoiceIds.length === 0) return [];
  const { rows } = await pool.query<{ invoiceId: string; companyId: string; dueDate: Date }>(
    `SELECT id AS "invoiceId", company_id AS "companyId", renewed_due_date AS "dueDate"
       FROM invoices WHERE id = ANY($1::uuid[]) AND renewed_due_date IS NOT NULL`,
    [invoiceIds],
  );
  return rows.map((r) => ({ ...r, dueDate: r.dueDate.toISOString() }));
}

/** What the renewal needs of a company: its due date, recurrence, plan, and where to write. */
export interface Subscription {
  companyId: string;
  name: string;
  email: string;
  dueDate: string | null;
  recurrence: string;
  planName: string;
  value: number;
  /** Deleted or switched off: nothing to renew. */
  active: boolean;
}

export async function getSubscription(pool: pg.Pool, companyId: string): Promise<Subscription | null> {
  const { rows } = await pool.query(
    `SELECT c.id AS "companyId", c.name, c.email, c.due_date AS "dueDate", c.recurrence,
            p.name AS "planName", p.value::float8 AS value, (c.deleted_at IS NULL) AS active
       FROM companies c JOIN plans p ON p.id = c.plan_id WHERE c.id = $1`,
    [companyId],
  );
  const r = rows[0];
  if (!r) return null;
  return { ...r, dueDate: r.dueDate ? (r.dueDate as Date).toISOString() : null };
}
