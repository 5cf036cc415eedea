import { DomainError } from '@zelo/contracts/errors';
import type { CompanySchedulesChanged, CompanySignedUp, TenancyEvent } from '@zelo/contracts/tenancy/events';

export type CompanyState =
  | { kind: 'none' }
  | { kind: 'exists'; companyId: string; dueDate: string; settings: Record<string, string> };

export const initialCompanyState = (): CompanyState => ({ kind: 'none' });

export function evolveCompany(state: CompanyState, event: TenancyEvent): CompanyState {
  switch (event.type) {
    case 'CompanySignedUp':
      return {
        kind: 'exists',
        companyId: event.data.companyId,
        dueDate: event.data.dueDate,
        settings: event.data.settings,
      };
    case 'CompanySettingChanged':
      return state.kind === 'exists'
        ? { ...state, settings: { ...state.settings, [event.data.key]: event.data.value } }
        : state;
    default:
      return state;
  }
}

export type CompanyCommand =
  | { type: 'SignUpCompany'; company: CompanySignedUp['data'] }
  | { type: 'ChangeSetting'; key: string; value: string }
  | { type: 'ChangeSchedules'; schedules: CompanySchedulesChanged['data']['schedules'] };

type Cmd<T extends CompanyCommand['type']> = Extract<CompanyCommand, { type: T }>;
type Existing = Extract<CompanyState, { kind: 'exists' }>;

function existing(state: CompanyState): Existing {
  if (state.kind === 'none') throw new DomainError('ERR_NO_COMPANY_FOUND', 'company not found');
  return state;
}

const signUpCompany = (command: Cmd<'SignUpCompany'>, state: CompanyState): TenancyEvent[] =>
  state.kind === 'none' ? [{ type: 'CompanySignedUp', data: command.company }] : [];

function changeSetting(command: Cmd<'ChangeSetting'>, state: CompanyState): TenancyEvent[] {
  const { companyId, settings } = existing(state);
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

export const isSubscriptionActive = (dueDate: string, now: Date) =>
  new Date(dueDate).getTime() > now.getTime();

/** Whole days left until the due date, for the login warning under five days. */
export const daysUntilDue = (dueDate: string, now: Date) =>
  Math.ceil((new Date(dueDate).getTime() - now.getTime()) / 86_400_000);
