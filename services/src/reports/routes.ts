import { DomainError } from '@zelo/contracts/errors';
import { ReportQuery } from '@zelo/contracts/reports/api';
import type { ReportView } from '@zelo/contracts/reports/read-models';
import { reportView } from '@zelo/projections/reports/queries';
import { getTag } from '@zelo/projections/tags/queries';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../api/context.ts';
import { assertConnection, assertQueue, assertUser } from '../api/references.ts';
import { typed } from '../api/schema.ts';
import type { Pool } from '../platform/db.ts';
import { COMPANY_TIME_ZONE } from '../platform/time-zone.ts';
import { assertPlanAllows } from '../tenancy/plan-features.ts';
import { csvFileName, reportCsv } from './csv.ts';

/**
 * Reports (issue 24): admins of a company whose plan has `useReports`. A filter naming another
 * company's queue, agent, connection or tag (or none at all) is a 404, never an empty report.
 */
export async function reportRoutes(plain: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = typed(plain);
  const { pool } = ctx;
  app.addHook('onRequest', app.requireAdmin);
  app.addHook('onRequest', async (request) =>
    assertPlanAllows(pool, request.session.companyId, 'useReports'),
  );

  async function report(companyId: string, q: ReportQuery): Promise<ReportView> {
    await assertFilters(pool, companyId, q);
    return reportView(pool, { companyId, ...q, timeZone: COMPANY_TIME_ZONE });
  }

  app.get('/reports', { schema: { querystring: ReportQuery } }, async (request) =>
    report(request.session.companyId, request.query),
  );

  app.get('/reports/export', { schema: { querystring: ReportQuery } }, async (request, reply) => {
    const view = await report(request.session.companyId, request.query);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${csvFileName(view)}"`)
      .send(reportCsv(view));
  });
}

async function assertFilters(pool: Pool, companyId: string, q: ReportQuery) {
  if (q.queueId) await assertQueue(pool, companyId, q.queueId);
  if (q.userId) await assertUser(pool, companyId, q.userId);
  if (q.whatsappId) await assertConnection(pool, companyId, q.whatsappId);
  if (q.tagId && !(await getTag(pool, companyId, q.tagId)))
    throw new DomainError('ERR_NO_TAG_FOUND', 'tag not found');
}
