/** An agent in the dashboard's attendants table; times in minutes. */
export interface Attendant {
  id: string;
  name: string;
  /** The average of the customers' ratings in the period, null without any. */
  rating: number | null;
  avgSupportTime: number;
  /** Whether the agent has a socket open now. */
  online: boolean;
}

/** GET /dashboard: the six counters and the attendants table (doc 1 §2 Dashboard); times in minutes. */
export interface DashboardCounters {
  supportHappening: number;
  supportPending: number;
  supportFinished: number;
  leads: number;
  avgSupportTime: number;
  avgWaitTime: number;
  attendants: Attendant[];
}

/** One bar of the "tickets per user" chart. */
export interface TicketsPerUserPoint {
  name: string;
  quantidade: number;
}

/** One bar of the "tickets per day" chart: per hour (`horario`) when the range is a single day. */
export type TicketsPerDayPoint = { data: string; total: number } | { horario: string; total: number };

/** GET /dashboard/ticketsUsers. */
export interface TicketsPerUserChart {
  data: TicketsPerUserPoint[];
}

/** GET /dashboard/ticketsDay (the spec's `count` is always 0). */
export interface TicketsPerDayChart {
  data: TicketsPerDayPoint[];
  count: number;
}
