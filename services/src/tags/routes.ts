import { DomainError } from '@zelo/contracts/errors';
import { ListTagsQuery, SyncTagsRequest, TagRequest } from '@zelo/contracts/tags/api';
import type { KanbanTags, TagPage, TagView } from '@zelo/contracts/tags/read-models';
import type { TicketView } from '@zelo/contracts/tickets/read-models';
import { getTag, listAllTags, searchTags } from '@zelo/projections/tags/queries';
import { getTicket } from '@zelo/projections/tickets/queries';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AppContext, actorOf } from '../api/context.ts';
import { typed } from '../api/schema.ts';
import { IdParam } from '../api/validation.ts';
import { newId } from '../platform/ids.ts';
import { isAdmin } from '../tickets/access.ts';
import { visibleTicket } from '../tickets/visible-ticket.ts';
import { runTagCommand, syncTicketTags } from './handlers.ts';

/**
 * Tags (doc 2 §2.4) and a ticket's tags (doc 1 §2: the header's picker). Any agent may create and tag,
 * as tags are created on the fly; only admins flag kanban lanes (doc 2 §6) and delete a tag, which
 * strips it from every ticket.
 */
export async function tagRoutes(plain: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = typed(plain);
  const { deps, pool, watcher } = ctx;

  async function tagAfter(companyId: string, id: string, position: string | null): Promise<TagView> {
    await watcher.waitFor(position, ['tags']);
    const tag = await getTag(pool, companyId, id);
    if (!tag) throw new DomainError('ERR_NO_TAG_FOUND', 'tag not found');
    return tag;
  }
  function assertKanbanAllowed(request: FastifyRequest, kanban: boolean | undefined) {
    if (kanban !== undefined && !isAdmin(request.session))
      throw new DomainError('ERR_NO_PERMISSION', 'only admins set the kanban flag');
  }

  app.get(
    '/tags',
    { schema: { querystring: ListTagsQuery } },
    async (request): Promise<TagPage> => searchTags(pool, request.session.companyId, request.query),
  );
  app.get('/tags/list', async (request): Promise<TagView[]> => listAllTags(pool, request.session.companyId));
  app.get(
    '/tags/kanban',
    async (request): Promise<KanbanTags> => ({
      lista: await listAllTags(pool, request.session.companyId, true),
    }),
  );
  app.get('/tags/:id', { schema: { params: IdParam } }, async (request) =>
    tagAfter(request.session.companyId, request.params.id, null),
  );

  app.post('/tags', { schema: { body: TagRequest } }, async (request, reply) => {
    const body = request.body;
    assertKanbanAllowed(request, body.kanban === false ? undefined : body.kanban);
    const { companyId, id: userId } = request.session;
    const tagId = newId();
    const tag = {
      tagId,
      name: body.name,
      color: body.color ?? '#5C7080',
      kanban: body.kanban ?? false,
      userId,
    };
    const r = await runTagCommand(deps, { type: 'CreateTag', companyId, tag }, actorOf(request));
    return reply.status(201).send(await tagAfter(companyId, tagId, r.position));
  });

  app.put(
    '/tags/:id',
    { schema: { params: IdParam, body: TagRequest } },
    async (request): Promise<TagView> => {
      const { id: tagId } = request.params;
      const body = request.body;
      const { companyId } = request.session;
      const current = await tagAfter(companyId, tagId, null);
      // A non-admin may save a tag as long as the kanban flag stays as it is.
      if (body.kanban !== undefined && body.kanban !== current.kanban)
        assertKanbanAllowed(request, body.kanban);
      const tag = {
        tagId,
        name: body.name,
        color: body.color ?? current.color,
        kanban: body.kanban ?? current.kanban,
      };
      const r = await runTagCommand(deps, { type: 'UpdateTag', companyId, tag }, actorOf(request));
      return tagAfter(companyId, tagId, r.position);
    },
  );

  app.delete('/tags/:id', { onRequest: app.requireAdmin, schema: { params: IdParam } }, async (request) => {
    const { id: tagId } = request.params;
    const r = await runTagCommand(
      deps,
      { type: 'DeleteTag', companyId: request.session.companyId, tagId },
      actorOf(request),
    );
    await watcher.waitFor(r.position, ['tags']);
    return { message: 'tag deleted' };
  });

  /** Answers the ticket as the lists show it, with its new tags. */
  app.post(
    '/tags/sync',
    { schema: { body: SyncTagsRequest } },
    async (request): Promise<TicketView | null> => {
      const body = request.body;
      const viewer = request.session;
      await visibleTicket(pool, viewer, body.ticketId);
      const r = await syncTicketTags(deps, viewer.companyId, body.ticketId, body.tags, actorOf(request));
      await watcher.waitFor(r.position, ['tags']);
      return getTicket(pool, viewer.companyId, body.ticketId);
    },
  );
}
