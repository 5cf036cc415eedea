import type { Projection } from '@zelo/projections/runner';
import type { Actor } from '../platform/command-handler.ts';
import { REACTORS } from '../reactors.ts';

/** The tenancy side's move of a company's due date by a paid invoice (at most once per invoice). */
export type MoveDueDateForPayment = (
  companyId: string,
  payment: { invoiceId: string; dueDate: string },
  who: Actor,
) => Promise<unknown>;

/**
 * An invoice paid moves its company's due date by the company's recurrence: a checkpointed subscriber,
 * so the move happens because InvoicePaid happened, once (the company's stream decides per invoice,
 * so a re-applied batch moves nothing again). The frame to the company's browsers follows from the move.
 */
export function invoicePaymentsReactor(
  moveDueDate: MoveDueDateForPayment,
  invoiceDueDate: (invoiceId: string) => Promise<string | null>,
): Projection {
  return {
    name: REACTORS.invoicePayments,
    tables: [],
    async handle(_tx, e) {
      if (e.type !== 'InvoicePaid') return;
      const { invoiceId, companyId } = e.data;
      const dueDate = await invoiceDueDate(invoiceId);
      if (!dueDate) return;
      await moveDueDate(
        companyId,
        { invoiceId, dueDate },
        { companyId, actor: 'system:billing', correlationId: e.metadata.correlationId },
      );
    },
  };
}
