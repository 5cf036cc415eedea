import { randomBytes } from 'node:crypto';
import {
  ConnectionQuery,
  CreateConnectionRequest,
  UpdateConnectionRequest,
} from '@zelo/contracts/connections/api';
import type { SessionAction } from '@zelo/contracts/connections/events';
import { DomainError } from '@zelo/contracts/errors';
import {
  connectionLimit,
  countCompanyQueues,
  getConnection,
  listConnections,
} from '@zelo/projections/connections/queries';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../api/context.ts';
import { IdParam, parse } from '../api/validation.ts';
import { newId } from '../platform/ids.ts';
import { runConnectionCommand } from './handlers.ts';

/**
 * Connections (doc 1 §2 connections screen, §7 calls): everyone of the company reads them (ticket
 * dialogs pick one); only admins create, change, delete them or drive their WhatsApp session.
 */
export async function connectionRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { deps, pool, watcher } = ctx;
  const isAdmin = (r: FastifyRequest) => r.session.profile === 'admin' || r.session.super;
  const who = (r: FastifyRequest) => ({ companyId: r.session.companyId, actor: r.session.id });

  async function connectionAfter(companyId: string, id: string, position: string | null, withToken = false) {
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
  app.get('/whatsapp/providers', async () => ({
    providers: ctx.simulator ? ['baileys', 'simulator'] : ['baileys'],
  }));

  app.get('/whatsapp', async (request) => {
    parse(ConnectionQuery, request.query ?? {});
    return listConnections(pool, request.session.companyId);
  });

  app.get('/whatsapp/:id', async (request) => {
    const { id } = parse(IdParam, request.params);
    parse(ConnectionQuery, request.query ?? {});
    return connectionAfter(request.session.companyId, id, null, isAdmin(request));
  });

  app.post('/whatsapp', { onRequest: app.requireAdmin }, async (request, reply) => {
    const { provider, ...fields } = parse(CreateConnectionRequest, request.body);
    if (provider === 'simulator' && !ctx.simulator)
      throw new DomainError('ERR_VALIDATION', 'provider: the simulator is not enabled on this server');
    const { companyId } = request.session;
    await assertQueues(companyId, fields.queueIds, fields.transferQueueId);
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
      who(request),
    );
    return reply.status(201).send(await connectionAfter(companyId, whatsappId, r.position, true));
  });

  app.put('/whatsapp/:id', { onRequest: app.requireAdmin }, async (request) => {
    const { id: whatsappId } = parse(IdParam, request.params);
    const fields = parse(UpdateConnectionRequest, request.body ?? {});
    const { companyId } = request.session;
    await assertQueues(companyId, fields.queueIds, fields.transferQueueId);
    const r = await runConnectionCommand(
      deps,
      { type: 'UpdateConnection', companyId, whatsappId, fields },
      who(request),
    );
    return connectionAfter(companyId, whatsappId, r.position, true);
  });

  app.delete('/whatsapp/:id', { onRequest: app.requireAdmin }, async (request) => {
    const { id: whatsappId } = parse(IdParam, request.params);
    const { companyId } = request.session;
    const r = await runConnectionCommand(
      deps,
      { type: 'DeleteConnection', companyId, whatsappId },
      who(request),
    );
    await watcher.waitFor(r.position, ['connections']);
    return { message: 'Whatsapp deleted.' };
  });

  // The session is only asked for here; the channel worker owning the connection reconciles towards it
  // and its status changes (qrcode, OPENING, CONNECTED…) reach the screen over the socket.
  const session = (action: SessionAction) => async (request: FastifyRequest) => {
    const { id: whatsappId } = parse(IdParam, request.params);
    const { companyId, id } = request.session;
    const r = await runConnectionCommand(
      deps,
      { type: 'RequestSession', companyId, whatsappId, action, requestedBy: id },
      who(request),
    );
    return connectionAfter(companyId, whatsappId, r.position);
  };
  app.post('/whatsappsession/:id', { onRequest: app.requireAdmin }, session('start'));
  app.put('/whatsappsession/:id', { onRequest: app.requireAdmin }, session('restart'));
  app.delete('/whatsappsession/:id', { onRequest: app.requireAdmin }, session('disconnect'));
}
