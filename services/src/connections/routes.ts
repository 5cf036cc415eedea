import { randomBytes } from 'node:crypto';
import {
  ConnectionQuery,
  CreateConnectionRequest,
  UpdateConnectionRequest,
} from '@zelo/contracts/connections/api';
import type { SessionAction } from '@zelo/contracts/connections/events';
import type { ConnectionProviders, ConnectionView } from '@zelo/contracts/connections/read-models';
import { DomainError } from '@zelo/contracts/errors';
import { connectionLimit, getConnection, listConnections } from '@zelo/projections/connections/queries';
import { countCompanyQueues } from '@zelo/projections/queues/queries';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { type AppContext, actorOf } from '../api/context.ts';
import { typed } from '../api/schema.ts';
import { IdParam } from '../api/validation.ts';
import { newId } from '../platform/ids.ts';
import { assertAutomationRefs } from '../queues/automation-links.ts';
import { runConnectionCommand } from './handlers.ts';

/** A PUT without a body changes nothing, as an empty one. */
const UpdateConnectionBody = v.optional(UpdateConnectionRequest, {});

/**
 * Connections (doc 1 §2 connections screen, §7 calls): everyone of the company reads them (ticket
 * dialogs pick one); only admins create, change, delete them or drive their WhatsApp session.
 */
export async function connectionRoutes(plain: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = typed(plain);
  const { deps, pool, watcher } = ctx;
  const isAdmin = (r: FastifyRequest) => r.session.profile === 'admin' || r.session.super;

  async function connectionAfter(
    companyId: string,
    id: string,
    position: string | null,
    withToken = false,
  ): Promise<ConnectionView> {
    await watcher.waitFor(position, ['connections']);
    const c = await getConnection(pool, companyId, id, { withToken });
    if (!c) throw new DomainError('ERR_NO_WAPP_FOUND', 'connection not found');
    return c;
  }

  // A queue of another company (or none at all) is refused before anything is written.
  async function assertQueues(companyId: string, queueIds?: string[], transferQueueId?: string | null) {
    const ids = [...new Set([...(queueIds ?? []), ...(transferQueueId ? [transferQueueId] : [])])];
    if (ids.length && (await countCompanyQueues(pool, companyId, ids)) !== ids.length)
      throw new DomainError('ERR_NO_QUEUE_FOUND', 'queue not found');
  }

  /** Which channels this server can open, so the dialog offers only those. */
  app.get(
    '/whatsapp/providers',
    async (): Promise<ConnectionProviders> => ({
      providers: ctx.simulator ? ['baileys', 'simulator'] : ['baileys'],
    }),
  );

  app.get('/whatsapp', { schema: { querystring: ConnectionQuery } }, async (request) =>
    listConnections(pool, request.session.companyId),
  );

  app.get('/whatsapp/:id', { schema: { params: IdParam, querystring: ConnectionQuery } }, async (request) =>
    connectionAfter(request.session.companyId, request.params.id, null, isAdmin(request)),
  );

  app.post(
    '/whatsapp',
    { onRequest: app.requireAdmin, schema: { body: CreateConnectionRequest } },
    async (request, reply) => {
      const { provider, ...fields } = request.body;
      if (provider === 'simulator' && !ctx.simulator)
        throw new DomainError('ERR_VALIDATION', 'provider: the simulator is not enabled on this server');
      const { companyId } = request.session;
      await assertQueues(companyId, fields.queueIds, fields.transferQueueId);
      await assertAutomationRefs(pool, companyId, fields);
      const whatsappId = newId();
      const r = await runConnectionCommand(
        deps,
        {
          type: 'CreateConnection',
          companyId,
          whatsappId,
          // Unguessable: it authenticates the external messages API as this connection.
          token: randomBytes(32).toString('base64url'),
          fields: { ...fields, provider },
          limit: await connectionLimit(pool, companyId),
        },
        actorOf(request),
      );
      return reply.status(201).send(await connectionAfter(companyId, whatsappId, r.position, true));
    },
  );

  app.put(
    '/whatsapp/:id',
    { onRequest: app.requireAdmin, schema: { params: IdParam, body: UpdateConnectionBody } },
    async (request) => {
      const { id: whatsappId } = request.params;
      const fields = request.body;
      const { companyId } = request.session;
      await assertQueues(companyId, fields.queueIds, fields.transferQueueId);
      const current = await getConnection(pool, companyId, whatsappId);
      await assertAutomationRefs(pool, companyId, fields, current ?? {});
      const r = await runConnectionCommand(
        deps,
        { type: 'UpdateConnection', companyId, whatsappId, fields },
        actorOf(request),
      );
      return connectionAfter(companyId, whatsappId, r.position, true);
    },
  );

  app.delete(
    '/whatsapp/:id',
    { onRequest: app.requireAdmin, schema: { params: IdParam } },
    async (request) => {
      const { id: whatsappId } = request.params;
      const { companyId } = request.session;
      const r = await runConnectionCommand(
        deps,
        { type: 'DeleteConnection', companyId, whatsappId },
        actorOf(request),
      );
      await watcher.waitFor(r.position, ['connections']);
      return { message: 'Whatsapp deleted.' };
    },
  );

  // The session is only asked for here; the channel worker owning the connection reconciles towards it
  // and its status changes (qrcode, OPENING, CONNECTED…) reach the screen over the socket.
  async function requestSession(request: FastifyRequest, whatsappId: string, action: SessionAction) {
    const { companyId, id } = request.session;
    const r = await runConnectionCommand(
      deps,
      { type: 'RequestSession', companyId, whatsappId, action, requestedBy: id },
      actorOf(request),
    );
    return connectionAfter(companyId, whatsappId, r.position);
  }
  const sessionRoute = { onRequest: app.requireAdmin, schema: { params: IdParam } };
  app.post('/whatsappsession/:id', sessionRoute, async (request) =>
    requestSession(request, request.params.id, 'start'),
  );
  app.put('/whatsappsession/:id', sessionRoute, async (request) =>
    requestSession(request, request.params.id, 'restart'),
  );
  app.delete('/whatsappsession/:id', sessionRoute, async (request) =>
    requestSession(request, request.params.id, 'disconnect'),
  );
}
