/** Doc 1 §4 / doc 2 §4: paid; past due and unpaid is expired; otherwise open. */
export type InvoiceStatus = 'paid' | 'open' | 'expired';

/** One invoice as /financeiro lists it (GET /invoices/all); the super user's list carries every company's. */
export interface InvoiceView {
  id: string;
  companyId: string;
  companyName: string;
  /** What is charged, e.g. "Plano Profissional - MENSAL". */
  detail: string;
  /** BRL, two decimals. */
  value: number;
  /** ISO instant: the due date this invoice pays for. */
  dueDate: string;
  /** Derived at read time from paidAt and dueDate, so an open invoice turns expired without an event. */
  status: InvoiceStatus;
  paidAt: string | null;
  createdAt: string;
}

/**
 * The Pix data POST /subscription answers (doc 2 §3 "Pix payment: qrcode, valor.original"), in the shape
 * of a Pix immediate charge (`cob`) as Efí answers it, plus its QR: `qrcode.qrcode` is the
 * copy-and-paste BR Code (EMV payload), `qrcode.imagemQrcode` a data URL of its image.
 */
export interface PixChargeView {
  txid: string;
  invoiceId: string;
  status: 'ATIVA' | 'CONCLUIDA';
  valor: { original: string };
  qrcode: { qrcode: string; imagemQrcode: string };
  /** The sandbox adapter: the super user (or `zelo billing pay`) may mark it paid. */
  sandbox: boolean;
}

/** The `company-{id}-payment` socket frame once an invoice is paid. */
export interface PaymentFrame {
  action: 'CONCLUIDA';
  invoiceId: string;
  company: { id: string; dueDate: string };
}
