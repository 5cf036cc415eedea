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

export function decideCompany(command: CompanyCommand, state: CompanyState): TenancyEvent[] {
  if (command.type === 'SignUpCompany') {
    return state.kind === 'none' ? [{ type: 'CompanySignedUp', data: command.company }] : [];
  }
  if (state.kind === 'none') throw new DomainError('ERR_NO_COMPANY_FOUND', 'company not found');
  if (command.type === 'ChangeSchedules')
    return [
      { type: 'CompanySchedulesChanged', data: { companyId: state.companyId, schedules: command.schedules } },
    ];
  if (!Object.hasOwn(state.settings, command.key))
    throw new DomainError('ERR_NO_SETTING_FOUND', `unknown setting ${command.key}`);
  if (state.settings[command.key] === command.value) return [];
  return [
    {
      type: 'CompanySettingChanged',
      data: { companyId: state.companyId, key: command.key, value: command.value },
    },
  ];
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
