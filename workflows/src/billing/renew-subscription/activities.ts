/** A company's subscription as the renewal reads it (the companies and plans read models). */
export interface RenewalSubscription {
  name: string;
  email: string;
  planName: string;
  recurrence: string;
  value: number;
  /** Deleted: nothing more to renew. */
  active: boolean;
}

/** The services' handlers the renewal needs (the app wires the real ones). */
export interface RenewalActivityDeps {
  loadSubscription(companyId: string): Promise<RenewalSubscription | null>;
  /** Issues the invoice of that due date, once however often it is asked. */
  issueInvoice(i: { companyId: string; dueDate: string; detail: string; value: number }): Promise<{
    invoiceId: string;
    paid: boolean;
  }>;
  invoicePaid(invoiceId: string): Promise<boolean>;
  sendMail(mail: { to: string; subject: string; text: string; html?: string }): Promise<void>;
  /** The web app's address, for the link to /financeiro. */
  webUrl: string;
}

export type IssueOutcome = { outcome: 'gone' } | { outcome: 'issued'; invoiceId: string; paid: boolean };

const brl = (value: number) => value.toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' });
const ddmmyyyy = (iso: string) => {
  const d = new Date(iso);
  return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
};

export function createRenewalActivities(deps: RenewalActivityDeps) {
  return {
    /**
     * Issues the invoice of the company's due date, value and detail from its plan. A company not yet in
     * the read model (just signed up) is retried by Temporal; a deleted one has nothing to renew.
     */
    async issueRenewalInvoice(companyId: string, dueDate: string): Promise<IssueOutcome> {
      const s = await deps.loadSubscription(companyId);
      if (!s) throw new Error(`company ${companyId} not in the read model yet`);
      if (!s.active) return { outcome: 'gone' };
      const detail = `Plano ${s.planName} - ${s.recurrence}`;
      const invoice = await deps.issueInvoice({ companyId, dueDate, detail, value: s.value });
      return { outcome: 'issued', ...invoice };
    },

    /** E-mails the company about an unpaid invoice (at issue, and again shortly before it is due). */
    async remindInvoice(
      companyId: string,
      invoice: { invoiceId: string; dueDate: string },
      kind: 'issued' | 'due-soon',
    ): Promise<'sent' | 'skipped'> {
      const s = await deps.loadSubscription(companyId);
      if (!s?.active || (await deps.invoicePaid(invoice.invoiceId))) return 'skipped';
      const due = ddmmyyyy(invoice.dueDate);
      const link = `${deps.webUrl.replace(/\/+$/, '')}/financeiro`;
      const subject =
        kind === 'issued' ? `Zelo: sua fatura vence em ${due}` : `Zelo: sua fatura vence em breve (${due})`;
      const text = [
        `Olá, ${s.name}.`,
        '',
        `A fatura do Plano ${s.planName} (${s.recurrence}), no valor de ${brl(s.value)}, vence em ${due}.`,
        `Pague por Pix em ${link}.`,
        '',
        'Depois do vencimento o acesso fica bloqueado até o pagamento.',
      ].join('\n');
      await deps.sendMail({ to: s.email, subject, text });
      return 'sent';
    },
  };
}

export type RenewalActivities = ReturnType<typeof createRenewalActivities>;
