import multipart from '@fastify/multipart';
import { AnnouncementRequest, ListAnnouncementsQuery } from '@zelo/contracts/announcements/api';
import type { AnnouncementPage, AnnouncementView } from '@zelo/contracts/announcements/read-models';
import { DomainError } from '@zelo/contracts/errors';
import { getAnnouncement, searchAnnouncements } from '@zelo/projections/announcements/queries';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AppContext, actorOf } from '../api/context.ts';
import { typed } from '../api/schema.ts';
import { IdParam } from '../api/validation.ts';
import type { FileMediaType } from '../media/media-type.ts';
import type { MediaStorage } from '../media/storage.ts';
import { MEDIA_LIMITS, receiveMedia } from '../messaging/send-media.ts';
import { newId } from '../platform/ids.ts';
import { runAnnouncementCommand } from './handlers.ts';

/** Announcement images are stored under one platform folder, not under a company's. */
const MEDIA_FOLDER = 'announcements';
const IMAGE_NAME = /\.(png|jpe?g)$/i;

/** Doc 2 §5: the image is a png, jpg or jpeg, as its bytes say (the name follows the bytes). */
function onlyImages(_fields: unknown, files: readonly { filename: string; mediaType: FileMediaType }[]) {
  for (const f of files) {
    if (f.mediaType !== 'image' || !IMAGE_NAME.test(f.filename)) {
      throw new DomainError('ERR_MEDIA_TYPE_MISMATCH', `file: ${f.filename} is not a png, jpg or jpeg image`);
    }
  }
}

/**
 * Announcements (doc 2 §2.10): the platform's, written by super users. Every user of every company reads
 * the active ones (the top bar's bell); super users read and manage all of them.
 */
export async function announcementRoutes(
  plain: FastifyInstance,
  { ctx, media }: { ctx: AppContext; media: MediaStorage },
) {
  const app = typed(plain);
  // Scoped to this plugin: only the image upload takes a file.
  await app.register(multipart, { limits: MEDIA_LIMITS, throwFileSizeLimit: true });
  const { deps, pool, watcher } = ctx;
  const reader = (request: FastifyRequest) => ({ super: request.session.super === true });

  async function announcementAfter(
    request: FastifyRequest,
    id: string,
    position: string | null,
  ): Promise<AnnouncementView> {
    await watcher.waitFor(position, ['announcements']);
    const found = await getAnnouncement(pool, reader(request), id);
    if (!found) throw new DomainError('ERR_NO_ANNOUNCEMENT_FOUND', 'announcement not found');
    return found;
  }

  app.get(
    '/announcements',
    { schema: { querystring: ListAnnouncementsQuery } },
    async (request): Promise<AnnouncementPage> => searchAnnouncements(pool, reader(request), request.query),
  );
  app.get('/announcements/:id', { schema: { params: IdParam } }, async (request) =>
    announcementAfter(request, request.params.id, null),
  );

  app.post(
    '/announcements',
    { onRequest: app.requireSuper, schema: { body: AnnouncementRequest } },
    async (request, reply) => {
      const announcementId = newId();
      const r = await runAnnouncementCommand(
        deps,
        announcementId,
        { type: 'CreateAnnouncement', announcement: { announcementId, ...request.body } },
        actorOf(request),
      );
      return reply.status(201).send(await announcementAfter(request, announcementId, r.position));
    },
  );

  app.put(
    '/announcements/:id',
    { onRequest: app.requireSuper, schema: { params: IdParam, body: AnnouncementRequest } },
    async (request) => {
      const { id: announcementId } = request.params;
      const r = await runAnnouncementCommand(
        deps,
        announcementId,
        { type: 'UpdateAnnouncement', announcement: { announcementId, ...request.body } },
        actorOf(request),
      );
      return announcementAfter(request, announcementId, r.position);
    },
  );

  app.delete(
    '/announcements/:id',
    { onRequest: app.requireSuper, schema: { params: IdParam } },
    async (request) => {
      const { id: announcementId } = request.params;
      const r = await runAnnouncementCommand(
        deps,
        announcementId,
        { type: 'DeleteAnnouncement', announcementId },
        actorOf(request),
      );
      await watcher.waitFor(r.position, ['announcements']);
      return { message: 'announcement deleted' };
    },
  );

  // The image: one file (`file` or `medias`); a new upload replaces the previous one.
  app.post(
    '/announcements/:id/media-upload',
    { onRequest: app.requireSuper, schema: { params: IdParam } },
    async (request) => {
      const { id: announcementId } = request.params;
      // Found before the file is stored: an unknown id stores nothing.
      if (!(await getAnnouncement(pool, { super: true }, announcementId)))
        throw new DomainError('ERR_NO_ANNOUNCEMENT_FOUND', 'announcement not found');
      if (!request.isMultipart())
        throw new DomainError('ERR_VALIDATION', 'file: a multipart upload is required');
      const { files } = await receiveMedia(request, media, MEDIA_FOLDER, 1, onlyImages);
      const [f] = files;
      const r = await runAnnouncementCommand(
        deps,
        announcementId,
        { type: 'AttachAnnouncementMedia', announcementId, mediaPath: f.mediaUrl, mediaName: f.filename },
        actorOf(request),
      );
      return announcementAfter(request, announcementId, r.position);
    },
  );

  app.delete(
    '/announcements/:id/media-upload',
    { onRequest: app.requireSuper, schema: { params: IdParam } },
    async (request) => {
      const { id: announcementId } = request.params;
      const r = await runAnnouncementCommand(
        deps,
        announcementId,
        { type: 'RemoveAnnouncementMedia', announcementId },
        actorOf(request),
      );
      return announcementAfter(request, announcementId, r.position);
    },
  );
}
