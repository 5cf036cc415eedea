import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import jwt from '@fastify/jwt';
import rateLimit from '@fastify/rate-limit';
import { DomainError } from '@zelo/contracts/errors';
import Fastify from 'fastify';
import { announcementRoutes } from '../announcements/routes.ts';
import { auditGraphql } from '../audit/graphql.ts';
import { installAuthentication } from '../auth/authenticate.ts';
import { currentUserRoutes } from '../auth/me-routes.ts';
import { passwordResetRoutes } from '../auth/password-reset-routes.ts';
import { authRoutes } from '../auth/routes.ts';
import { currentSession } from '../auth/sessions.ts';
import { billingRoutes, billingWebhookRoutes } from '../billing/routes.ts';
import { campaignRoutes } from '../campaigns/routes.ts';
import { simulatorRoutes } from '../channels/simulator-routes.ts';
import { chatRoutes } from '../chats/routes.ts';
import { connectionRoutes } from '../connections/routes.ts';
import { contactListRoutes } from '../contact-lists/routes.ts';
import { contactExportRoutes } from '../contacts/export-routes.ts';
import { optOutRoutes } from '../contacts/opt-out-routes.ts';
import { contactRoutes } from '../contacts/routes.ts';
import { dashboardRoutes } from '../dashboard/routes.ts';
import { externalApiRoutes } from '../external-api/routes.ts';
import { fileListRoutes } from '../file-lists/routes.ts';
import { flowCampaignRoutes } from '../flows/campaign-routes.ts';
import { flowRoutes } from '../flows/routes.ts';
import { helpRoutes } from '../helps/routes.ts';
import { mediaRoutes } from '../media/routes.ts';
import { localMediaStorage, mediaDirFromEnv } from '../media/storage.ts';
import { uploadLedger } from '../media/uploads.ts';
import { messageRoutes } from '../messaging/routes.ts';
import { erasedContactGuard } from '../privacy/erasure-guard.ts';
import { erasureRoutes } from '../privacy/erasure-routes.ts';
import { promptRoutes } from '../prompts/routes.ts';
import { queueIntegrationRoutes } from '../queue-integrations/routes.ts';
import { queueOptionRoutes } from '../queues/option-routes.ts';
import { queueRoutes } from '../queues/routes.ts';
import { quickMessageRoutes } from '../quick-messages/routes.ts';
import { reportRoutes } from '../reports/routes.ts';
import { schedulesRoutes } from '../schedules/routes.ts';
import { slaPolicyRoutes } from '../sla/routes.ts';
import { kanbanRoutes } from '../tags/kanban-routes.ts';
import { tagRoutes } from '../tags/routes.ts';
import { companiesRoutes } from '../tenancy/companies-routes.ts';
import { tenancyRoutes } from '../tenancy/routes.ts';
import { companySchedulesRoutes } from '../tenancy/schedules-routes.ts';
import { settingsRoutes } from '../tenancy/settings-routes.ts';
import { ticketNoteRoutes } from '../ticket-notes/routes.ts';
import { ticketRoutes } from '../tickets/routes.ts';
import { userRoutes } from '../users/routes.ts';
import { clientErrorRoutes } from './client-errors.ts';
import type { AppContext } from './context.ts';
import { installErrorHandler } from './errors.ts';
import { installIdempotency } from './idempotency.ts';
import { logSerializers } from './logging.ts';
import { SocketGateway } from './socket-gateway.ts';
import { refuseUnstorableRequest } from './validation.ts';

export interface BuildOptions {
  /** The socket gateway's change feed LISTENs here (Config.listenDatabaseUrl). */
  listenDatabaseUrl: string;
  logger?: boolean;
  /** Where the log goes instead of stdout (turns the logger on; a test reads what was logged). */
  logStream?: { write(line: string): void };
}

/** One method and path of the API, as registered (`/tickets/:id`). */
export interface RouteSummary {
  method: string;
  url: string;
}

/** The HTTP API and its socket gateway; the caller decides when to listen. */
export async function buildApp(ctx: AppContext, options: BuildOptions) {
  const app = Fastify({
    // Request URLs are logged redacted: the password reset paths carry the code and the new password.
    logger:
      options.logger || options.logStream
        ? {
            level: 'info',
            serializers: logSerializers,
            ...(options.logStream ? { stream: options.logStream } : {}),
          }
        : false,
    bodyLimit: 1024 * 1024,
    // Request ids go into event metadata as correlation ids.
    genReqId: () => crypto.randomUUID(),
    // Behind a reverse proxy (TRUST_PROXY): the client's address and protocol from x-forwarded-*.
    trustProxy: ctx.config.trustProxy,
    // The spec's clients write `/users/`, `/settings/`, `/whatsapp/?session=0`: the same routes.
    routerOptions: { ignoreTrailingSlash: true },
  });
  installErrorHandler(app);
  // Text PostgreSQL cannot store (a NUL) is bad input on every route, refused before any handler runs.
  app.addHook('preValidation', async (request) => refuseUnstorableRequest(request));
  // An Idempotency-Key on a POST answers a retry with the first answer (routes registered below).
  installIdempotency(app, ctx.pool, ctx.deps.clock);
  // The route table as Fastify registers it: the tenant sweep test calls every one of them.
  const routes: RouteSummary[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
  // Security headers on every answer (HSTS, nosniff, frame and referrer policies ...). The API answers
  // JSON, never a page: its CSP allows nothing. Its JSON is read cross-origin through CORS, which a
  // same-origin Cross-Origin-Resource-Policy does not block; media under /public, which the web app
  // embeds from another origin, answers cross-origin (media/routes.ts).
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'none'"],
      },
    },
  });
  await app.register(cors, {
    origin: ctx.config.webOrigins,
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    // A download (the reports' CSV) is saved under the name the server gives it.
    exposedHeaders: ['Content-Disposition'],
  });
  await app.register(cookie);
  await app.register(jwt, { secret: ctx.config.jwtSecret });
  installAuthentication(app, (claims) => currentSession(ctx.pool, claims));
  // Rate limits for the whole app, per route: a route opts in with `config: { rateLimit: {...} }`
  // (auth/throttle.ts perAddressLimit). Registered here, before every route, so that every route sees it.
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new DomainError('ERR_RATE_LIMITED', `too many requests, retry in ${context.after}`),
  });

  let gateway: SocketGateway | null = null;
  const publish: SocketGateway['publish'] = (companyId, event, data, userId) =>
    gateway?.publish(companyId, event, data, userId);

  // Routes open to anyone (login, refresh, sign-up, plans, media), the token-authenticated external API,
  // and GraphQL, which checks the session in its own context (audit/graphql.ts).
  await app.register(authRoutes, { ctx, publish });
  await app.register(passwordResetRoutes, { ctx });
  await app.register(tenancyRoutes, { ctx });
  const media = localMediaStorage(mediaDirFromEnv(), ctx.deps.clock, uploadLedger(ctx.pool));
  await app.register(mediaRoutes, { root: media.root });
  await app.register(externalApiRoutes, { ctx, media });
  await app.register(auditGraphql, { ctx });
  // Efí's Pix notices: no session, the secret on the registered URL.
  await app.register(billingWebhookRoutes, { ctx });
  // Every other route needs a session: checked here once, on request, before its body is even read.
  await app.register(async (authed) => {
    authed.addHook('onRequest', authed.authenticate);
    // An erased contact's id answers 404 on every route that takes one (LGPD, issue 25).
    authed.addHook('preHandler', erasedContactGuard(ctx.pool));
    await authed.register(currentUserRoutes, { ctx });
    await authed.register(clientErrorRoutes);
    await authed.register(ticketRoutes, { ctx });
    await authed.register(messageRoutes, { ctx, media });
    await authed.register(contactRoutes, { ctx });
    await authed.register(erasureRoutes, { ctx });
    await authed.register(contactExportRoutes, { ctx });
    await authed.register(optOutRoutes, { ctx });
    await authed.register(ticketNoteRoutes, { ctx });
    await authed.register(queueRoutes, { ctx });
    await authed.register(queueOptionRoutes, { ctx });
    await authed.register(settingsRoutes, { ctx });
    await authed.register(companiesRoutes, { ctx });
    await authed.register(companySchedulesRoutes, { ctx });
    await authed.register(userRoutes, { ctx });
    await authed.register(connectionRoutes, { ctx });
    await authed.register(schedulesRoutes, { ctx, media });
    await authed.register(tagRoutes, { ctx });
    await authed.register(kanbanRoutes, { ctx });
    await authed.register(quickMessageRoutes, { ctx, media });
    await authed.register(dashboardRoutes, { ctx });
    await authed.register(reportRoutes, { ctx });
    await authed.register(chatRoutes, { ctx });
    await authed.register(contactListRoutes, { ctx });
    await authed.register(fileListRoutes, { ctx, media });
    await authed.register(flowRoutes, { ctx, media });
    await authed.register(flowCampaignRoutes, { ctx });
    await authed.register(queueIntegrationRoutes, { ctx });
    await authed.register(slaPolicyRoutes, { ctx });
    await authed.register(promptRoutes, { ctx });
    await authed.register(campaignRoutes, { ctx, media });
    await authed.register(billingRoutes, { ctx });
    await authed.register(helpRoutes, { ctx });
    await authed.register(announcementRoutes, { ctx, media });
  });
  if (ctx.simulator) await app.register(simulatorRoutes, { ctx, simulator: ctx.simulator });
  app.get('/health', async () => ({ ok: true }));

  gateway = new SocketGateway(app, ctx.pool, options.listenDatabaseUrl);
  await gateway.start();
  const started = gateway;
  ctx.presence = (companyId) => started.onlineUsers(companyId);
  app.addHook('onClose', async () => started.stop());
  await app.ready();
  return { app, gateway: started, routes };
}
