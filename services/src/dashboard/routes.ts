import { DomainError } from '@zelo/contracts/errors';
import { dashboardCounters, ticketsPerDay, ticketsPerUser } from '@zelo/projections/dashboard/ticket-stats';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { AppContext } from '../api/context.ts';
import { parse } from '../api/validation.ts';
import { COMPANY_TIME_ZONE } from '../platform/time-zone.ts';

const Day = v.pipe(
  v.string(),
  v.isoDate('must be yyyy-MM-dd'),
  // valibot runs every check of a pipe, so this one must tolerate what isoDate already refused.
  v.check((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
  }, 'is not a calendar date'),
);
/** Per period (days) or per date (date_from/date_to): choosing one clears the other (doc 1 §4). */
const CountersQuery = v.object({
  days: v.optional(
    v.pipe(
      v.string(),
      v.transform(Number),
      v.picklist([0, 3, 7, 15, 30, 60, 90], 'days must be one of 0, 3, 7, 15, 30, 60, 90'),
    ),
  ),
  date_from: v.optional(Day),
  date_to: v.optional(Day),
});
const ChartQuery = v.object({
  initialDate: v.optional(Day),
  finalDate: v.optional(Day),
  companyId: v.optional(v.string()),
});

/** The company's calendar: dates typed in the browser are days in this zone. */

export async function dashboardRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.addHook('onRequest', app.requireAdmin);
  const { pool } = ctx;

  /** [from 00:00, day after `to` 00:00) in the company's zone; defaults to the first of the month → today. */
  async function range(from?: string, to?: string) {
    const { rows } = await pool.query(
      `SELECT (coalesce($1::date, date_trunc('month', now() AT TIME ZONE $3)::date)::timestamp AT TIME ZONE $3) AS "from",
              ((coalesce($2::date, (now() AT TIME ZONE $3)::date) + 1)::timestamp AT TIME ZONE $3) AS "to"`,
      [from ?? null, to ?? null, COMPANY_TIME_ZONE],
    );
    const r = { from: new Date(rows[0].from).toISOString(), to: new Date(rows[0].to).toISOString() };
    if (r.from >= r.to) throw new DomainError('ERR_VALIDATION', 'date_from must not be after date_to');
    return r;
  }

  app.get('/dashboard', async (request) => {
    const q = parse(CountersQuery, request.query);
    let r: { from: string; to: string };
    if (q.days) {
      const to = new Date(ctx.deps.clock.now());
      r = { from: new Date(to.getTime() - q.days * 86_400_000).toISOString(), to: to.toISOString() };
    } else r = await range(q.date_from, q.date_to);
    const counters = await dashboardCounters(pool, request.session.companyId, r);
    const online = ctx.presence?.(request.session.companyId) ?? new Set<string>();
    return {
      ...counters,
      attendants: counters.attendants.map((a: { id: string }) => ({ ...a, online: online.has(a.id) })),
    };
  });

  app.get('/dashboard/ticketsUsers', async (request) => {
    const q = parse(ChartQuery, request.query);
    return {
      data: await ticketsPerUser(pool, request.session.companyId, await range(q.initialDate, q.finalDate)),
    };
  });

  app.get('/dashboard/ticketsDay', async (request) => {
    const q = parse(ChartQuery, request.query);
    const r = await range(q.initialDate, q.finalDate);
    return { data: await ticketsPerDay(pool, request.session.companyId, r, COMPANY_TIME_ZONE), count: 0 };
  });
}
