import { DomainError } from '@zelo/contracts/errors';
import { AddTicketNoteRequest, ListTicketNotesQuery } from '@zelo/contracts/ticket-notes/api';
import { getTicketNote, listTicketNotes } from '@zelo/projections/ticket-notes/ticket-notes';
import { getTicket } from '@zelo/projections/tickets/queries';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../api/context.ts';
import { IdParam, parse } from '../api/validation.ts';
import { newId } from '../platform/ids.ts';
import { assertMayViewTicket, isAdmin } from '../tickets/access.ts';
import { runNoteCommand } from './handlers.ts';

/** The contact drawer's internal notes (doc 1 §7 ticket-notes), scoped to the caller's company and queues. */
export async function ticketNoteRoutes(
  app: FastifyInstance,
  { ctx }: { ctx: Pick<AppContext, 'deps' | 'pool' | 'watcher'> },
) {
  const { deps, pool, watcher } = ctx;

  /** Notes follow their ticket: a ticket the user may not open has no notes for them either. */
  async function visibleTicket(request: FastifyRequest, ticketId: string) {
    const viewer = request.session;
    const ticket = await getTicket(pool, viewer.companyId, ticketId);
    if (!ticket) throw new DomainError('ERR_NO_TICKET_FOUND', 'ticket not found');
    assertMayViewTicket(viewer, ticket);
    return { viewer, ticket };
  }

  app.get('/ticket-notes/list', async (request) => {
    const q = parse(ListTicketNotesQuery, request.query ?? {});
    const { viewer } = await visibleTicket(request, q.ticketId);
    return listTicketNotes(pool, viewer.companyId, q.ticketId, q.contactId);
  });

  app.post('/ticket-notes', async (request, reply) => {
    const body = parse(AddTicketNoteRequest, request.body ?? {});
    const { viewer, ticket } = await visibleTicket(request, body.ticketId);
    if (ticket.contactId !== body.contactId)
      throw new DomainError('ERR_VALIDATION', "contactId: not the ticket's contact");
    const noteId = newId();
    const who = { companyId: viewer.companyId, actor: viewer.id, correlationId: request.id };
    const r = await runNoteCommand(
      deps,
      { type: 'AddTicketNote', noteId, ...body, companyId: viewer.companyId, userId: viewer.id },
      who,
    );
    await watcher.waitFor(r.position, ['ticket-notes']);
    const note = await getTicketNote(pool, viewer.companyId, noteId);
    return reply.status(201).send(note);
  });

  app.delete('/ticket-notes/:id', async (request) => {
    const { id } = parse(IdParam, request.params);
    const viewer = request.session;
    const note = await getTicketNote(pool, viewer.companyId, id);
    if (!note) throw new DomainError('ERR_NOT_FOUND', 'note not found');
    const who = { companyId: viewer.companyId, actor: viewer.id, correlationId: request.id };
    const r = await runNoteCommand(
      deps,
      {
        type: 'DeleteTicketNote',
        noteId: id,
        ticketId: note.ticketId,
        userId: viewer.id,
        isAdmin: isAdmin(viewer),
      },
      who,
    );
    await watcher.waitFor(r.position, ['ticket-notes']);
    return { message: 'note deleted' };
  });
}
