import { DomainError } from '@zelo/contracts/errors';
import {
  SimEditRequest,
  SimInboundRequest,
  SimMessageParams,
  SimNewPhoneRequest,
  SimPhoneParams,
  SimPhoneSendRequest,
  SimRedeliverRequest,
} from '@zelo/contracts/simulator/api';
import type {
  SimConnection,
  SimPhone,
  SimPhoneMessage,
  SimSent,
} from '@zelo/contracts/simulator/read-models';
import { getSimConnection, listSimConnections } from '@zelo/projections/connections/simulator-queries';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../api/context.ts';
import { typed } from '../api/schema.ts';
import { IdParam } from '../api/validation.ts';
import { ChannelNotConnectedError } from './port.ts';
import { SimMessageNotFoundError, type SimulatorChannel } from './simulator.ts';

/** The simulated phone network's refusals, as the API's errors. */
async function simulated<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof ChannelNotConnectedError)
      throw new DomainError('ERR_WAPP_NOT_INITIALIZED', err.message);
    if (err instanceof SimMessageNotFoundError) throw new DomainError('ERR_NO_MESSAGE_FOUND', err.message);
    throw err;
  }
}

/**
 * The simulated customers' side, for demos, tests and benchmarks. Mounted only when the simulator
 * channel is enabled (the embedded default); a production deployment with Baileys does not expose it.
 */
export async function simulatorRoutes(
  plain: FastifyInstance,
  { ctx, simulator }: { ctx: AppContext; simulator: SimulatorChannel },
) {
  const app = typed(plain);
  const connection = async (id: string) => {
    const found = await getSimConnection(ctx.pool, id);
    if (!found) throw new DomainError('ERR_NO_WAPP_FOUND', 'simulator connection not found');
    return found;
  };

  app.get('/simulator/connections', async (): Promise<SimConnection[]> => listSimConnections(ctx.pool));

  // The network's phones: a number that has one is "on WhatsApp" (a contact list's check asks this).
  app.get('/simulator/phones', async (): Promise<SimPhone[]> => simulator.phones());
  app.post('/simulator/phones', { schema: { body: SimNewPhoneRequest } }, async (request, reply) =>
    reply.status(201).send(await simulator.addPhone(request.body.number, request.body.name)),
  );

  app.post('/simulator/connections/:id/scan', { schema: { params: IdParam } }, async (request) => {
    const { id } = request.params;
    await connection(id);
    await simulator.pair(id);
    return { paired: true };
  });

  app.post(
    '/simulator/connections/:id/inbound',
    { schema: { params: IdParam, body: SimInboundRequest } },
    async (request, reply) => {
      const { id } = request.params;
      const body = request.body;
      // A session open here proves the connection exists; only otherwise is it looked up.
      if (!simulator.isConnected(id)) await connection(id);
      try {
        const r: SimSent = await simulator.customerSends(
          id,
          { number: body.from, name: body.name || body.from },
          body.body,
          {
            mediaType: body.mediaType,
            mediaUrl: body.mediaUrl,
            quotedWaMessageId: body.quotedWaMessageId,
            waMessageId: body.waMessageId,
          },
        );
        return reply.status(201).send(r);
      } catch (err) {
        if (err instanceof ChannelNotConnectedError)
          throw new DomainError('ERR_WAPP_NOT_INITIALIZED', err.message);
        throw err;
      }
    },
  );

  // The business's phone: its owner types a message to a customer on the phone itself.
  app.post(
    '/simulator/connections/:id/phone-sends',
    { schema: { params: IdParam, body: SimPhoneSendRequest } },
    async (request, reply) => {
      const { id } = request.params;
      const body = request.body;
      await connection(id);
      const r: SimSent = await simulated(() =>
        simulator.phoneOwnerSends(id, { number: body.to }, body.body, {
          quotedWaMessageId: body.quotedWaMessageId,
        }),
      );
      return reply.status(201).send(r);
    },
  );

  // Somebody on WhatsApp (the customer, or the phone's owner) edits or deletes a message for everyone.
  app.put(
    '/simulator/connections/:id/messages/:waMessageId',
    { schema: { params: SimMessageParams, body: SimEditRequest } },
    async (request) => {
      const { id, waMessageId } = request.params;
      const { body } = request.body;
      await connection(id);
      await simulated(() => simulator.editMessage(id, waMessageId, body));
      return { edited: true };
    },
  );

  app.delete(
    '/simulator/connections/:id/messages/:waMessageId',
    { schema: { params: SimMessageParams } },
    async (request) => {
      const { id, waMessageId } = request.params;
      await connection(id);
      await simulated(() => simulator.revokeMessage(id, waMessageId));
      return { deleted: true };
    },
  );

  // WhatsApp delivers a message a second time (after a reconnection): Zelo must keep it once.
  app.post(
    '/simulator/connections/:id/messages/:waMessageId/redeliver',
    { schema: { params: SimMessageParams, body: SimRedeliverRequest } },
    async (request) => {
      const { id, waMessageId } = request.params;
      const { quotedWaMessageId } = request.body;
      await connection(id);
      await simulated(() => simulator.redeliver(id, waMessageId, { quotedWaMessageId }));
      return { redelivered: true };
    },
  );

  app.get(
    '/simulator/connections/:id/phones/:number/messages',
    { schema: { params: SimPhoneParams } },
    async (request): Promise<SimPhoneMessage[]> => {
      const { id, number } = request.params;
      await connection(id);
      return simulator.phoneMessages(id, number);
    },
  );
}
