import { DomainError } from '@zelo/contracts/errors';
import type {
  CompanyCreated,
  CompanySignedUp,
  PlanCreated,
  TenancyEvent,
} from '@zelo/contracts/tenancy/events';
import { defaultCompanySettings } from '@zelo/contracts/tenancy/events';
import { type Actor, commandHandler, type Deps, handleAll, load, step } from '../platform/command-handler.ts';
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
import {
  decidePlan,
  decidePlanNameClaim,
  decidePlanNameRelease,
  evolvePlan,
  evolvePlanName,
  initialPlanNameState,
  initialPlanState,
  normalisePlanName,
  type PlanCommand,
  type PlanFields,
  type PlanNameState,
  type PlanState,
  planNameStreamId,
} from './domain/plan.ts';

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

const planAggregate = { initialState: initialPlanState, evolve: evolvePlan };
const planNameAggregate = { initialState: initialPlanNameState, evolve: evolvePlanName };

const planStep = (planId: string, command: PlanCommand) =>
  step<PlanState, TenancyEvent>({
    streamId: planStreamId(planId),
    aggregate: planAggregate,
    decide: (s) => decidePlan(command, s),
  });

/** The plan's name claim: two plans never share a name, even when created at the same instant. */
const planNameClaimStep = (name: string, planId: string) =>
  step<PlanNameState, TenancyEvent>({
    streamId: planNameStreamId(name),
    aggregate: planNameAggregate,
    decide: (s) => decidePlanNameClaim(name, planId, s),
    ownerStream: (s) => (s.owner ? planStreamId(s.owner) : null),
  });

const planNameReleaseStep = (name: string, planId: string) =>
  step<PlanNameState, TenancyEvent>({
    streamId: planNameStreamId(name),
    aggregate: planNameAggregate,
    decide: (s) => decidePlanNameRelease(name, planId, s),
  });

async function loadPlan(deps: Deps, planId: string) {
  return (await load(deps.store, planStreamId(planId), planAggregate)).state;
}

/**
 * Creates a plan with its name claim, both or neither. Once: seeding calls it on every start, and a
 * plan that exists is left as it is.
 */
export async function createPlan(deps: Deps, plan: PlanCreated['data'], who: Actor) {
  if ((await loadPlan(deps, plan.planId)).kind !== 'none') return { position: null };
  const { planId, ...fields } = plan;
  return handleAll(
    deps,
    [planNameClaimStep(plan.name, planId), planStep(planId, { type: 'CreatePlan', planId, plan: fields })],
    who,
  );
}

/** Updates the plan; a new name is claimed and the old one released in the same append. */
export async function updatePlan(deps: Deps, planId: string, plan: PlanFields, who: Actor) {
  const current = await loadPlan(deps, planId);
  if (current.kind !== 'exists') throw new DomainError('ERR_NO_PLAN_FOUND', 'plan not found');
  const from = current.plan.name;
  const update = planStep(planId, { type: 'UpdatePlan', plan });
  const renamed = normalisePlanName(from) !== normalisePlanName(plan.name);
  const steps = renamed
    ? [planNameClaimStep(plan.name, planId), planNameReleaseStep(from, planId), update]
    : [planNameClaimStep(plan.name, planId), update];
  return handleAll(deps, steps, who);
}

/** Deletes the plan (refused while `inUse`) and frees its name. */
export async function deletePlan(deps: Deps, planId: string, inUse: boolean, who: Actor) {
  const current = await loadPlan(deps, planId);
  const steps = [planStep(planId, { type: 'DeletePlan', inUse })];
  if (current.kind === 'exists') steps.push(planNameReleaseStep(current.plan.name, planId));
  return handleAll(deps, steps, who);
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

export interface NewCompany {
  name: string;
  email: string;
  phone: string;
  password: string;
  planId: string;
  status: boolean;
  dueDate: string | null;
  recurrence: CompanyCreated['data']['recurrence'];
  campaignsEnabled: boolean;
}

/**
 * A company created by the super user, with its first admin (the company's e-mail and the password):
 * the e-mail claim, the admin and the company in one append, as in the sign-up.
 */
export async function createCompany(deps: Deps, c: NewCompany, who: Actor) {
  const companyId = newId();
  const userId = newId();
  const admin = {
    userId,
    companyId,
    name: c.name,
    email: c.email,
    passwordHash: await hashPassword(c.password),
    profile: 'admin' as const,
    super: false,
    allTicket: 'enabled' as const,
    whatsappId: null,
    queueIds: [],
  };
  const company: CompanyCreated['data'] = {
    companyId,
    name: c.name,
    email: c.email,
    phone: c.phone,
    planId: c.planId,
    status: c.status,
    dueDate: c.dueDate,
    recurrence: c.recurrence,
    settings: { ...defaultCompanySettings, campaignsEnabled: c.campaignsEnabled ? 'enabled' : 'disabled' },
  };
  const { position } = await handleAll(
    deps,
    [
      emailClaimStep(c.email, userId, await deletedClaimOwner(deps, c.email)),
      createUserStep(admin),
      step<CompanyState, TenancyEvent>({
        streamId: companyStreamId(companyId),
        aggregate: companyAggregate,
        decide: (state) => decideCompany({ type: 'CreateCompany', company }, state),
      }),
    ],
    { ...who, companyId },
  );
  return { companyId, userId, position };
}
