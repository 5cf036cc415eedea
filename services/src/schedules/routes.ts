import multipart from '@fastify/multipart';
import { DomainError } from '@zelo/contracts/errors';
import { ListSchedulesQuery, ScheduleRequestBody } from '@zelo/contracts/schedules/api';
import { getSchedule, listSchedules } from '@zelo/projections/schedules/queries';
import type { FastifyInstance } from 'fastify';
import { type AppContext, actorOf } from '../api/context.ts';
import { typed } from '../api/schema.ts';
import { IdParam } from '../api/validation.ts';
import type { FileMediaType } from '../media/media-type.ts';
import type { MediaStorage } from '../media/storage.ts';
import { MEDIA_LIMITS, receiveMedia } from '../messaging/send-media.ts';
import { newId } from '../platform/ids.ts';
import {
  attachScheduleMedia,
  createSchedule,
  deleteSchedule,
  removeScheduleMedia,
  updateSchedule,
} from './handlers.ts';

// The bytes name the file (sniff.ts gives it the extension of what it really is): only these pass.
const SCHEDULE_IMAGE = /\.(png|jpe?g)$/i;

/** doc 2 §2.8: the schedule's attachment is a png, jpg or jpeg image, nothing else. */
function onlyImages(_fields: unknown, files: readonly { filename: string; mediaType: FileMediaType }[]) {
  for (const f of files) {
    if (f.mediaType !== 'image' || !SCHEDULE_IMAGE.test(f.filename)) {
      throw new DomainError('ERR_MEDIA_TYPE_MISMATCH', `file: ${f.filename} is not a png, jpg or jpeg image`);
    }
  }
}

/** The schedules screen's calls (doc 2 §2.8). Every read and write is scoped to the caller's company. */
export async function schedulesRoutes(
  plain: FastifyInstance,
  { ctx, media }: { ctx: Pick<AppContext, 'deps' | 'pool' | 'watcher'>; media: MediaStorage },
) {
  const app = typed(plain);
  // Scoped to this plugin: only the attachment upload takes a file.
  await app.register(multipart, { limits: MEDIA_LIMITS, throwFileSizeLimit: true });
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

  // The attachment (doc 2 §2.8): one image in `file`; a new upload replaces the previous one.
  app.post('/schedules/:id/media-upload', { schema: { params: IdParam } }, async (request) => {
    const { id: scheduleId } = request.params;
    const { companyId } = request.session;
    // Found and not sent before the file is stored: another company's id or a sent schedule stores nothing.
    const current = await getSchedule(pool, companyId, scheduleId);
    if (!current) throw new DomainError('ERR_NO_SCHEDULE_FOUND', 'schedule not found');
    if (current.status === 'ENVIADA')
      throw new DomainError('ERR_SCHEDULE_ALREADY_SENT', 'this schedule was already sent');
    if (!request.isMultipart())
      throw new DomainError('ERR_VALIDATION', 'file: a multipart upload is required');
    const { files } = await receiveMedia(request, media, companyId, 1, onlyImages);
    const [f] = files;
    const r = await attachScheduleMedia(
      deps,
      scheduleId,
      { mediaPath: f.mediaUrl, mediaName: f.filename },
      actorOf(request),
    );
    return scheduleAfter(companyId, scheduleId, r.position);
  });

  app.delete('/schedules/:id/media-upload', { schema: { params: IdParam } }, async (request) => {
    const { id: scheduleId } = request.params;
    const r = await removeScheduleMedia(deps, scheduleId, actorOf(request));
    return scheduleAfter(request.session.companyId, scheduleId, r.position);
  });

  app.delete('/schedules/:id', { schema: { params: IdParam } }, async (request) => {
    const { id: scheduleId } = request.params;
    const r = await deleteSchedule(deps, scheduleId, actorOf(request));
    await watcher.waitFor(r.position, ['schedules']);
    return { message: 'schedule deleted' };
  });
}
