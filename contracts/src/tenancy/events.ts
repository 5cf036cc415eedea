import * as v from 'valibot';
import { Email, event, Id, IsoDate } from '../common.ts';
import { WeeklyHours } from '../weekly-hours.ts';

export const Recurrence = v.picklist(['MENSAL', 'BIMESTRAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL']);

export const PlanLimits = {
  name: v.string(),
  users: v.number(),
  connections: v.number(),
  queues: v.number(),
  value: v.number(),
  useCampaigns: v.boolean(),
  useKanban: v.boolean(),
  useOpenAi: v.boolean(),
  useIntegrations: v.boolean(),
  useSchedules: v.boolean(),
  useInternalChat: v.boolean(),
  useExternalApi: v.boolean(),
};

export const PlanCreated = event('PlanCreated', { planId: Id, ...PlanLimits });
export type PlanCreated = v.InferOutput<typeof PlanCreated>;

export const CompanySignedUp = event('CompanySignedUp', {
  companyId: Id,
  name: v.string(),
  email: Email,
  phone: v.string(),
  planId: Id,
  recurrence: Recurrence,
  dueDate: IsoDate,
  settings: v.record(v.string(), v.string()),
});
export type CompanySignedUp = v.InferOutput<typeof CompanySignedUp>;

export const CompanySettingChanged = event('CompanySettingChanged', {
  companyId: Id,
  key: v.string(),
  value: v.string(),
});
export type CompanySettingChanged = v.InferOutput<typeof CompanySettingChanged>;

/** Company attendance hours, used when the setting scheduleType is company. */
export const CompanySchedulesChanged = event('CompanySchedulesChanged', {
  companyId: Id,
  schedules: WeeklyHours,
});
export type CompanySchedulesChanged = v.InferOutput<typeof CompanySchedulesChanged>;

export const TenancyEvent = v.variant('type', [
  PlanCreated,
  CompanySignedUp,
  CompanySettingChanged,
  CompanySchedulesChanged,
]);
export type TenancyEvent = v.InferOutput<typeof TenancyEvent>;

/** Settings every new company starts with (doc 1 §3 Setting keys). */
export const defaultCompanySettings: Record<string, string> = {
  userRating: 'disabled',
  scheduleType: 'disabled',
  call: 'enabled',
  CheckMsgIsGroup: 'enabled',
  sendGreetingAccepted: 'disabled',
  sendMsgTransfTicket: 'disabled',
  sendGreetingMessageOneQueues: 'enabled',
  chatBotType: 'text',
  userCreation: 'enabled',
  sideMenuInitialState: 'open',
};
