import multipart from '@fastify/multipart';
import { DomainError } from '@zelo/contracts/errors';
import {
  ListQuickMessagesQuery,
  QuickMessageRequest,
  QuickMessagesListQuery,
} from '@zelo/contracts/quick-messages/api';
import type { QuickMessagePage, QuickMessageView } from '@zelo/contracts/quick-messages/read-models';
import {
  getQuickMessage,
  type Reader,
  searchQuickMessages,
  usableQuickMessages,
} from '@zelo/projections/quick-messages/queries';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AppContext, actorOf } from '../api/context.ts';
import { typed } from '../api/schema.ts';
import { IdParam } from '../api/validation.ts';
import type { MediaStorage } from '../media/storage.ts';
import { MEDIA_LIMITS, receiveMedia } from '../messaging/send-media.ts';
import { newId } from '../platform/ids.ts';
import { isAdmin } from '../tickets/access.ts';
import { runQuickMessageCommand } from './handlers.ts';

/**
 * Quick messages (doc 2 §2.7). A message is its owner's, or company-wide when `geral`; owners and
 * admins change it. The spec's companyId and userId parameters are ignored: the session decides both.
 */
export async function quickMessageRoutes(
  plain: FastifyInstance,
  { ctx, media }: { ctx: AppContext; media: MediaStorage },
) {
  const app = typed(plain);
  // Scoped to this plugin: only the attachment upload takes a file.
  await app.register(multipart, { limits: MEDIA_LIMITS, throwFileSizeLimit: true });
  const { deps, pool, watcher } = ctx;

  const reader = (request: FastifyRequest): Reader => ({
    companyId: request.session.companyId,
    userId: request.session.id,
    admin: isAdmin(request.session),
  });
  const editor = (request: FastifyRequest) => ({
    userId: request.session.id,
    admin: isAdmin(request.session),
  });

  async function messageAfter(
    request: FastifyRequest,
    id: string,
    position: string | null,
  ): Promise<QuickMessageView> {
    await watcher.waitFor(position, ['quick-messages']);
    const m = await getQuickMessage(pool, reader(request), id);
    if (!m) throw new DomainError('ERR_NO_QUICK_MESSAGE_FOUND', 'quick message not found');
    return m;
  }

  app.get(
    '/quick-messages',
    { schema: { querystring: ListQuickMessagesQuery } },
    async (request): Promise<QuickMessagePage> => searchQuickMessages(pool, reader(request), request.query),
  );
  app.get(
    '/quick-messages/list',
    { schema: { querystring: QuickMessagesListQuery } },
    async (request): Promise<QuickMessageView[]> => usableQuickMessages(pool, reader(request)),
  );
  app.get('/quick-messages/:id', { schema: { params: IdParam } }, async (request) =>
    messageAfter(request, request.params.id, null),
  );

  app.post('/quick-messages', { schema: { body: QuickMessageRequest } }, async (request, reply) => {
    const body = request.body;
    const quickMessageId = newId();
    const r = await runQuickMessageCommand(
      deps,
      {
        type: 'CreateQuickMessage',
        companyId: request.session.companyId,
        message: { quickMessageId, userId: request.session.id, ...body },
      },
      actorOf(request),
    );
    return reply.status(201).send(await messageAfter(request, quickMessageId, r.position));
  });

  app.put(
    '/quick-messages/:id',
    { schema: { params: IdParam, body: QuickMessageRequest } },
    async (request) => {
      const { id: quickMessageId } = request.params;
      const body = request.body;
      const r = await runQuickMessageCommand(
        deps,
        {
          type: 'UpdateQuickMessage',
          companyId: request.session.companyId,
          by: editor(request),
          message: { quickMessageId, ...body },
        },
        actorOf(request),
      );
      return messageAfter(request, quickMessageId, r.position);
    },
  );

  // The attachment (doc 2 §2.7): one file, `file` or `medias`; a new upload replaces the previous one.
  app.post('/quick-messages/:id/media-upload', { schema: { params: IdParam } }, async (request) => {
    const { id: quickMessageId } = request.params;
    // Found and editable before the file is stored: another company's id stores nothing.
    const current = await getQuickMessage(pool, reader(request), quickMessageId);
    if (!current) throw new DomainError('ERR_NO_QUICK_MESSAGE_FOUND', 'quick message not found');
    if (!isAdmin(request.session) && current.userId !== request.session.id) {
      throw new DomainError('ERR_NO_PERMISSION', 'only its owner or an admin may change it');
    }
    if (!request.isMultipart())
      throw new DomainError('ERR_VALIDATION', 'file: a multipart upload is required');
    const { files } = await receiveMedia(request, media, request.session.companyId, 1);
    const [f] = files;
    const r = await runQuickMessageCommand(
      deps,
      {
        type: 'AttachQuickMessageMedia',
        companyId: request.session.companyId,
        by: editor(request),
        quickMessageId,
        media: { mediaUrl: f.mediaUrl, mediaName: f.filename, mediaType: f.mediaType },
      },
      actorOf(request),
    );
    return messageAfter(request, quickMessageId, r.position);
  });

  app.delete('/quick-messages/:id/media-upload', { schema: { params: IdParam } }, async (request) => {
    const { id: quickMessageId } = request.params;
    const r = await runQuickMessageCommand(
      deps,
      {
        type: 'RemoveQuickMessageMedia',
        companyId: request.session.companyId,
        by: editor(request),
        quickMessageId,
      },
      actorOf(request),
    );
    return messageAfter(request, quickMessageId, r.position);
  });

  app.delete('/quick-messages/:id', { schema: { params: IdParam } }, async (request) => {
    const { id: quickMessageId } = request.params;
    const r = await runQuickMessageCommand(
      deps,
      {
        type: 'DeleteQuickMessage',
        companyId: request.session.companyId,
        by: editor(request),
        quickMessageId,
      },
      actorOf(request),
    );
    await watcher.waitFor(r.position, ['quick-messages']);
    return { message: 'quick message deleted' };
  });
}
