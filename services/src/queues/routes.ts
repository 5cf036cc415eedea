import { DomainError } from '@zelo/contracts/errors';
import { QueueRequest } from '@zelo/contracts/queues/api';
import { getQueue, listQueues } from '@zelo/projections/queues/queries';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../api/context.ts';
import { IdParam, parse } from '../api/validation.ts';
import { newId } from '../platform/ids.ts';
import { runQueueCommand } from './handlers.ts';

export async function queueRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { deps, pool, watcher } = ctx;

  async function queueAfter(companyId: string, id: string, position: string | null) {
    await watcher.waitFor(position, ['queues']);
    const q = await getQueue(pool, companyId, id);
    if (!q) throw new DomainError('ERR_NO_QUEUE_FOUND', 'queue not found');
    return q;
  }

  app.get('/queue', async (request) => listQueues(pool, request.session.companyId));
  app.get('/queue/:id', async (request) =>
    queueAfter(request.session.companyId, parse(IdParam, request.params).id, null),
  );

  app.post('/queue', { onRequest: app.requireAdmin }, async (request, reply) => {
    const body = parse(QueueRequest, request.body);
    const { companyId, id } = request.session;
    const queueId = newId();
    const { schedules, ...fields } = body;
    const r = await runQueueCommand(
      deps,
      { type: 'CreateQueue', companyId, queue: { queueId, ...fields }, schedules },
      { companyId, actor: id },
    );
    return reply.status(201).send(await queueAfter(companyId, queueId, r.position));
  });

  app.put('/queue/:id', { onRequest: app.requireAdmin }, async (request) => {
    const { id: queueId } = parse(IdParam, request.params);
    const body = parse(QueueRequest, request.body);
    const { companyId, id } = request.session;
    const { schedules, ...fields } = body;
    const r = await runQueueCommand(
      deps,
      { type: 'UpdateQueue', companyId, queue: { queueId, ...fields }, schedules },
      { companyId, actor: id },
    );
    return queueAfter(companyId, queueId, r.position);
  });

  app.delete('/queue/:id', { onRequest: app.requireAdmin }, async (request) => {
    const { id: queueId } = parse(IdParam, request.params);
    const { companyId, id } = request.session;
    const r = await runQueueCommand(
      deps,
      { type: 'DeleteQueue', companyId, queueId },
      { companyId, actor: id },
    );
    await watcher.waitFor(r.position, ['queues']);
    return { message: 'queue deleted' };
  });
}
