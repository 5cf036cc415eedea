import { DomainError } from '@zelo/contracts/errors';
import { QueueRequest } from '@zelo/contracts/queues/api';
import type { QueueView } from '@zelo/contracts/queues/read-models';
import { getQueue, listQueues } from '@zelo/projections/queues/queries';
import { planLimits } from '@zelo/projections/tenancy/queries';
import type { FastifyInstance } from 'fastify';
import { type AppContext, actorOf } from '../api/context.ts';
import { typed } from '../api/schema.ts';
import { IdParam } from '../api/validation.ts';
import { newId } from '../platform/ids.ts';
import { assertAutomationRefs } from './automation-links.ts';
import { runQueueCommand } from './handlers.ts';

export async function queueRoutes(plain: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = typed(plain);
  const { deps, pool, watcher } = ctx;

  async function queueAfter(companyId: string, id: string, position: string | null): Promise<QueueView> {
    await watcher.waitFor(position, ['queues']);
    const q = await getQueue(pool, companyId, id);
    if (!q) throw new DomainError('ERR_NO_QUEUE_FOUND', 'queue not found');
    return q;
  }

  app.get('/queue', async (request) => listQueues(pool, request.session.companyId));
  app.get('/queue/:id', { schema: { params: IdParam } }, async (request) =>
    queueAfter(request.session.companyId, request.params.id, null),
  );

  app.post(
    '/queue',
    { onRequest: app.requireAdmin, schema: { body: QueueRequest } },
    async (request, reply) => {
      const { companyId } = request.session;
      const queueId = newId();
      const { schedules, promptId, integrationId, ...fields } = request.body;
      await assertAutomationRefs(pool, companyId, { promptId, integrationId });
      const r = await runQueueCommand(
        deps,
        {
          type: 'CreateQueue',
          companyId,
          queue: { queueId, ...fields },
          schedules,
          links: { promptId, integrationId },
          limit: (await planLimits(pool, companyId))?.queues ?? null,
        },
        actorOf(request),
      );
      return reply.status(201).send(await queueAfter(companyId, queueId, r.position));
    },
  );

  app.put(
    '/queue/:id',
    { onRequest: app.requireAdmin, schema: { params: IdParam, body: QueueRequest } },
    async (request) => {
      const { id: queueId } = request.params;
      const { companyId } = request.session;
      const { schedules, promptId, integrationId, ...fields } = request.body;
      const current = await getQueue(pool, companyId, queueId);
      await assertAutomationRefs(pool, companyId, { promptId, integrationId }, current ?? {});
      const r = await runQueueCommand(
        deps,
        {
          type: 'UpdateQueue',
          companyId,
          queue: { queueId, ...fields },
          schedules,
          links: { promptId, integrationId },
        },
        actorOf(request),
      );
      return queueAfter(companyId, queueId, r.position);
    },
  );

  app.delete('/queue/:id', { onRequest: app.requireAdmin, schema: { params: IdParam } }, async (request) => {
    const { id: queueId } = request.params;
    const { companyId } = request.session;
    const r = await runQueueCommand(deps, { type: 'DeleteQueue', companyId, queueId }, actorOf(request));
    await watcher.waitFor(r.position, ['queues']);
    return { message: 'queue deleted' };
  });
}
