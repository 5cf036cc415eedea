import { DomainError } from '@zelo/contracts/errors';
import { CreateTicketRequest, ListTicketsQuery, UpdateTicketRequest } from '@zelo/contracts/tickets/api';
import { getTicket, listTickets } from '@zelo/projections/tickets/queries';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../api/context.ts';
import { IdParam, parse } from '../api/validation.ts';
import { companySettings, connectionSettings, ratingQuestion } from '../chatbot/context.ts';
import { loadContact } from '../contacts/handlers.ts';
import { assertMayViewTicket, isAdmin } from './access.ts';
import {
  type ConversationKey,
  openTicket,
  reopenTicket,
  runTicketCommand,
  transferTicket,
} from './handlers.ts';

export async function ticketRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { deps, pool, watcher } = ctx;

  /** Read-your-writes: answer with the row as the next GET will show it. */
  async function ticketAfter(companyId: string, ticketId: string, position: string | null) {
    await watcher.waitFor(position, ['conversations']);
    const ticket = await getTicket(pool, companyId, ticketId);
    if (!ticket) throw new DomainError('ERR_NO_TICKET_FOUND', 'ticket not found');
    return ticket;
  }

  async function visibleTicket(request: FastifyRequest, id: string) {
    const viewer = request.session;
    const ticket = await getTicket(pool, viewer.companyId, id);
    if (!ticket) throw new DomainError('ERR_NO_TICKET_FOUND', 'ticket not found');
    assertMayViewTicket(viewer, ticket);
    return { viewer, ticket };
  }

  app.get('/tickets', async (request) => {
    const q = parse(ListTicketsQuery, request.query);
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
      pageNumber: q.pageNumber,
    });
  });

  app.get(
    '/tickets/:id',
    async (request) => (await visibleTicket(request, parse(IdParam, request.params).id)).ticket,
  );
  app.get(
    '/tickets/u/:id',
    async (request) => (await visibleTicket(request, parse(IdParam, request.params).id)).ticket,
  );

  app.post('/tickets', async (request, reply) => {
    const body = parse(CreateTicketRequest, request.body);
    const viewer = request.session;
    if (!isAdmin(viewer) && !body.queueId) throw new DomainError('ERR_VALIDATION', 'queueId: select a queue');
    if (body.queueId) await assertQueue(viewer.companyId, body.queueId);
    if (body.userId) await assertUser(viewer.companyId, body.userId);
    if (body.queueId && !isAdmin(viewer) && !viewer.queueIds.includes(body.queueId)) {
      throw new DomainError('ERR_NO_PERMISSION', 'queue is not yours');
    }
    const contact = await loadContact(deps, body.contactId);
    if (contact.kind === 'none' || contact.deleted || contact.companyId !== viewer.companyId) {
      throw new DomainError('ERR_NO_CONTACT_FOUND', 'contact not found');
    }
    const whatsappId = body.whatsappId ?? (await defaultConnection(viewer.companyId));
    const owned = await pool.query('SELECT 1 FROM whatsapps WHERE id = $1 AND company_id = $2', [
      whatsappId,
      viewer.companyId,
    ]);
    if (!owned.rowCount) throw new DomainError('ERR_NO_WAPP_FOUND', 'connection not found');
    const key: ConversationKey = {
      companyId: viewer.companyId,
      whatsappId,
      contactId: contact.contactId,
      isGroup: contact.isGroup,
    };
    const who = { companyId: viewer.companyId, actor: viewer.id };
    try {
      const r = await openTicket(
        deps,
        { ...key, userId: body.userId ?? viewer.id, queueId: body.queueId, status: body.status },
        who,
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
      const accepted = await runTicketCommand(
        deps,
        existingId,
        { type: 'AcceptTicket', userId: viewer.id, queueId: body.queueId },
        who,
      );
      return reply.status(200).send(await ticketAfter(viewer.companyId, existingId, accepted.position));
    }
  });

  app.put('/tickets/:id', async (request) => {
    const { id } = parse(IdParam, request.params);
    const body = parse(UpdateTicketRequest, request.body);
    const { viewer, ticket } = await visibleTicket(request, id);
    const who = { companyId: viewer.companyId, actor: viewer.id };
    if (body.queueId) await assertQueue(viewer.companyId, body.queueId);
    if (body.userId) await assertUser(viewer.companyId, body.userId);
    if (body.whatsappId) await assertConnection(viewer.companyId, body.whatsappId);
    const status = body.status ?? ticket.status;
    let position: string | null = null;
    const queueId = body.queueId === undefined ? ticket.queueId : body.queueId;
    if (status === 'closed') {
      // With userRating on, resolving asks the customer to rate first (BEHAVIOUR.md "Ratings").
      const { settings } = await companySettings(ctx.pool, viewer.companyId);
      const rating =
        settings.userRating === 'enabled'
          ? {
              message: ratingQuestion(
                (await connectionSettings(ctx.pool, ticket.whatsappId))?.ratingMessage ?? '',
              ),
            }
          : undefined;
      position = (await runTicketCommand(deps, id, { type: 'CloseTicket', userId: viewer.id, rating }, who))
        .position;
    } else if (ticket.status === 'closed') {
      position = (await reopenTicket(deps, id, body.userId ?? viewer.id, queueId, who)).position;
    } else if (
      status === 'open' &&
      ticket.status === 'pending' &&
      (body.userId ?? viewer.id) === viewer.id &&
      !body.whatsappId
    ) {
      position = (await runTicketCommand(deps, id, { type: 'AcceptTicket', userId: viewer.id, queueId }, who))
        .position;
    } else if (
      status === 'pending' &&
      ticket.status === 'open' &&
      body.userId === null &&
      body.queueId === undefined
    ) {
      position = (await runTicketCommand(deps, id, { type: 'ReturnTicket' }, who)).position;
    } else {
      const userId = body.userId === undefined ? ticket.userId : body.userId;
      position = (await transferTicket(deps, id, { userId, queueId, whatsappId: body.whatsappId }, who))
        .position;
    }
    return ticketAfter(viewer.companyId, id, position);
  });

  app.delete('/tickets/:id', { onRequest: app.requireAdmin }, async (request) => {
    const { id } = parse(IdParam, request.params);
    const { viewer } = await visibleTicket(request, id);
    const r = await runTicketCommand(
      deps,
      id,
      { type: 'DeleteTicket' },
      { companyId: viewer.companyId, actor: viewer.id },
    );
    await watcher.waitFor(r.position, ['conversations']);
    return { message: 'ticket deleted' };
  });

  async function defaultConnection(companyId: string): Promise<string> {
    const { rows } = await pool.query(
      'SELECT id FROM whatsapps WHERE company_id = $1 ORDER BY is_default DESC, created_at LIMIT 1',
      [companyId],
    );
    if (!rows[0]) throw new DomainError('ERR_NO_DEF_WAPP_FOUND', 'no default connection found');
    return rows[0].id;
  }
  async function assertQueue(companyId: string, queueId: string) {
    const r = await pool.query('SELECT 1 FROM queues WHERE id = $1 AND company_id = $2', [
      queueId,
      companyId,
    ]);
    if (!r.rowCount) throw new DomainError('ERR_NO_QUEUE_FOUND', 'queue not found');
  }
  async function assertUser(companyId: string, userId: string) {
    const r = await pool.query('SELECT 1 FROM users WHERE id = $1 AND company_id = $2', [userId, companyId]);
    if (!r.rowCount) throw new DomainError('ERR_NO_USER_FOUND', 'user not found');
  }
  async function assertConnection(companyId: string, whatsappId: string) {
    const r = await pool.query('SELECT 1 FROM whatsapps WHERE id = $1 AND company_id = $2', [
      whatsappId,
      companyId,
    ]);
    if (!r.rowCount) throw new DomainError('ERR_NO_WAPP_FOUND', 'connection not found');
  }
}
