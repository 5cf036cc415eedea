import multipart from '@fastify/multipart';
import { DomainError } from '@zelo/contracts/errors';
import { SendMessageRequest } from '@zelo/contracts/messaging/api';
import { getMessage, getTicket, listMessages } from '@zelo/projections/tickets/queries';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type { AppContext } from '../api/context.ts';
import { IdParam, PageQuery, parse } from '../api/validation.ts';
import type { MediaStorage } from '../media/storage.ts';
import { assertMayViewTicket } from '../tickets/access.ts';
import { runTicketCommand } from '../tickets/handlers.ts';
import { queueOutboundMessage, runMessageCommand } from './handlers.ts';
import { MEDIA_LIMITS, sendMediaMessages } from './send-media.ts';
import { isStoredMediaSend, sendStoredMedia } from './send-stored-media.ts';

const TicketParam = v.object({ ticketId: v.pipe(v.string(), v.uuid('must be a uuid')) });

export async function messageRoutes(
  app: FastifyInstance,
  { ctx, media }: { ctx: AppContext; media: MediaStorage },
) {
  // Scoped to this plugin: only POST /messages/{ticketId} takes files.
  await app.register(multipart, { limits: MEDIA_LIMITS, throwFileSizeLimit: true });
  const { deps, pool, watcher } = ctx;

  async function visibleTicket(request: FastifyRequest, ticketId: string) {
    const viewer = request.session;
    const ticket = await getTicket(pool, viewer.companyId, ticketId);
    if (!ticket) throw new DomainError('ERR_NO_TICKET_FOUND', 'ticket not found');
    assertMayViewTicket(viewer, ticket);
    return { viewer, ticket };
  }

  app.get('/messages/:ticketId', async (request) => {
    const { ticketId } = parse(TicketParam, request.params);
    const pageNumber = parse(PageQuery, (request.query as Record<string, unknown>)?.pageNumber);
    let { viewer, ticket } = await visibleTicket(request, ticketId);
    // Opening the conversation reads it: the unread badge resets (doc 1 §4 updateUnread).
    if (ticket.unreadMessages > 0 && pageNumber === 1) {
      const r = await runTicketCommand(
        deps,
        ticketId,
        { type: 'MarkTicketRead', userId: viewer.id },
        { companyId: viewer.companyId, actor: viewer.id },
      );
      await watcher.waitFor(r.position, ['conversations']);
      ticket = (await getTicket(pool, viewer.companyId, ticketId)) ?? ticket;
    }
    const page = await listMessages(pool, viewer.companyId, ticketId, pageNumber);
    return { ...page, ticket };
  });

  app.post('/messages/:ticketId', async (request, reply) => {
    const { ticketId } = parse(TicketParam, request.params);
    if (request.isMultipart()) {
      const { viewer, ticket } = await visibleTicket(request, ticketId);
      return reply.status(201).send(await sendMediaMessages(ctx, media, request, viewer, ticket));
    }
    if (isStoredMediaSend(request.body)) {
      const { viewer } = await visibleTicket(request, ticketId);
      return reply.status(201).send(await sendStoredMedia(ctx, media, request.body, viewer, ticketId));
    }
    const body = parse(SendMessageRequest, request.body);
    const { viewer } = await visibleTicket(request, ticketId);
    const quotedMsgId = body.quotedMsg?.id ?? body.quotedMsgId ?? null;
    // A quote is shown with its body: it must be a message of this company, never one guessed from another.
    if (quotedMsgId && !(await getMessage(pool, viewer.companyId, quotedMsgId))) {
      throw new DomainError('ERR_NO_MESSAGE_FOUND', 'quoted message not found');
    }
    const r = await queueOutboundMessage(
      deps,
      { companyId: viewer.companyId, ticketId, userId: viewer.id, body: body.body, quotedMsgId },
      { companyId: viewer.companyId, actor: viewer.id },
      { requireOpen: true },
    );
    await watcher.waitFor(r.position, ['conversations']);
    return reply.status(201).send(await getMessage(pool, viewer.companyId, r.messageId));
  });

  app.delete('/messages/:id', async (request) => {
    const { id } = parse(IdParam, request.params);
    const viewer = request.session;
    const message = await getMessage(pool, viewer.companyId, id);
    if (!message) throw new DomainError('ERR_NO_MESSAGE_FOUND', 'message not found');
    await visibleTicket(request, message.ticketId);
    const r = await runMessageCommand(
      deps,
      id,
      { type: 'DeleteMessage', userId: viewer.id },
      { companyId: viewer.companyId, actor: viewer.id },
    );
    await watcher.waitFor(r.position, ['conversations']);
    return getMessage(pool, viewer.companyId, id);
  });
}
