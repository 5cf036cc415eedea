import {
  ActivityFailure,
  condition,
  continueAsNew,
  defineSignal,
  proxyActivities,
  setHandler,
} from '@temporalio/workflow';
import type { RenewalActivities } from './activities.ts';

/** One renewal per company: signal-with-start finds it by name. */
export const renewalWorkflowId = (companyId: string) => `subscription-${companyId}`;

const DAY_MS = 24 * 3600 * 1000;

export interface RenewalInput {
  companyId: string;
  /** The company's due date as its latest event told it; null: it never expires. */
  dueDate: string | null;
  /** How long before the due date the invoice is issued (default 20 days, as the reference). */
  issueLeadMs?: number;
  /** How long before the due date the second reminder goes (default 3 days). */
  reminderLeadMs?: number;
  /** Reminders already sent for this due date (`<dueDate>:<kind>`), carried across continue-as-new. */
  reminded?: string[];
}

/** The due date may have changed (a payment, the super user's edit or Expire): plan again. */
export const replanSignal = defineSignal<[{ dueDate: string | null }]>('replan');
/** The company was deleted: the renewal ends. */
export const stopSignal = defineSignal('stop');

const { issueRenewalInvoice, remindInvoice } = proxyActivities<RenewalActivities>({
  startToCloseTimeout: '1 minute',
  retry: {
    initialInterval: '1 second',
    backoffCoefficient: 2,
    maximumInterval: '1 minute',
    maximumAttempts: 12,
  },
});

/**
 * A company's subscription: sleeps until `issueLead` before the due date, issues that due date's
 * invoice (idempotent), e-mails a reminder at issue and again `reminderLead` before the due date while
 * unpaid, then waits for the due date to change (a payment moves it by the recurrence) and goes round
 * again as a new run. Unpaid past the due date, the login refuses the company until it pays.
 */
export async function renewSubscriptionWorkflow(input: RenewalInput): Promise<'stopped'> {
  const issueLeadMs = input.issueLeadMs ?? 20 * DAY_MS;
  const reminderLeadMs = input.reminderLeadMs ?? 3 * DAY_MS;
  let dueDate = input.dueDate;
  let replanned = false;
  let stopped = false;
  setHandler(replanSignal, (s) => {
    dueDate = s.dueDate;
    replanned = true;
  });
  setHandler(stopSignal, () => {
    stopped = true;
  });
  const interrupted = () => replanned || stopped;
  /** Workflow time (Date.now) is deterministic; true when a signal woke it first. */
  const sleepUntil = async (at: number) => {
    if (!interrupted() && at > Date.now()) await condition(interrupted, at - Date.now());
    return interrupted();
  };
  const planned = dueDate;
  const reminded = new Set((input.reminded ?? []).filter((k) => planned && k.startsWith(`${planned}:`)));

  if (planned) {
    const due = Date.parse(planned);
    try {
      if (!(await sleepUntil(due - issueLeadMs))) {
        const issued = await issueRenewalInvoice(input.companyId, planned);
        if (issued.outcome === 'gone') return 'stopped';
        const invoice = { invoiceId: issued.invoiceId, dueDate: planned };
        // A second reminder only when the first went well before it (a third of the lead: a day, for 3
        // days), so that a 3-day trial is not e-mailed twice the same day.
        const remindLater = Date.now() < due - reminderLeadMs - reminderLeadMs / 3;
        if (!issued.paid && !reminded.has(`${planned}:issued`)) {
          await remindInvoice(input.companyId, invoice, 'issued');
          reminded.add(`${planned}:issued`);
        }
        if (!issued.paid && remindLater && !(await sleepUntil(due - reminderLeadMs))) {
          if (!reminded.has(`${planned}:due-soon`)) {
            await remindInvoice(input.companyId, invoice, 'due-soon');
            reminded.add(`${planned}:due-soon`);
          }
        }
      }
    } catch (err) {
      // Retries ran out (the read model never showed the company): wait for the next change.
      if (!(err instanceof ActivityFailure)) throw err;
    }
  }
  await condition(interrupted);
  if (stopped) return 'stopped';
  return continueAsNew<typeof renewSubscriptionWorkflow>({ ...input, dueDate, reminded: [...reminded] });
}
