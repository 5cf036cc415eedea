import { Id } from '@zelo/contracts/common';
import { KanbanTicketsQuery, MoveKanbanCardRequest } from '@zelo/contracts/tickets/api';
import type { KanbanTickets, TicketView } from '@zelo/contracts/tickets/read-models';
import { listKanbanTickets } from '@zelo/projections/tickets/queries';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { type AppContext, actorOf } from '../api/context.ts';
import { typed } from '../api/schema.ts';
import { assertPlanAllows } from '../tenancy/plan-features.ts';
import { isAdmin } from '../tickets/access.ts';
import { visibleTicket } from '../tickets/visible-ticket.ts';
import { type KanbanTagCommand, runTicketTagCommand } from './handlers.ts';

const TicketIdParam = v.object({ ticketId: Id });
const TicketTagParams = v.object({ ticketId: Id, tagId: Id });

/**
 * The kanban board (doc 2 §2.5): its tickets, and a card moved between lanes; plus the spec's two
 * ticket-tag calls it is made of (doc 2 §7), which work without the board. The board needs the plan's
 * useKanban (doc 2 §6); the ticket-tag calls, like tags themselves, do not.
 */
export async function kanbanRoutes(plain: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = typed(plain);
  const { deps, pool, watcher } = ctx;
  const planHasKanban = (request: FastifyRequest) =>
    assertPlanAllows(pool, request.session.companyId, 'useKanban');

  /**
   * Runs a kanban command on a ticket the caller may see, then answers the ticket as the board shows it
   * once the tag projection has the change (read-your-writes).
   */
  async function changeTags(request: FastifyRequest, command: KanbanTagCommand): Promise<TicketView> {
    await visibleTicket(pool, request.session, command.ticketId);
    const r = await runTicketTagCommand(deps, command, actorOf(request));
    await watcher.waitFor(r.position, ['tags']);
    return visibleTicket(pool, request.session, command.ticketId);
  }

  app.get(
    '/ticket/kanban',
    { onRequest: planHasKanban, schema: { querystring: KanbanTicketsQuery } },
    async (request): Promise<KanbanTickets> => {
      const viewer = request.session;
      const asked = request.query.queueIds ?? null;
      // Doc 2 §6: only admins see every ticket (showAll); other users see the tickets they may open
      // (their queues; queue-less ones as on the tickets page), whatever queues or showAll they ask for.
      if (isAdmin(viewer)) {
        const queueIds = request.query.showAll ? null : asked;
        return { tickets: await listKanbanTickets(pool, { companyId: viewer.companyId, queueIds }) };
      }
      const queueIds = (asked ?? viewer.queueIds).filter((id) => viewer.queueIds.includes(id));
      const tickets = await listKanbanTickets(pool, {
        companyId: viewer.companyId,
        queueIds,
        queuelessOwnedBy: viewer.allTicket ? null : viewer.id,
      });
      return { tickets };
    },
  );

  /** A card dropped on a lane: the ticket's tags become exactly the lane's tag (none: the untagged lane). */
  app.put(
    '/ticket/kanban/:ticketId',
    { onRequest: planHasKanban, schema: { params: TicketIdParam, body: MoveKanbanCardRequest } },
    async (request) =>
      changeTags(request, {
        type: 'MoveTicketToLane',
        companyId: request.session.companyId,
        ticketId: request.params.ticketId,
        tagId: request.body.tagId,
      }),
  );

  /** Doc 2 §7: removes every tag of the ticket (the first half of the spec's kanban move). */
  app.delete('/ticket-tags/:ticketId', { schema: { params: TicketIdParam } }, async (request) =>
    changeTags(request, {
      type: 'RemoveTicketTags',
      companyId: request.session.companyId,
      ticketId: request.params.ticketId,
    }),
  );

  /** Doc 2 §7: adds one tag to the ticket (the second half of the spec's kanban move). */
  app.put('/ticket-tags/:ticketId/:tagId', { schema: { params: TicketTagParams } }, async (request) =>
    changeTags(request, { type: 'AddTicketTag', companyId: request.session.companyId, ...request.params }),
  );
}
