import { PhoneNumber } from '@zelo/contracts/common';
import { DomainError } from '@zelo/contracts/errors';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { AppContext } from '../api/context.ts';
import { IdParam, parse } from '../api/validation.ts';
import { ChannelNotConnectedError } from './port.ts';
import { SimMessageNotFoundError, type SimulatorChannel } from './simulator.ts';

const WaMessageId = v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{1,80}$/, 'must be a WhatsApp message id'));
const InboundRequest = v.pipe(
  v.object({
    from: PhoneNumber,
    name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(50)), ''),
    body: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(4096)), ''),
    // A customer's media: a file by URL, or a location / contact card carried in the body.
    mediaType: v.optional(
      v.picklist(['chat', 'image', 'audio', 'video', 'application', 'locationMessage', 'vcard']),
      'chat',
    ),
    mediaUrl: v.optional(
      v.nullable(
        v.pipe(v.string(), v.regex(/^(https?:\/\/|\/public\/)\S+$/, 'must be a URL'), v.maxLength(2048)),
      ),
      null,
    ),
    /** The customer replies to this message. */
    quotedWaMessageId: v.optional(v.nullable(WaMessageId), null),
  }),
  v.check((r) => r.body.length > 0 || r.mediaUrl !== null, 'body: required'),
  v.check(
    (r) => ['chat', 'locationMessage', 'vcard'].includes(r.mediaType) || r.mediaUrl !== null,
    'mediaUrl: required for a file',
  ),
);
const PhoneParams = v.object({ id: v.pipe(v.string(), v.uuid()), number: PhoneNumber });
const SimMessageParams = v.object({ id: v.pipe(v.string(), v.uuid()), waMessageId: WaMessageId });
const Text = v.pipe(v.string(), v.trim(), v.minLength(1, 'required'), v.maxLength(4096));
const QuotedRequest = v.optional(v.object({ quotedWaMessageId: v.optional(v.nullable(WaMessageId)) }), {});
const PhoneSendRequest = v.object({
  to: PhoneNumber,
  body: Text,
  quotedWaMessageId: v.optional(v.nullable(WaMessageId)),
});
const EditRequest = v.object({ body: Text });

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
  app: FastifyInstance,
  { ctx, simulator }: { ctx: AppContext; simulator: SimulatorChannel },
) {
  const connection = async (id: string) => {
    const { rows } = await ctx.pool.query(
      `SELECT w.id, w.name, w.status, c.name AS "companyName" FROM whatsapps w JOIN companies c ON c.id = w.company_id
        WHERE w.id = $1 AND w.provider = 'simulator'`,
      [id],
    );
    if (!rows[0]) throw new DomainError('ERR_NO_WAPP_FOUND', 'simulator connection not found');
    return rows[0];
  };

  app.get('/simulator/connections', async () => {
    const { rows } = await ctx.pool.query(
      `SELECT w.id, w.name, w.status, c.name AS "companyName" FROM whatsapps w JOIN companies c ON c.id = w.company_id
        WHERE w.provider = 'simulator' ORDER BY c.name, w.name`,
    );
    return rows;
  });

  app.post('/simulator/connections/:id/scan', async (request) => {
    const { id } = parse(IdParam, request.params);
    await connection(id);
    await simulator.pair(id);
    return { paired: true };
  });

  app.post('/simulator/connections/:id/inbound', async (request, reply) => {
    const { id } = parse(IdParam, request.params);
    const body = parse(InboundRequest, request.body);
    await connection(id);
    try {
      const r = await simulator.customerSends(
        id,
        { number: body.from, name: body.name || body.from },
        body.body,
        { mediaType: body.mediaType, mediaUrl: body.mediaUrl, quotedWaMessageId: body.quotedWaMessageId },
      );
      return reply.status(201).send(r);
    } catch (err) {
      if (err instanceof ChannelNotConnectedError)
        throw new DomainError('ERR_WAPP_NOT_INITIALIZED', err.message);
      throw err;
    }
  });

  // The business's phone: its owner types a message to a customer on the phone itself.
  app.post('/simulator/connections/:id/phone-sends', async (request, reply) => {
    const { id } = parse(IdParam, request.params);
    const body = parse(PhoneSendRequest, request.body);
    await connection(id);
    const r = await simulated(() =>
      simulator.phoneOwnerSends(id, { number: body.to }, body.body, {
        quotedWaMessageId: body.quotedWaMessageId,
      }),
    );
    return reply.status(201).send(r);
  });

  // Somebody on WhatsApp (the customer, or the phone's owner) edits or deletes a message for everyone.
  app.put('/simulator/connections/:id/messages/:waMessageId', async (request) => {
    const { id, waMessageId } = parse(SimMessageParams, request.params);
    const { body } = parse(EditRequest, request.body);
    await connection(id);
    await simulated(() => simulator.editMessage(id, waMessageId, body));
    return { edited: true };
  });

  app.delete('/simulator/connections/:id/messages/:waMessageId', async (request) => {
    const { id, waMessageId } = parse(SimMessageParams, request.params);
    await connection(id);
    await simulated(() => simulator.revokeMessage(id, waMessageId));
    return { deleted: true };
  });

  // WhatsApp delivers a message a second time (after a reconnection): Zelo must keep it once.
  app.post('/simulator/connections/:id/messages/:waMessageId/redeliver', async (request) => {
    const { id, waMessageId } = parse(SimMessageParams, request.params);
    const { quotedWaMessageId } = parse(QuotedRequest, request.body ?? undefined);
    await connection(id);
    await simulated(() => simulator.redeliver(id, waMessageId, { quotedWaMessageId }));
    return { redelivered: true };
  });

  app.get('/simulator/connections/:id/phones/:number/messages', async (request) => {
    const { id, number } = parse(PhoneParams, request.params);
    await connection(id);
    return simulator.phoneMessages(id, number);
  });
}
