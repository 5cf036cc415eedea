import * as v from 'valibot';
import { Email, event, Id, IsoDate, TextUpTo, WholeIn } from '../common.ts';
import { WeeklyHours } from '../weekly-hours.ts';

export const Recurrence = v.picklist(['MENSAL', 'BIMESTRAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL']);

/** PlanRequest's bounds (api.ts): the plans read model keeps the limits as int, the value as numeric(12,2). */
export const PlanLimits = {
  name: TextUpTo(50),
  users: WholeIn(1, 10_000),
  connections: WholeIn(1, 10_000),
  queues: WholeIn(1, 10_000),
  value: v.pipe(v.number(), v.minValue(0), v.maxValue(1_000_000)),
  useCampaigns: v.boolean(),
  useKanban: v.boolean(),
  useOpenAi: v.boolean(),
  useIntegrations: v.boolean(),
  useSchedules: v.boolean(),
  useInternalChat: v.boolean(),
  useExternalApi: v.boolean(),
  /** Issue 24's reports; absent from plans recorded before it existed, which had them (on). */
  useReports: v.optional(v.boolean(), true),
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

/**
 * Retention (LGPD, issue 25): the bodies and media of the company's messages of days before `before`
 * were shredded (their day keys destroyed). Counts and reports stay; read models blank the text.
 */
export const CompanyMessagesShredded = event('CompanyMessagesShredded', {
  companyId: Id,
  before: IsoDate,
  retentionDays: v.number(),
  shreddedAt: IsoDate,
});
export type CompanyMessagesShredded = v.InferOutput<typeof CompanyMessagesShredded>;

/** Company attendance hours, used when the setting scheduleType is company. */
export const CompanySchedulesChanged = event('CompanySchedulesChanged', {
  companyId: Id,
  schedules: WeeklyHours,
});
export type CompanySchedulesChanged = v.InferOutput<typeof CompanySchedulesChanged>;

export const PlanUpdated = event('PlanUpdated', { planId: Id, ...PlanLimits });
export type PlanUpdated = v.InferOutput<typeof PlanUpdated>;

export const PlanDeleted = event('PlanDeleted', { planId: Id });
export type PlanDeleted = v.InferOutput<typeof PlanDeleted>;

/** A plan's normalised name claimed by its plan (plan-name-<hash> stream), so two plans never share it. */
export const PlanNameClaimed = event('PlanNameClaimed', { planId: Id, name: v.string() });
export type PlanNameClaimed = v.InferOutput<typeof PlanNameClaimed>;

export const PlanNameReleased = event('PlanNameReleased', { planId: Id, name: v.string() });
export type PlanNameReleased = v.InferOutput<typeof PlanNameReleased>;

/** What the super user sets on a company (POST and PUT /companies). */
export const CompanyProfile = {
  name: v.string(),
  email: Email,
  phone: v.string(),
  planId: Id,
  status: v.boolean(),
  /** Null when the super user cleared it: such a company never expires. */
  dueDate: v.nullable(IsoDate),
  recurrence: Recurrence,
};

/** A company created by the super user (sign-up writes CompanySignedUp). */
export const CompanyCreated = event('CompanyCreated', {
  companyId: Id,
  ...CompanyProfile,
  settings: v.record(v.string(), v.string()),
});
export type CompanyCreated = v.InferOutput<typeof CompanyCreated>;

/** The company as the super user saved it (every field, the changed ones and the others). */
export const CompanyUpdated = event('CompanyUpdated', { companyId: Id, ...CompanyProfile });
export type CompanyUpdated = v.InferOutput<typeof CompanyUpdated>;

/** A paid invoice moved the due date by the company's recurrence (once per invoice). */
export const CompanyDueDateMoved = event('CompanyDueDateMoved', {
  companyId: Id,
  dueDate: IsoDate,
  previousDueDate: v.nullable(IsoDate),
  invoiceId: Id,
  reason: v.picklist(['payment']),
});
export type CompanyDueDateMoved = v.InferOutput<typeof CompanyDueDateMoved>;

/** Its users are refused at once; its data is erased after the retention period (CompanyErased). */
export const CompanyDeleted = event('CompanyDeleted', { companyId: Id });
export type CompanyDeleted = v.InferOutput<typeof CompanyDeleted>;

export const CompanyErased = event('CompanyErased', { companyId: Id });
export type CompanyErased = v.InferOutput<typeof CompanyErased>;

export const TenancyEvent = v.variant('type', [
  PlanCreated,
  PlanUpdated,
  PlanDeleted,
  PlanNameClaimed,
  PlanNameReleased,
  CompanySignedUp,
  CompanyCreated,
  CompanyUpdated,
  CompanyDueDateMoved,
  CompanyDeleted,
  CompanyErased,
  CompanySettingChanged,
  CompanySchedulesChanged,
  CompanyMessagesShredded,
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
