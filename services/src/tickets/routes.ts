import { DomainError } from '@zelo/contracts/errors';
import { CreateTicketRequest, ListTicketsQuery, UpdateTicketRequest } from '@zelo/contracts/tickets/api';
import type { TicketView } from '@zelo/contracts/tickets/read-models';
import { defaultConnectionId, getConnectionSettings } from '@zelo/projections/connections/queries';
import { companySettingsAndHours } from '@zelo/projections/tenancy/queries';
import { getTicket, listTickets } from '@zelo/projections/tickets/queries';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AppContext, actorOf } from '../api/context.ts';
import { assertConnection, assertQueue, assertUser } from '../api/references.ts';
import { typed } from '../api/schema.ts';
import { IdParam } from '../api/validation.ts';
import { ratingQuestion } from '../chatbot/context.ts';
import { runTicketCommandSaying } from '../chatbot/said.ts';
import { loadContact } from '../contacts/handlers.ts';
import { isAdmin } from './access.ts';
import {
  acceptTicket,
  type ConversationKey,
  openTicket,
  reopenTicket,
  returnTicket,
  runTicketCommand,
  transferTicket,
} from './handlers.ts';
import { type TicketIntent, ticketIntent } from './intent.ts';
import { visibleTicket } from './visible-ticket.ts';

export async function ticketRoutes(plain: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = typed(plain);
  const { deps, pool, watcher } = ctx;

  /** Read-your-writes: answer with the row as the next GET will show it. */
  async function ticketAfter(companyId: string, ticketId: string, position: string | null) {
    await watcher.waitFor(position, ['conversations']);
    const ticket = await getTicket(pool, companyId, ticketId);
    if (!ticket) throw new DomainError('ERR_NO_TICKET_FOUND', 'ticket not found');
    return ticket;
  }

  app.get('/tickets', { schema: { querystring: ListTicketsQuery } }, async (request) => {
    const q = request.query;
    const viewer = request.session;
    const admin = isAdmin(viewer);
    // Admins reach any queue of their company on every tab (doc 1 §2: a ticket transferred to a queue
    // they are not in stays reachable); non-admins never see queues that are not theirs, whatever they
    // ask for, nor queue-less tickets unless their allTicket setting allows them (doc 1 §6).
    const asked = q.queueIds ?? null;
    const queueIds = admin ? asked : (asked ?? viewer.queueIds).filter((id) => viewer.queueIds.includes(id));
    return listTickets(pool, {
      companyId: viewer.companyId,
      status: q.status,
      queueIds,
      queuelessOwnedBy: admin || viewer.allTicket ? null : viewer.id,
      userId: admin && (q.showAll || q.users?.length) ? null : viewer.id,
      // Only admins may look at other agents' tickets by name (doc 1 §6: user filter in search).
      userIds: admin ? (q.users ?? null) : null,
      withUnreadMessages: q.withUnreadMessages,
      tagIds: q.tags ?? null,
      searchParam: q.searchParam,
      orderBy: q.orderBy,
      pageNumber: q.pageNumber,
    });
  });

  app.get('/tickets/:id', { schema: { params: IdParam } }, async (request) =>
    visibleTicket(pool, request.session, request.params.id),
  );
  app.get('/tickets/u/:id', { schema: { params: IdParam } }, async (request) =>
    visibleTicket(pool, request.session, request.params.id),
  );

  app.post('/tickets', { schema: { body: CreateTicketRequest } }, async (request, reply) => {
    const body = request.body;
    const viewer = request.session;
    if (!isAdmin(viewer) && !body.queueId) throw new DomainError('ERR_VALIDATION', 'queueId: select a queue');
    if (body.queueId) await assertQueue(pool, viewer.companyId, body.queueId);
    if (body.userId) await assertUser(pool, viewer.companyId, body.userId);
    if (body.queueId && !isAdmin(viewer) && !viewer.queueIds.includes(body.queueId)) {
      throw new DomainError('ERR_NO_PERMISSION', 'queue is not yours');
    }
    const contact = await loadContact(deps, body.contactId);
    if (contact.kind === 'none' || contact.deleted || contact.companyId !== viewer.companyId) {
      throw new DomainError('ERR_NO_CONTACT_FOUND', 'contact not found');
    }
    const whatsappId = body.whatsappId ?? (await defaultConnection(viewer.companyId));
    await assertConnection(pool, viewer.companyId, whatsappId);
    const key: ConversationKey = {
      companyId: viewer.companyId,
      whatsappId,
      contactId: contact.contactId,
      isGroup: contact.isGroup,
    };
    try {
      const r = await openTicket(
        deps,
        { ...key, userId: body.userId ?? viewer.id, queueId: body.queueId, status: body.status },
        actorOf(request),
      );
      return reply.status(201).send(await ticketAfter(viewer.companyId, r.ticketId, r.position));
    } catch (err) {
      // An existing ticket held by another agent is refused, naming them; an unassigned or own one is reused.
      if (!(err instanceof DomainError) || err.code !== 'ERR_OTHER_OPEN_TICKET') throw err;
      const existingId = (err.details as { ticketId: string }).ticketId;
      const existing = await ticketAfter(viewer.companyId, existingId, null).catch(() => null);
      if (existing?.userId && existing.userId !== viewer.id) {
        throw new DomainError('ERR_OTHER_OPEN_TICKET', err.message, { ticket: existing });
      }
      const accept = { userId: viewer.id, queueId: body.queueId };
      const accepted = await acceptTicket(deps, existingId, accept, actorOf(request));
      return reply.status(200).send(await ticketAfter(viewer.companyId, existingId, accepted.position));
    }
  });

  /** The spec's one update call: the body names an intent (see `ticketIntent`), run by its handler. */
  app.put('/tickets/:id', { schema: { params: IdParam, body: UpdateTicketRequest } }, async (request) => {
    const { body, session: viewer } = request;
    const ticket = await visibleTicket(pool, viewer, request.params.id);
    if (body.queueId) await assertQueue(pool, viewer.companyId, body.queueId);
    if (body.userId) await assertUser(pool, viewer.companyId, body.userId);
    if (body.whatsappId) await assertConnection(pool, viewer.companyId, body.whatsappId);
    const { position } = await runIntent(ticket, ticketIntent(ticket, body, viewer.id), request);
    return ticketAfter(viewer.companyId, ticket.id, position);
  });

  async function runIntent(ticket: TicketView, intent: TicketIntent, request: FastifyRequest) {
    const { id } = ticket;
    const who = actorOf(request);
    const userId = request.session.id;
    switch (intent.kind) {
      case 'close':
        // The rating question or the closing words go out in the same write as the close.
        return runTicketCommandSaying(
          deps,
          pool,
          id,
          { type: 'CloseTicket', userId, rating: await ratingOnClose(ticket) },
          who,
        );
      case 'reopen':
        return reopenTicket(deps, id, intent.userId, intent.queueId, who);
      case 'accept':
        return acceptTicket(deps, id, { userId, queueId: intent.queueId }, who);
      case 'return':
        return returnTicket(deps, id, who);
      case 'transfer': {
        const { kind: _, ...target } = intent;
        return transferTicket(deps, id, target, who);
      }
      default:
        return intent satisfies never;
    }
  }

  /** With userRating on, resolving asks the customer to rate first (BEHAVIOUR.md "Ratings"). */
  async function ratingOnClose(ticket: TicketView) {
    const { settings } = await companySettingsAndHours(pool, ticket.companyId);
    if (settings.userRating !== 'enabled') return undefined;
    const connection = await getConnectionSettings(pool, ticket.whatsappId);
    return { message: ratingQuestion(connection?.ratingMessage ?? '') };
  }

  app.delete(
    '/tickets/:id',
    { onRequest: app.requireAdmin, schema: { params: IdParam } },
    async (request) => {
      const viewer = request.session;
      const ticket = await visibleTicket(pool, viewer, request.params.id);
      const r = await runTicketCommand(deps, ticket.id, { type: 'DeleteTicket' }, actorOf(request));
      await watcher.waitFor(r.position, ['conversations']);
      return { message: 'ticket deleted' };
    },
  );

  async function defaultConnection(companyId: string): Promise<string> {
    const id = await defaultConnectionId(pool, companyId);
    if (!id) throw new DomainError('ERR_NO_DEF_WAPP_FOUND', 'no default connection found');
    return id;
  }
}
