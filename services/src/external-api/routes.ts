import multipart from '@fastify/multipart';
import { DomainError } from '@zelo/contracts/errors';
import {
  EXTERNAL_SEND_OK,
  EXTERNAL_SEND_PATH,
  ExternalSendMediaFields,
  ExternalSendRequest,
  normalizeWhatsappNumber,
} from '@zelo/contracts/external-api/api';
import type { MediaType } from '@zelo/contracts/messaging/events';
import { connectionByToken } from '@zelo/projections/external-api/queries';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../api/context.ts';
import { parse } from '../api/validation.ts';
import { ensureContact } from '../contacts/handlers.ts';
import type { MediaStorage } from '../media/storage.ts';
import { queueOutboundMessage } from '../messaging/handlers.ts';
import { MEDIA_LIMITS, receiveMedia } from '../messaging/send-media.ts';
import { type Actor, latestPosition } from '../platform/command-handler.ts';
import { isSubscriptionActive } from '../tenancy/domain/company.ts';
import { ticketForInbound } from '../tickets/handlers.ts';

export interface ExternalApiRateLimit {
  /** Requests one token may make per window. */
  max: number;
  timeWindowMs: number;
}

/** `ZELO_EXTERNAL_API_RATE_LIMIT` requests per minute and per token; 60 unless set. */
export function externalApiRateLimitFromEnv(env: NodeJS.ProcessEnv = process.env): ExternalApiRateLimit {
  const max = Number(env.ZELO_EXTERNAL_API_RATE_LIMIT ?? 60);
  return { max: Number.isInteger(max) && max > 0 ? max : 60, timeWindowMs: 60_000 };
}

/** The token of `Authorization: Bearer <token>`, or null. */
function bearerToken(request: FastifyRequest): string | null {
  const m = /^Bearer\s+(\S{1,200})\s*$/i.exec(request.headers.authorization ?? '');
  return m ? m[1] : null;
}

interface Send {
  body: string;
  mediaType?: MediaType;
  mediaUrl?: string;
}

/**
 * `POST /api/messages/send` (BEHAVIOUR.md "External messages API"). The bearer token is a connection's
 * token: it names the connection and so the company; nothing in the body can point elsewhere. Every
 * refusal (token, plan, number, files) happens before anything is written.
 *
 * The ticket: the contact's active (pending or open) ticket on this connection is reused as it is;
 * when there is none, a new one is opened in status open with no agent and no queue, so an API
 * notification does not sit in the waiting list nor start the queue bot. A customer's reply joins that
 * ticket, where an admin sees it (open, show all) and can transfer it.
 */
export async function externalApiRoutes(
  app: FastifyInstance,
  {
    ctx,
    media,
    limit = externalApiRateLimitFromEnv(),
  }: { ctx: AppContext; media: MediaStorage; limit?: ExternalApiRateLimit },
) {
  const { deps, pool, watcher } = ctx;
  // Scoped to this plugin: only this route takes files here. Its per-token limit (below) uses the
  // rate-limit plugin registered for the whole app (api/app.ts).
  await app.register(multipart, { limits: MEDIA_LIMITS, throwFileSizeLimit: true });

  async function connectionOf(request: FastifyRequest) {
    const token = bearerToken(request);
    if (!token) throw new DomainError('ERR_INVALID_TOKEN', 'missing bearer token (a connection token)');
    const found = await connectionByToken(pool, token);
    if (!found) throw new DomainError('ERR_INVALID_TOKEN', 'no connection has this token');
    if (!found.useExternalApi) {
      throw new DomainError('ERR_EXTERNAL_API_DISABLED', "the company's plan does not include the API");
    }
    if (!isSubscriptionActive(found.dueDate, deps.clock.now())) {
      throw new DomainError('ERR_SUBSCRIPTION_EXPIRED', "the company's subscription has expired");
    }
    return found;
  }

  const validNumber = (raw: string) => {
    const number = normalizeWhatsappNumber(raw);
    if (!number) {
      throw new DomainError(
        'ERR_WAPP_INVALID_CONTACT',
        'number: 10 to 15 digits (country and area code), only +, spaces and dashes besides',
      );
    }
    return number;
  };

  app.post(
    EXTERNAL_SEND_PATH,
    {
      config: {
        rateLimit: {
          max: limit.max,
          timeWindow: limit.timeWindowMs,
          keyGenerator: (request) => {
            const token = bearerToken(request);
            return token ? `external-api:token:${token}` : `external-api:ip:${request.ip}`;
          },
          errorResponseBuilder: (_request, context) =>
            new DomainError(
              'ERR_RATE_LIMITED',
              `at most ${context.max} requests per ${limit.timeWindowMs / 1000} s per token, retry in ${context.after}`,
            ),
        },
      },
    },
    async (request, reply) => {
      const { whatsappId, companyId } = await connectionOf(request);
      let number = '';
      let sends: Send[];
      if (request.isMultipart()) {
        // Multipart fields arrive with the parts, beyond the reach of a route schema.
        const received = await receiveMedia(request, media, companyId, MEDIA_LIMITS.files, (fields) => {
          number = validNumber(parse(ExternalSendMediaFields, { number: fields.get('number') }).number);
        });
        // As an agent's upload: the first file carries the caption, the others their file name.
        sends = received.files.map((f, i) => ({
          body: (i === 0 && received.caption) || f.filename,
          mediaType: f.mediaType,
          mediaUrl: f.mediaUrl,
        }));
      } else {
        // Parsed here, not in the route's schema: the body is JSON or multipart, and a bad token must
        // be refused before the body is looked at (a schema validates before the handler runs).
        const body = parse(ExternalSendRequest, request.body);
        number = validNumber(body.number);
        sends = [{ body: body.body }];
      }
      const who: Actor = { companyId, actor: 'system:external-api', correlationId: request.id };
      const contact = await ensureContact(deps, companyId, { name: number, number, isGroup: false }, who);
      const ticket = await ticketForInbound(
        deps,
        { companyId, whatsappId, contactId: contact.contactId, isGroup: false },
        who,
        'open',
      );
      let position = latestPosition(deps.store, contact.position, ticket.position);
      for (const s of sends) {
        const queued = await queueOutboundMessage(
          deps,
          { companyId, ticketId: ticket.ticketId, userId: null, ...s },
          who,
        );
        position = latestPosition(deps.store, position, queued.position);
      }
      // Read your writes: the next GET /messages/:ticketId shows what was just sent.
      await watcher.waitFor(position, ['conversations', 'contacts']);
      return reply.status(200).send(EXTERNAL_SEND_OK);
    },
  );
}
