// What GET /reports/ answers (issue 24). Durations are whole seconds of business time (the company's
// opening hours; calendar time when it never set any); null when nothing was measured.

export interface Durations {
  median: number | null;
  p90: number | null;
  average: number | null;
  /** How many intervals were measured. */
  count: number;
}

export interface SlaAttainment {
  /** Clocks that stopped (answered, resolved) before their breach. */
  met: number;
  breached: number;
  /** met / (met + breached); null without any. */
  rate: number | null;
}

export interface ReportFigures {
  /** Tickets opened (created) in the period. */
  opened: number;
  /** Tickets closed in the period (rated, unrated, resolved, inactive; not campaign carriers). */
  resolved: number;
  reopened: number;
  /** Of the resolved, those closed without any person's message (the bot's share). */
  resolvedByBot: number;
  /** resolvedByBot / resolved; null when none was resolved. */
  botShare: number | null;
  firstResponse: Durations;
  nextResponse: Durations;
  /** From opening (or reopening) to close, tickets a person answered only. */
  resolution: Durations;
  sla: { firstResponse: SlaAttainment; nextResponse: SlaAttainment; resolution: SlaAttainment };
  csat: {
    /** Ratings 1 (unsatisfied), 2 (satisfied), 3 (very satisfied). */
    distribution: { 1: number; 2: number; 3: number };
    /** Rated / asked to rate; null when nobody was asked. */
    responseRate: number | null;
    average: number | null;
  };
}

/**
 * One row of the breakdown: a day (yyyy-MM-dd), an hour (00-23), an agent, queue, connection or tag
 * (its id; label its name). Days and hours are all there, zeros included; agents, queues, connections
 * and tags only with figures, by name, then key '' (label '—'): what has no agent, queue or tag. Per
 * tag, a ticket counts under each of its current tags, so the rows do not add up to the summary.
 */
export interface ReportRow extends ReportFigures {
  key: string;
  label: string;
}

export interface ReportView {
  period: { from: string; to: string };
  groupBy: string;
  summary: ReportFigures;
  rows: ReportRow[];
}
