import { DomainError } from '@zelo/contracts/errors';
import { ListSchedulesQuery, ScheduleRequestBody } from '@zelo/contracts/schedules/api';
import { getSchedule, listSchedules } from '@zelo/projections/schedules/queries';
import type { FastifyInstance } from 'fastify';
import { type AppContext, actorOf } from '../api/context.ts';
import { typed } from '../api/schema.ts';
import { IdParam } from '../api/validation.ts';
import { newId } from '../platform/ids.ts';
import { createSchedule, deleteSchedule, updateSchedule } from './handlers.ts';

/** The schedules screen's calls (doc 2 §2.8). Every read and write is scoped to the caller's company. */
export async function schedulesRoutes(
  plain: FastifyInstance,
  { ctx }: { ctx: Pick<AppContext, 'deps' | 'pool' | 'watcher'> },
) {
  const app = typed(plain);
  const { deps, pool, watcher } = ctx;

  async function scheduleAfter(companyId: string, id: string, position: string | null) {
    await watcher.waitFor(position, ['schedules']);
    const s = await getSchedule(pool, companyId, id);
    if (!s) throw new DomainError('ERR_NO_SCHEDULE_FOUND', 'schedule not found');
    return s;
  }

  app.get('/schedules', { schema: { querystring: ListSchedulesQuery } }, async (request) =>
    listSchedules(pool, request.session.companyId, request.query),
  );

  app.get('/schedules/:id', { schema: { params: IdParam } }, async (request) =>
    scheduleAfter(request.session.companyId, request.params.id, null),
  );

  app.post('/schedules', { schema: { body: ScheduleRequestBody } }, async (request, reply) => {
    const scheduleId = newId();
    const r = await createSchedule(deps, scheduleId, request.body, actorOf(request));
    return reply.status(201).send(await scheduleAfter(request.session.companyId, scheduleId, r.position));
  });

  app.put('/schedules/:id', { schema: { params: IdParam, body: ScheduleRequestBody } }, async (request) => {
    const { id: scheduleId } = request.params;
    const r = await updateSchedule(deps, scheduleId, request.body, actorOf(request));
    return scheduleAfter(request.session.companyId, scheduleId, r.position);
  });

  app.delete('/schedules/:id', { schema: { params: IdParam } }, async (request) => {
    const { id: scheduleId } = request.params;
    const r = await deleteSchedule(deps, scheduleId, actorOf(request));
    await watcher.waitFor(r.position, ['schedules']);
    return { message: 'schedule deleted' };
  });
}
