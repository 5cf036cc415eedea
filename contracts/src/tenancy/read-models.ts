import type { WeeklyHours } from '../weekly-hours.ts';

/** What a plan switches on (doc 2): each module of the product a company may use. */
export interface PlanFeatures {
  useCampaigns: boolean;
  useKanban: boolean;
  useOpenAi: boolean;
  useIntegrations: boolean;
  useSchedules: boolean;
  useInternalChat: boolean;
  useExternalApi: boolean;
  /** GET /reports/ and its CSV export (issue 24). */
  useReports: boolean;
}

/** A plan as GET /plans/list shows it (the sign-up page and the plan checks of the web app). */
export interface PlanView extends PlanFeatures {
  id: string;
  name: string;
  users: number;
  connections: number;
  queues: number;
  value: number;
}

/** One company setting (GET /settings rows, the PUT /settings/{key} answer). */
export interface SettingView {
  key: string;
  value: string;
}

/** The answer of POST /companies/cadastro: the new company. */
export interface SignedUpCompany {
  id: string;
  name: string;
  email: string;
  /** ISO instant: the trial's end. */
  dueDate: string;
  planId: string;
  recurrence: string;
}

/** GET and PUT /companies/{id}/schedules: the company's weekly attendance hours. */
export interface CompanySchedulesView {
  schedules: WeeklyHours;
}

export type RecurrenceName = 'MENSAL' | 'BIMESTRAL' | 'TRIMESTRAL' | 'SEMESTRAL' | 'ANUAL';

/** A company as the super user's companies tab shows it (GET /companies, /companies/list, /companies/{id}). */
export interface CompanyView {
  id: string;
  name: string;
  email: string;
  phone: string;
  planId: string;
  plan: { id: string; name: string; value: number } | null;
  /** Off: its users cannot log in and their sessions end. */
  status: boolean;
  /** ISO instant; null when the super user cleared it (doc 1 §7: an empty or invalid dueDate is sent as null). */
  dueDate: string | null;
  recurrence: RecurrenceName;
  campaignsEnabled: boolean;
  createdAt: string;
}

/** GET /companies?searchParam&pageNumber. */
export interface CompaniesPage {
  companies: CompanyView[];
  hasMore: boolean;
  count: number;
}

/** GET /companies/listPlan/{companyId}: the company with its plan's limits and use* flags. */
export interface CompanyPlanView {
  id: string;
  name: string;
  plan: PlanView;
}
