import { ChartQuery, CountersQuery } from '@zelo/contracts/dashboard/api';
import type {
  DashboardCounters,
  TicketsPerDayChart,
  TicketsPerUserChart,
} from '@zelo/contracts/dashboard/read-models';
import { DomainError } from '@zelo/contracts/errors';
import {
  dashboardCounters,
  dayRange,
  type Range,
  ticketsPerDay,
  ticketsPerUser,
} from '@zelo/projections/dashboard/queries';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../api/context.ts';
import { typed } from '../api/schema.ts';
import { COMPANY_TIME_ZONE } from '../platform/time-zone.ts';

/** The dashboard (doc 1 §2), admins only. Dates typed in the browser are days of the company's calendar. */
export async function dashboardRoutes(plain: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = typed(plain);
  app.addHook('onRequest', app.requireAdmin);
  const { pool } = ctx;

  async function range(from?: string, to?: string): Promise<Range> {
    const r = await dayRange(pool, { from, to }, COMPANY_TIME_ZONE);
    if (r.from >= r.to) throw new DomainError('ERR_VALIDATION', 'date_from must not be after date_to');
    return r;
  }

  app.get(
    '/dashboard',
    { schema: { querystring: CountersQuery } },
    async (request): Promise<DashboardCounters> => {
      const q = request.query;
      let r: Range;
      if (q.days) {
        const to = new Date(ctx.deps.clock.now());
        r = { from: new Date(to.getTime() - q.days * 86_400_000).toISOString(), to: to.toISOString() };
      } else r = await range(q.date_from, q.date_to);
      const counters = await dashboardCounters(pool, request.session.companyId, r);
      const online = ctx.presence?.(request.session.companyId) ?? new Set<string>();
      return {
        ...counters,
        attendants: counters.attendants.map((a) => ({ ...a, online: online.has(a.id) })),
      };
    },
  );

  app.get(
    '/dashboard/ticketsUsers',
    { schema: { querystring: ChartQuery } },
    async (request): Promise<TicketsPerUserChart> => {
      const r = await range(request.query.initialDate, request.query.finalDate);
      return { data: await ticketsPerUser(pool, request.session.companyId, r) };
    },
  );

  app.get(
    '/dashboard/ticketsDay',
    { schema: { querystring: ChartQuery } },
    async (request): Promise<TicketsPerDayChart> => {
      const r = await range(request.query.initialDate, request.query.finalDate);
      return { data: await ticketsPerDay(pool, request.session.companyId, r, COMPANY_TIME_ZONE), count: 0 };
    },
  );
}
