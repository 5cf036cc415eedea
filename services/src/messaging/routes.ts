import multipart from '@fastify/multipart';
import { DomainError } from '@zelo/contracts/errors';
import {
  ListMessagesQuery,
  SendMessageRequest,
  SendStoredMediaRequest,
  TicketIdParam,
} from '@zelo/contracts/messaging/api';
import type { TicketMessagesPage } from '@zelo/contracts/messaging/read-models';
import { getMessage, getTicket, listMessages } from '@zelo/projections/tickets/queries';
import type { FastifyInstance } from 'fastify';
import { type AppContext, actorOf } from '../api/context.ts';
import { typed } from '../api/schema.ts';
import { IdParam, parse } from '../api/validation.ts';
import type { MediaStorage } from '../media/storage.ts';
import { runTicketCommand } from '../tickets/handlers.ts';
import { visibleTicket } from '../tickets/visible-ticket.ts';
import { queueOutboundMessage, runMessageCommand } from './handlers.ts';
import { MEDIA_LIMITS, sendMediaMessages } from './send-media.ts';
import { isStoredMediaSend, sendStoredMedia } from './send-stored-media.ts';

export async function messageRoutes(
  plain: FastifyInstance,
  { ctx, media }: { ctx: AppContext; media: MediaStorage },
) {
  // Scoped to this plugin: only POST /messages/{ticketId} takes files.
  await plain.register(multipart, { limits: MEDIA_LIMITS, throwFileSizeLimit: true });
  const app = typed(plain);
  const { deps, pool, watcher } = ctx;

  app.get(
    '/messages/:ticketId',
    { schema: { params: TicketIdParam, querystring: ListMessagesQuery } },
    async (request): Promise<TicketMessagesPage> => {
      const { ticketId } = request.params;
      const { pageNumber } = request.query;
      const viewer = request.session;
      let ticket = await visibleTicket(pool, viewer, ticketId);
      // Opening the conversation reads it: the unread badge resets (doc 1 §4 updateUnread).
      if (ticket.unreadMessages > 0 && pageNumber === 1) {
        const r = await runTicketCommand(
          deps,
          ticketId,
          { type: 'MarkTicketRead', userId: viewer.id },
          actorOf(request),
        );
        await watcher.waitFor(r.position, ['conversations']);
        ticket = (await getTicket(pool, viewer.companyId, ticketId)) ?? ticket;
      }
      const page = await listMessages(pool, viewer.companyId, ticketId, pageNumber);
      return { ...page, ticket };
    },
  );

  // No body schema: the one path takes a multipart form (files), a stored media or a text, each
  // told apart by what arrives, so each body is parsed on its own path once the ticket is known.
  app.post('/messages/:ticketId', { schema: { params: TicketIdParam } }, async (request, reply) => {
    const { ticketId } = request.params;
    const viewer = request.session;
    if (request.isMultipart()) {
      const ticket = await visibleTicket(pool, viewer, ticketId);
      return reply.status(201).send(await sendMediaMessages(ctx, media, request, viewer, ticket));
    }
    if (isStoredMediaSend(request.body)) {
      await visibleTicket(pool, viewer, ticketId);
      const body = parse(SendStoredMediaRequest, request.body);
      return reply.status(201).send(await sendStoredMedia(ctx, media, body, viewer, ticketId));
    }
    const body = parse(SendMessageRequest, request.body);
    await visibleTicket(pool, viewer, ticketId);
    const quotedMsgId = body.quotedMsg?.id ?? body.quotedMsgId ?? null;
    // A quote is shown with its body: it must be a message of this company, never one guessed from another.
    if (quotedMsgId && !(await getMessage(pool, viewer.companyId, quotedMsgId))) {
      throw new DomainError('ERR_NO_MESSAGE_FOUND', 'quoted message not found');
    }
    const r = await queueOutboundMessage(
      deps,
      { companyId: viewer.companyId, ticketId, userId: viewer.id, body: body.body, quotedMsgId },
      actorOf(request),
      { requireOpen: true },
    );
    await watcher.waitFor(r.position, ['conversations']);
    return reply.status(201).send(await getMessage(pool, viewer.companyId, r.messageId));
  });

  app.delete('/messages/:id', { schema: { params: IdParam } }, async (request) => {
    const { id } = request.params;
    const viewer = request.session;
    const message = await getMessage(pool, viewer.companyId, id);
    if (!message) throw new DomainError('ERR_NO_MESSAGE_FOUND', 'message not found');
    await visibleTicket(pool, viewer, message.ticketId);
    const r = await runMessageCommand(
      deps,
      id,
      { type: 'DeleteMessage', userId: viewer.id },
      actorOf(request),
    );
    await watcher.waitFor(r.position, ['conversations']);
    return getMessage(pool, viewer.companyId, id);
  });
}
