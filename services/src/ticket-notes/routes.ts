import { DomainError } from '@zelo/contracts/errors';
import { AddTicketNoteRequest, ListTicketNotesQuery } from '@zelo/contracts/ticket-notes/api';
import type { TicketNoteView } from '@zelo/contracts/ticket-notes/read-models';
import { getTicketNote, listTicketNotes } from '@zelo/projections/ticket-notes/queries';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { type AppContext, actorOf } from '../api/context.ts';
import { typed } from '../api/schema.ts';
import { IdParam } from '../api/validation.ts';
import { newId } from '../platform/ids.ts';
import { isAdmin } from '../tickets/access.ts';
import { visibleTicket } from '../tickets/visible-ticket.ts';
import { runNoteCommand } from './handlers.ts';

/** A missing body is read as an empty one, so the refusal names each field it lacks. */
const AddTicketNoteBody = v.pipe(
  v.optional(v.unknown()),
  v.transform((body) => body ?? {}),
  AddTicketNoteRequest,
);

/**
 * The contact drawer's internal notes (doc 1 §7 ticket-notes), scoped to the caller's company and
 * queues. Notes follow their ticket: a ticket the user may not open has no notes for them either.
 */
export async function ticketNoteRoutes(
  plain: FastifyInstance,
  { ctx }: { ctx: Pick<AppContext, 'deps' | 'pool' | 'watcher'> },
) {
  const app = typed(plain);
  const { deps, pool, watcher } = ctx;

  app.get(
    '/ticket-notes/list',
    { schema: { querystring: ListTicketNotesQuery } },
    async (request): Promise<TicketNoteView[]> => {
      const q = request.query;
      const viewer = request.session;
      await visibleTicket(pool, viewer, q.ticketId);
      return listTicketNotes(pool, viewer.companyId, q.ticketId, q.contactId);
    },
  );

  app.post('/ticket-notes', { schema: { body: AddTicketNoteBody } }, async (request, reply) => {
    const body = request.body;
    const viewer = request.session;
    const ticket = await visibleTicket(pool, viewer, body.ticketId);
    if (ticket.contactId !== body.contactId)
      throw new DomainError('ERR_VALIDATION', "contactId: not the ticket's contact");
    const noteId = newId();
    const who = actorOf(request);
    const r = await runNoteCommand(
      deps,
      { type: 'AddTicketNote', noteId, ...body, companyId: viewer.companyId, userId: viewer.id },
      who,
    );
    await watcher.waitFor(r.position, ['ticket-notes']);
    const note = await getTicketNote(pool, viewer.companyId, noteId);
    return reply.status(201).send(note);
  });

  app.delete('/ticket-notes/:id', { schema: { params: IdParam } }, async (request) => {
    const { id } = request.params;
    const viewer = request.session;
    const note = await getTicketNote(pool, viewer.companyId, id);
    if (!note) throw new DomainError('ERR_NOT_FOUND', 'note not found');
    const who = actorOf(request);
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
