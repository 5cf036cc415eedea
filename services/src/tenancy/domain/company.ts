import { withPrivacyDefaults } from '@zelo/contracts/contacts/privacy';
import { DomainError } from '@zelo/contracts/errors';
import type {
  CompanyCreated,
  CompanySchedulesChanged,
  CompanySignedUp,
  CompanyUpdated,
  TenancyEvent,
} from '@zelo/contracts/tenancy/events';
import { addRecurrence } from '@zelo/contracts/tenancy/recurrence';

export type CompanyProfile = Omit<CompanyUpdated['data'], 'companyId'>;

export type CompanyState =
  | { kind: 'none' }
  | {
      kind: 'exists';
      companyId: string;
      profile: CompanyProfile;
      settings: Record<string, string>;
      /** Invoices that already moved the due date: a second payment notice moves nothing. */
      paidInvoices: string[];
    }
  | { kind: 'deleted'; companyId: string }
  | { kind: 'erased'; companyId: string };

export const initialCompanyState = (): CompanyState => ({ kind: 'none' });

const profileOf = (d: CompanySignedUp['data'] | CompanyCreated['data']): CompanyProfile => ({
  name: d.name,
  email: d.email,
  phone: d.phone,
  planId: d.planId,
  status: 'status' in d ? d.status : true,
  dueDate: d.dueDate,
  recurrence: d.recurrence,
});

export function evolveCompany(state: CompanyState, event: TenancyEvent): CompanyState {
  switch (event.type) {
    case 'CompanySignedUp':
    case 'CompanyCreated':
      return {
        kind: 'exists',
        companyId: event.data.companyId,
        profile: profileOf(event.data),
        settings: event.data.settings,
        paidInvoices: [],
      };
    case 'CompanyUpdated': {
      if (state.kind !== 'exists') return state;
      const { companyId: _, ...profile } = event.data;
      return { ...state, profile };
    }
    case 'CompanyDueDateMoved':
      return state.kind === 'exists'
        ? {
            ...state,
            profile: { ...state.profile, dueDate: event.data.dueDate },
            paidInvoices: [...state.paidInvoices, event.data.invoiceId],
          }
        : state;
    case 'CompanySettingChanged':
      return state.kind === 'exists'
        ? { ...state, settings: { ...state.settings, [event.data.key]: event.data.value } }
        : state;
    case 'CompanyDeleted':
      return { kind: 'deleted', companyId: event.data.companyId };
    case 'CompanyErased':
      return { kind: 'erased', companyId: event.data.companyId };
    default:
      return state;
  }
}

export type CompanyCommand =
  | { type: 'SignUpCompany'; company: CompanySignedUp['data'] }
  | { type: 'CreateCompany'; company: CompanyCreated['data'] }
  | { type: 'UpdateCompany'; changes: Partial<CompanyProfile>; campaignsEnabled?: boolean }
  | { type: 'MoveDueDateForPayment'; invoiceId: string; invoiceDueDate: string }
  | { type: 'DeleteCompany' }
  | { type: 'EraseCompany' }
  | { type: 'ChangeSetting'; key: string; value: string }
  | { type: 'ChangeSchedules'; schedules: CompanySchedulesChanged['data']['schedules'] };

type Cmd<T extends CompanyCommand['type']> = Extract<CompanyCommand, { type: T }>;
type Existing = Extract<CompanyState, { kind: 'exists' }>;

function existing(state: CompanyState): Existing {
  if (state.kind !== 'exists') throw new DomainError('ERR_NO_COMPANY_FOUND', 'company not found');
  return state;
}

const signUpCompany = (command: Cmd<'SignUpCompany'>, state: CompanyState): TenancyEvent[] =>
  state.kind === 'none' ? [{ type: 'CompanySignedUp', data: command.company }] : [];

const createCompany = (command: Cmd<'CreateCompany'>, state: CompanyState): TenancyEvent[] =>
  state.kind === 'none' ? [{ type: 'CompanyCreated', data: command.company }] : [];

const sameProfile = (a: CompanyProfile, b: CompanyProfile) =>
  (Object.keys(a) as (keyof CompanyProfile)[]).every((k) => a[k] === b[k]);

/** Only what changed is recorded; campaignsEnabled is the company setting of that name. */
function updateCompany(command: Cmd<'UpdateCompany'>, state: CompanyState): TenancyEvent[] {
  const { companyId, profile, settings } = existing(state);
  const defined = Object.fromEntries(Object.entries(command.changes).filter(([, v]) => v !== undefined));
  const next: CompanyProfile = { ...profile, ...defined };
  const events: TenancyEvent[] = sameProfile(profile, next)
    ? []
    : [{ type: 'CompanyUpdated', data: { companyId, ...next } }];
  if (command.campaignsEnabled !== undefined) {
    const value = command.campaignsEnabled ? 'enabled' : 'disabled';
    if (settings.campaignsEnabled !== value) {
      events.push({ type: 'CompanySettingChanged', data: { companyId, key: 'campaignsEnabled', value } });
    }
  }
  return events;
}

/**
 * A paid invoice extends the subscription by one recurrence from the later of the invoice's due date
 * and the company's (paying early never loses days; paying a stale invoice never goes backwards).
 */
function moveDueDateForPayment(command: Cmd<'MoveDueDateForPayment'>, state: CompanyState): TenancyEvent[] {
  const { companyId, profile, paidInvoices } = existing(state);
  if (paidInvoices.includes(command.invoiceId)) return [];
  const current = profile.dueDate;
  const from =
    current && Date.parse(current) > Date.parse(command.invoiceDueDate) ? current : command.invoiceDueDate;
  const dueDate = addRecurrence(new Date(from).toISOString(), profile.recurrence);
  return [
    {
      type: 'CompanyDueDateMoved',
      data: { companyId, dueDate, previousDueDate: current, invoiceId: command.invoiceId, reason: 'payment' },
    },
  ];
}

function deleteCompany(state: CompanyState): TenancyEvent[] {
  if (state.kind === 'deleted') return [];
  const { companyId } = existing(state);
  return [{ type: 'CompanyDeleted', data: { companyId } }];
}

/** Only a deleted company is erased, once. */
const eraseCompany = (state: CompanyState): TenancyEvent[] =>
  state.kind === 'deleted' ? [{ type: 'CompanyErased', data: { companyId: state.companyId } }] : [];

function changeSetting(command: Cmd<'ChangeSetting'>, state: CompanyState): TenancyEvent[] {
  const company = existing(state);
  const { companyId } = company;
  // Companies older than the privacy settings (issue 25) have them at their defaults.
  const settings = withPrivacyDefaults(company.settings);
  const { key, value } = command;
  if (!Object.hasOwn(settings, key)) throw new DomainError('ERR_NO_SETTING_FOUND', `unknown setting ${key}`);
  if (settings[key] === value) return [];
  return [{ type: 'CompanySettingChanged', data: { companyId, key, value } }];
}

function changeSchedules(command: Cmd<'ChangeSchedules'>, state: CompanyState): TenancyEvent[] {
  const { companyId } = existing(state);
  return [{ type: 'CompanySchedulesChanged', data: { companyId, schedules: command.schedules } }];
}

export function decideCompany(command: CompanyCommand, state: CompanyState): TenancyEvent[] {
  switch (command.type) {
    case 'SignUpCompany':
      return signUpCompany(command, state);
    case 'CreateCompany':
      return createCompany(command, state);
    case 'UpdateCompany':
      return updateCompany(command, state);
    case 'MoveDueDateForPayment':
      return moveDueDateForPayment(command, state);
    case 'DeleteCompany':
      return deleteCompany(state);
    case 'EraseCompany':
      return eraseCompany(state);
    case 'ChangeSetting':
      return changeSetting(command, state);
    case 'ChangeSchedules':
      return changeSchedules(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

/** Trial sign-up: due date three days ahead (doc 1 §9), at the end of that day. */
export function trialDueDate(now: Date): string {
  const d = new Date(now);
  d.setUTCDate(d.getUTCDate() + 3);
  d.setUTCHours(23, 59, 59, 0);
  return d.toISOString();
}

/** A company without a due date (cleared by the super user) never expires. */
export const isSubscriptionActive = (dueDate: string | null, now: Date) =>
  dueDate === null || new Date(dueDate).getTime() > now.getTime();

/** Whole days left until the due date, for the login warning under five days. */
export const daysUntilDue = (dueDate: string, now: Date) =>
  Math.ceil((new Date(dueDate).getTime() - now.getTime()) / 86_400_000);
