import { DASHBOARD_PERIODS, Day } from '@zelo/contracts/dashboard/api';
import type {
  DashboardCounters,
  TicketsPerDayChart,
  TicketsPerUserChart,
} from '@zelo/contracts/dashboard/read-models';
import * as v from 'valibot';
import { apiRequest } from '../../../lib/api.ts';

/** Per date (1) or per period (2): choosing one clears the other (doc 1 §4). */
export const CounterFilter = v.variant('type', [
  v.object({ type: v.literal('date'), from: Day, to: Day }),
  v.object({ type: v.literal('period'), days: v.picklist(DASHBOARD_PERIODS) }),
]);
export type CounterFilter = v.InferOutput<typeof CounterFilter>;

export function getCounters(filter: CounterFilter, signal?: AbortSignal) {
  const f = v.parse(CounterFilter, filter);
  const query = f.type === 'date' ? { date_from: f.from, date_to: f.to } : { days: f.days };
  return apiRequest<DashboardCounters>('/dashboard', { signal, query });
}

export interface ChartPoint {
  label: string;
  value: number;
}

export async function getTicketsPerUser(
  from: string,
  to: string,
  signal?: AbortSignal,
): Promise<ChartPoint[]> {
  const r = await apiRequest<TicketsPerUserChart>('/dashboard/ticketsUsers', {
    signal,
    query: { initialDate: from, finalDate: to },
  });
  return r.data.map((p) => ({ label: p.name, value: p.quantidade }));
}

export async function getTicketsPerDay(
  from: string,
  to: string,
  signal?: AbortSignal,
): Promise<ChartPoint[]> {
  const r = await apiRequest<TicketsPerDayChart>('/dashboard/ticketsDay', {
    signal,
    query: { initialDate: from, finalDate: to },
  });
  return r.data.map((p) => ({ label: 'horario' in p ? p.horario : p.data, value: p.total }));
}
