import { DomainError } from '@zelo/contracts/errors';
import { QueueOptionRequest, QueueOptionsQuery } from '@zelo/contracts/queues/api';
import type { QueueOptionView } from '@zelo/contracts/queues/read-models';
import { getQueueOption, listQueueOptions } from '@zelo/projections/queues/queue-options-queries';
import type { FastifyInstance } from 'fastify';
import { type AppContext, actorOf } from '../api/context.ts';
import { assertQueue } from '../api/references.ts';
import { typed } from '../api/schema.ts';
import { IdParam } from '../api/validation.ts';
import { newId } from '../platform/ids.ts';
import { runQueueOptionCommand } from './handlers.ts';

/** Doc 2 §2.3: the option menu tree of a queue, one level per GET (parentId -1 is the root). */
export async function queueOptionRoutes(plain: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = typed(plain);
  const { deps, pool, watcher } = ctx;

  async function optionAfter(
    companyId: string,
    optionId: string,
    position: string | null,
  ): Promise<QueueOptionView> {
    await watcher.waitFor(position, ['queueOptions']);
    const o = await getQueueOption(pool, companyId, optionId);
    if (!o) throw new DomainError('ERR_NOT_FOUND', 'queue option not found');
    return o;
  }

  app.get('/queue-options', { schema: { querystring: QueueOptionsQuery } }, async (request) => {
    const q = request.query;
    const { companyId } = request.session;
    await assertQueue(pool, companyId, q.queueId);
    const parentId = String(q.parentId) === '-1' ? null : String(q.parentId);
    return listQueueOptions(pool, companyId, q.queueId, parentId);
  });

  app.post(
    '/queue-options',
    { onRequest: app.requireAdmin, schema: { body: QueueOptionRequest } },
    async (request, reply) => {
      const { queueId, ...fields } = request.body;
      const { companyId } = request.session;
      await assertQueue(pool, companyId, queueId);
      const optionId = newId();
      const r = await runQueueOptionCommand(
        deps,
        { type: 'CreateQueueOption', companyId, queueId, optionId, fields },
        actorOf(request),
      );
      return reply.status(201).send(await optionAfter(companyId, optionId, r.position));
    },
  );

  app.put(
    '/queue-options/:id',
    { onRequest: app.requireAdmin, schema: { params: IdParam, body: QueueOptionRequest } },
    async (request) => {
      const { id: optionId } = request.params;
      const { companyId } = request.session;
      const current = await optionAfter(companyId, optionId, null);
      // An option stays in its queue: the queue named in the body must be the option's own.
      const { queueId, ...fields } = request.body;
      if (current.queueId !== queueId) throw new DomainError('ERR_NOT_FOUND', 'queue option not found');
      const r = await runQueueOptionCommand(
        deps,
        { type: 'UpdateQueueOption', companyId, queueId, optionId, fields },
        actorOf(request),
      );
      return optionAfter(companyId, optionId, r.position);
    },
  );

  app.delete(
    '/queue-options/:id',
    { onRequest: app.requireAdmin, schema: { params: IdParam } },
    async (request) => {
      const { id: optionId } = request.params;
      const { companyId } = request.session;
      const current = await optionAfter(companyId, optionId, null);
      const r = await runQueueOptionCommand(
        deps,
        { type: 'DeleteQueueOption', companyId, queueId: current.queueId, optionId },
        actorOf(request),
      );
      await watcher.waitFor(r.position, ['queueOptions']);
      return { message: 'queue option deleted' };
    },
  );
}
