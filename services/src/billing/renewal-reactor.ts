import type { Projection } from '@zelo/projections/runner';
import { REACTORS } from '../reactors.ts';

/** A company's subscription renewal (Temporal's, wired by the app). Every call is idempotent. */
export interface SubscriptionRenewals {
  /** Starts the company's renewal, or re-plans the running one for this due date (null: none). */
  plan(companyId: string, dueDate: string | null): Promise<void>;
  /** The company is gone: its renewal stops. */
  stop(companyId: string): Promise<void>;
}

/**
 * Keeps one renewal per company in step with the company's stream: started when the company appears,
 * re-planned whenever its due date may have changed (a payment, the super user's edit or Expire).
 */
export function subscriptionRenewalsReactor(renewals: SubscriptionRenewals): Projection {
  return {
    name: REACTORS.subscriptionRenewals,
    tables: [],
    async handle(_tx, e) {
      switch (e.type) {
        case 'CompanySignedUp':
        case 'CompanyCreated':
        case 'CompanyUpdated':
        case 'CompanyDueDateMoved':
          return renewals.plan(e.data.companyId, e.data.dueDate);
        case 'CompanyDeleted':
          return renewals.stop(e.data.companyId);
      }
    },
  };
}
