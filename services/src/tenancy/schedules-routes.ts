import { DomainError } from '@zelo/contracts/errors';
import { CompanySchedulesRequest } from '@zelo/contracts/tenancy/api';
import type { CompanySchedulesView } from '@zelo/contracts/tenancy/read-models';
import { companySchedules } from '@zelo/projections/tenancy/schedules-queries';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AppContext, actorOf } from '../api/context.ts';
import { typed } from '../api/schema.ts';
import { IdParam } from '../api/validation.ts';
import { runCompanyCommand } from './handlers.ts';

/** A company's weekly attendance hours (settings tab Schedules, when scheduleType is company). */
export async function companySchedulesRoutes(plain: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = typed(plain);
  const { deps, pool, watcher } = ctx;

  // Only one's own company: any other id answers as if it did not exist.
  function ownCompany(request: FastifyRequest, id: string) {
    if (id !== request.session.companyId) throw new DomainError('ERR_NO_COMPANY_FOUND', 'company not found');
    return id;
  }

  app.get(
    '/companies/:id/schedules',
    { schema: { params: IdParam } },
    async (request): Promise<CompanySchedulesView> => {
      const companyId = ownCompany(request, request.params.id);
      return { schedules: (await companySchedules(pool, companyId)) ?? [] };
    },
  );

  app.put(
    '/companies/:id/schedules',
    { onRequest: app.requireAdmin, schema: { params: IdParam, body: CompanySchedulesRequest } },
    async (request): Promise<CompanySchedulesView> => {
      const companyId = ownCompany(request, request.params.id);
      const r = await runCompanyCommand(
        deps,
        companyId,
        { type: 'ChangeSchedules', schedules: request.body.schedules },
        actorOf(request),
      );
      await watcher.waitFor(r.position, ['tenancy']);
      return { schedules: (await companySchedules(pool, companyId)) ?? [] };
    },
  );
}
