import * as v from 'valibot';
import { Email, Id, PageNumber, Password } from '../common.ts';
import { WeeklyHours } from '../weekly-hours.ts';
import { Recurrence } from './events.ts';

/** POST /companies/cadastro (doc 1 §5 Sign-up). */
export const SignUpRequest = v.object({
  name: v.pipe(v.string(), v.trim(), v.minLength(2, 'too short'), v.maxLength(50, 'too long')),
  email: Email,
  phone: v.pipe(
    v.optional(v.string(), ''),
    v.transform((s) => s.replace(/\D/g, '')),
    v.maxLength(11, 'at most 11 digits'),
  ),
  password: Password,
  planId: Id,
});
export type SignUpRequest = v.InferOutput<typeof SignUpRequest>;

/** PUT /settings/{key}: the key is checked against the known settings with its value. */
export const SettingKeyParam = v.object({ key: v.pipe(v.string(), v.maxLength(60)) });
export const UpdateSettingRequest = v.object({ value: v.pipe(v.string(), v.maxLength(200)) });

/** PUT /companies/{id}/schedules (doc 1 §7). */
export const CompanySchedulesRequest = v.object({ schedules: WeeklyHours });

const Limit = (what: string) =>
  v.pipe(
    v.number(),
    v.integer(`${what} must be a whole number`),
    v.minValue(1, `${what} must be at least 1`),
    v.maxValue(10_000, `${what} must be at most 10000`),
  );

/** POST /plans and PUT /plans/{id} (doc 1 §4 Plans tab). The value is in BRL, with at most 2 decimals. */
export const PlanRequest = v.object({
  name: v.pipe(v.string(), v.trim(), v.minLength(2, 'too short'), v.maxLength(50, 'too long')),
  users: Limit('users'),
  connections: Limit('connections'),
  queues: Limit('queues'),
  value: v.pipe(
    v.number(),
    v.minValue(0, 'must not be negative'),
    v.maxValue(1_000_000, 'too large'),
    v.check((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'at most 2 decimals'),
  ),
  useCampaigns: v.optional(v.boolean(), false),
  useKanban: v.optional(v.boolean(), false),
  useOpenAi: v.optional(v.boolean(), false),
  useIntegrations: v.optional(v.boolean(), false),
  useSchedules: v.optional(v.boolean(), false),
  useInternalChat: v.optional(v.boolean(), false),
  useExternalApi: v.optional(v.boolean(), false),
  /** On unless switched off (issue 24). */
  useReports: v.optional(v.boolean(), true),
});
export type PlanRequest = v.InferOutput<typeof PlanRequest>;

/** A due date as the companies form sends it: ISO, or null / '' / anything unparsable cleared (doc 1 §7). */
const toDueDate = (s: string | null) => {
  const t = s ? Date.parse(s) : Number.NaN;
  return Number.isNaN(t) ? null : new Date(t).toISOString();
};
/** A parsed due date PostgreSQL can store and a person could mean: years 1970 to 9999. */
const storableDueDate = v.check(
  (iso: string | null) =>
    iso === null || (Date.parse(iso) >= Date.UTC(1970, 0, 1) && Date.parse(iso) < Date.UTC(10000, 0, 1)),
  'dueDate: must be a date between the years 1970 and 9999',
);
const DueDateInput = v.pipe(
  v.optional(v.nullable(v.string()), null),
  v.transform(toDueDate),
  storableDueDate,
);

const CompanyName = v.pipe(v.string(), v.trim(), v.minLength(2, 'too short'), v.maxLength(50, 'too long'));
const CompanyPhone = v.pipe(
  v.optional(v.string(), ''),
  v.transform((s) => s.replace(/\D/g, '')),
  v.maxLength(11, 'at most 11 digits'),
);

/** POST /companies (super user): the company and its first admin (e-mail and password). */
export const CreateCompanyRequest = v.object({
  name: CompanyName,
  email: Email,
  phone: CompanyPhone,
  password: Password,
  planId: Id,
  status: v.optional(v.boolean(), true),
  dueDate: DueDateInput,
  recurrence: v.optional(Recurrence, 'MENSAL'),
  campaignsEnabled: v.optional(v.boolean(), true),
});
export type CreateCompanyRequest = v.InferOutput<typeof CreateCompanyRequest>;

/** PUT /companies/{id} (super user): any of the fields, without the password. */
export const UpdateCompanyRequest = v.object({
  name: v.optional(CompanyName),
  email: v.optional(Email),
  phone: v.optional(
    v.pipe(
      v.string(),
      v.transform((s) => s.replace(/\D/g, '')),
      v.maxLength(11, 'at most 11 digits'),
    ),
  ),
  planId: v.optional(Id),
  status: v.optional(v.boolean()),
  /** Absent: unchanged; null, '' or unparsable: cleared. */
  dueDate: v.optional(v.pipe(v.nullable(v.string()), v.transform(toDueDate), storableDueDate)),
  recurrence: v.optional(Recurrence),
  campaignsEnabled: v.optional(v.boolean()),
});
export type UpdateCompanyRequest = v.InferOutput<typeof UpdateCompanyRequest>;

/** GET /companies?searchParam&pageNumber. */
export const ListCompaniesQuery = v.object({
  searchParam: v.optional(v.pipe(v.string(), v.maxLength(100)), ''),
  pageNumber: PageNumber,
});

/** GET /companies/listPlan/{companyId}. */
export const CompanyIdParam = v.object({ companyId: Id });
