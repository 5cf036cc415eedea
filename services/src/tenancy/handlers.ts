import type { CompanySignedUp, PlanCreated, TenancyEvent } from '@zelo/contracts/tenancy/events';
import { defaultCompanySettings } from '@zelo/contracts/tenancy/events';
import {
  type Actor,
  commandHandler,
  type Deps,
  handle,
  handleAll,
  step,
} from '../platform/command-handler.ts';
import { newId } from '../platform/ids.ts';
import { createUserStep, deletedClaimOwner, emailClaimStep } from '../users/handlers.ts';
import { hashPassword } from '../users/password.ts';
import {
  type CompanyState,
  decideCompany,
  evolveCompany,
  initialCompanyState,
  trialDueDate,
} from './domain/company.ts';

export const companyStreamId = (companyId: string) => `company-${companyId}`;
export const planStreamId = (planId: string) => `plan-${planId}`;
const companyAggregate = { initialState: initialCompanyState, evolve: evolveCompany };

export const runCompanyCommand = commandHandler(companyAggregate, companyStreamId, decideCompany);

/**
 * A paid invoice moves the company's due date by its recurrence (billing calls this on InvoicePaid).
 * At most once per invoice: a replayed payment notice decides nothing and answers the current due date.
 */
export async function moveDueDateForPayment(
  deps: Deps,
  companyId: string,
  payment: { invoiceId: string /** The invoice's due date. */; dueDate: string },
  who: Actor,
): Promise<{ position: string | null; dueDate: string | null }> {
  const r = await runCompanyCommand(
    deps,
    companyId,
    { type: 'MoveDueDateForPayment', invoiceId: payment.invoiceId, invoiceDueDate: payment.dueDate },
    who,
  );
  const dueDate = r.state.kind === 'exists' ? r.state.profile.dueDate : null;
  return { position: r.position, dueDate };
}

/** Creates a plan once (seeding is idempotent: the stream exists after the first run). */
export function createPlan(deps: Deps, plan: PlanCreated['data'], who: Actor) {
  return handle<boolean, TenancyEvent>(
    deps,
    planStreamId(plan.planId),
    { initialState: () => false, evolve: () => true },
    (exists) => (exists ? [] : [{ type: 'PlanCreated', data: plan }]),
    who,
  );
}

export interface SignUp {
  name: string;
  email: string;
  phone: string;
  password: string;
  planId: string;
  /** Defaults to the trial: three days ahead. */
  dueDate?: string;
  companyId?: string;
  userId?: string;
}

/**
 * Sign-up: the admin's e-mail claim, the admin and the company are written together (one transaction
 * on PostgreSQL), so a failing sign-up leaves the e-mail free; a second sign-up with it fails before
 * anything is written.
 */
export async function signUpCompany(deps: Deps, s: SignUp, who: Actor) {
  const companyId = s.companyId ?? newId();
  const userId = s.userId ?? newId();
  const admin = {
    userId,
    companyId,
    name: s.name,
    email: s.email,
    passwordHash: await hashPassword(s.password),
    profile: 'admin' as const,
    super: false,
    allTicket: 'enabled' as const,
    whatsappId: null,
    queueIds: [],
  };
  const company: CompanySignedUp['data'] = {
    companyId,
    name: s.name,
    email: s.email,
    phone: s.phone,
    planId: s.planId,
    recurrence: 'MENSAL',
    dueDate: s.dueDate ?? trialDueDate(deps.clock.now()),
    settings: { ...defaultCompanySettings },
  };
  const { position } = await handleAll(
    deps,
    [
      emailClaimStep(s.email, userId, await deletedClaimOwner(deps, s.email)),
      createUserStep(admin),
      step<CompanyState, TenancyEvent>({
        streamId: companyStreamId(companyId),
        aggregate: companyAggregate,
        decide: (state) => decideCompany({ type: 'SignUpCompany', company }, state),
      }),
    ],
    { ...who, companyId },
  );
  return { companyId, userId, position };
}
