import * as v from 'valibot';
import { apiRequest } from '../../../lib/api.ts';

export interface Attendant {
  id: string;
  name: string;
  rating: number | null;
  avgSupportTime: number;
  online: boolean;
}

export interface DashboardCounters {
  supportHappening: number;
  supportPending: number;
  supportFinished: number;
  leads: number;
  avgSupportTime: number;
  avgWaitTime: number;
  attendants: Attendant[];
}

const Day = v.pipe(v.string(), v.isoDate());

/** Per date (1) or per period (2): choosing one clears the other (doc 1 §4). */
export const CounterFilter = v.variant('type', [
  v.object({ type: v.literal('date'), from: Day, to: Day }),
  v.object({ type: v.literal('period'), days: v.picklist([0, 3, 7, 15, 30, 60, 90]) }),
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
  const r = await apiRequest<{ data: { name: string; quantidade: number }[] }>('/dashboard/ticketsUsers', {
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
  const r = await apiRequest<{ data: { data?: string; horario?: string; total: number }[] }>(
    '/dashboard/ticketsDay',
    {
      signal,
      query: { initialDate: from, finalDate: to },
    },
  );
  return r.data.map((p) => ({ label: p.horario ?? p.data ?? '', value: p.total }));
}
