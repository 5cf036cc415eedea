import type {
  CompaniesPage,
  CompanyView,
  PlanView,
  RecurrenceName,
} from '@zelo/contracts/tenancy/read-models';
import * as v from 'valibot';
import { apiRequest } from '../../../lib/api.ts';
import { onlyDigits } from '../../../lib/format.ts';

export const RECURRENCES: readonly RecurrenceName[] = [
  'MENSAL',
  'BIMESTRAL',
  'TRIMESTRAL',
  'SEMESTRAL',
  'ANUAL',
];

const required = (msg = 'validation.required') => v.pipe(v.string(msg), v.trim(), v.nonEmpty(msg));

const fields = {
  name: v.pipe(required(), v.minLength(2, 'validation.tooShort'), v.maxLength(50, 'validation.tooLong')),
  email: v.pipe(required(), v.email('validation.invalidEmail')),
  phone: v.pipe(
    v.optional(v.string(), ''),
    v.transform(onlyDigits),
    v.maxLength(11, 'validation.invalidPhone'),
  ),
  planId: required(),
  status: v.boolean(),
  // A date input's yyyy-MM-dd; empty clears the due date (sent as null, doc 1 §7).
  dueDate: v.optional(v.string(), ''),
  recurrence: v.picklist(RECURRENCES, 'validation.required'),
  campaignsEnabled: v.boolean(),
};

/** The company form on create: the first admin's password too (its e-mail is the company's). */
export const NewCompanyInput = v.object({
  ...fields,
  password: v.pipe(
    v.string('validation.required'),
    v.minLength(5, 'validation.tooShort'),
    v.maxLength(50, 'validation.tooLong'),
  ),
});
export const CompanyInput = v.object(fields);
export type CompanyInput = v.InferInput<typeof CompanyInput> & { password?: string };

/** yyyy-MM-dd (the date input) → the ISO instant the API keeps, end of that day in local time. */
export function dueDateToIso(value: string | undefined): string | null {
  if (!value) return null;
  const d = new Date(`${value}T23:59:59`);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** The ISO instant → yyyy-MM-dd for the date input, in local time. */
export function isoToDueDate(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export const searchCompanies = (searchParam: string, pageNumber: number, signal?: AbortSignal) =>
  apiRequest<CompaniesPage>('/companies', {
    signal,
    query: { searchParam: searchParam || undefined, pageNumber },
  });

/**
 * Creates or updates a company. `dueDateUnchanged` leaves the stored instant alone on an edit (the form
 * shows only its day; resending it would move the time and re-plan the renewal for nothing).
 */
export function saveCompany(id: string | null, input: CompanyInput, dueDateUnchanged = false) {
  const { dueDate, ...parsed } = v.parse(id ? CompanyInput : NewCompanyInput, input);
  const body = id && dueDateUnchanged ? parsed : { ...parsed, dueDate: dueDateToIso(dueDate) };
  return apiRequest<CompanyView>(id ? `/companies/${encodeURIComponent(id)}` : '/companies', {
    method: id ? 'PUT' : 'POST',
    body,
  });
}

/** The Expire button's write: only the moved due date. */
export const moveDueDate = (id: string, dueDate: string) =>
  apiRequest<CompanyView>(`/companies/${encodeURIComponent(id)}`, { method: 'PUT', body: { dueDate } });

export const deleteCompany = (id: string) =>
  apiRequest<unknown>(`/companies/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** Every plan, for the company form's select (the plans feature keeps its own list). */
export const listPlanChoices = (signal?: AbortSignal) => apiRequest<PlanView[]>('/plans/all', { signal });
