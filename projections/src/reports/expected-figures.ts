import type { Durations, ReportFigures, SlaAttainment } from '@zelo/contracts/reports/read-models';

// Test helpers: a report's figures written as the few that are not zero, so a spec states every
// figure of every row exactly without pages of zeros.

const NONE: Durations = { median: null, p90: null, average: null, count: 0 };
const NO_SLA: SlaAttainment = { met: 0, breached: 0, rate: null };

/** Durations of these values as PostgreSQL's percentile_cont and avg give them, in whole seconds. */
export function durationsOf(...values: number[]): Durations {
  if (values.length === 0) return NONE;
  const s = [...values].sort((a, b) => a - b);
  const at = (p: number) => {
    const pos = p * (s.length - 1);
    const lo = Math.floor(pos);
    return Math.round(s[lo] + (pos - lo) * ((s[lo + 1] ?? s[lo]) - s[lo]));
  };
  return {
    median: at(0.5),
    p90: at(0.9),
    average: Math.round(s.reduce((a, b) => a + b) / s.length),
    count: s.length,
  };
}

export const sla = (met: number, breached: number): SlaAttainment =>
  met + breached === 0 ? NO_SLA : { met, breached, rate: met / (met + breached) };

export interface Some {
  opened?: number;
  resolved?: number;
  reopened?: number;
  resolvedByBot?: number;
  first?: number[];
  next?: number[];
  resolution?: number[];
  sla?: Partial<ReportFigures['sla']>;
  /** Asked to rate, and the ratings given. */
  csat?: { asked: number; rates: (1 | 2 | 3)[] };
}

export function figures(f: Some = {}): ReportFigures {
  const resolved = f.resolved ?? 0;
  const byBot = f.resolvedByBot ?? 0;
  const rates = f.csat?.rates ?? [];
  const count = (r: number) => rates.filter((x) => x === r).length;
  return {
    opened: f.opened ?? 0,
    resolved,
    reopened: f.reopened ?? 0,
    resolvedByBot: byBot,
    botShare: resolved ? byBot / resolved : null,
    firstResponse: durationsOf(...(f.first ?? [])),
    nextResponse: durationsOf(...(f.next ?? [])),
    resolution: durationsOf(...(f.resolution ?? [])),
    sla: { firstResponse: NO_SLA, nextResponse: NO_SLA, resolution: NO_SLA, ...f.sla },
    csat: {
      distribution: { 1: count(1), 2: count(2), 3: count(3) },
      responseRate: f.csat?.asked ? rates.length / f.csat.asked : null,
      average: rates.length ? rates.reduce((a, b) => a + b, 0) / rates.length : null,
    },
  };
}
