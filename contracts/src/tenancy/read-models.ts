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
