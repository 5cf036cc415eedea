import { DomainError } from '@zelo/contracts/errors';
import { CompanySchedulesRequest } from '@zelo/contracts/tenancy/api';
import { companySchedules } from '@zelo/projections/tenancy/schedules-queries';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../api/context.ts';
import { IdParam, parse } from '../api/validation.ts';
import { runCompanyCommand } from './handlers.ts';

/** A company's weekly attendance hours (settings tab Schedules, when scheduleType is company). */
export async function companySchedulesRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { deps, pool, watcher } = ctx;

  // Only one's own company: any other id answers as if it did not exist.
  function ownCompany(request: FastifyRequest) {
    const { id } = parse(IdParam, request.params);
    if (id !== request.session.companyId) throw new DomainError('ERR_NO_COMPANY_FOUND', 'company not found');
    return id;
  }

  app.get('/companies/:id/schedules', async (request) => {
    const companyId = ownCompany(request);
    return { schedules: (await companySchedules(pool, companyId)) ?? [] };
  });

  app.put('/companies/:id/schedules', { onRequest: app.requireAdmin }, async (request) => {
    const companyId = ownCompany(request);
    const { schedules } = parse(CompanySchedulesRequest, request.body);
    const r = await runCompanyCommand(
      deps,
      companyId,
      { type: 'ChangeSchedules', schedules },
      { companyId, actor: request.session.id },
    );
    await watcher.waitFor(r.position, ['tenancy']);
    return { schedules: await companySchedules(pool, companyId) };
  });
}
