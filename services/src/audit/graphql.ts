import { DomainError } from '@zelo/contracts/errors';
import { describeEvent } from '@zelo/projections/audit/describe-event';
import { lastPlacement, namesInHistory, ticketHistory } from '@zelo/projections/audit/ticket-history';
import { getTicket } from '@zelo/projections/tickets/queries';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import mercurius, { type MercuriusContext } from 'mercurius';
import type { AppContext, SessionUser } from '../api/context.ts';
import { assertMayViewTicket, isAdmin, viewerOf } from '../tickets/access.ts';

const schema = /* GraphQL */ `
  "One fact in a ticket's life: when it happened, who did it, what changed."
  type TicketEvent {
    position: String!
    type: String!
    "A user id, or system:<actor> for the channel, workflows and the seed."
    actor: String!
    actorName: String
    at: String!
    summary: String!
    "The event's data as JSON text."
    data: String!
  }

  "The languages a summary is written in (the app's)."
  enum Language {
    pt
    en
    es
  }

  type Query {
    "Every event of a ticket of the caller's company, oldest first; summaries in \`language\`."
    ticketHistory(ticketId: ID!, language: Language = en): [TicketEvent!]!
  }
`;

declare module 'mercurius' {
  interface MercuriusContext {
    session: SessionUser | null;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** GraphQL for auditors at POST /graphql: the same bearer token and tenant rules as the REST API. */
export async function auditGraphql(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { pool } = ctx;
  await app.register(mercurius, {
    schema,
    path: '/graphql',
    graphiql: false,
    context: async (request: FastifyRequest) => {
      // The session as it stands now (a deleted or re-passworded user's token opens nothing here either).
      return { session: await app.sessionOf(request) };
    },
    resolvers: {
      Query: {
        ticketHistory: async (
          _root: unknown,
          { ticketId, language }: { ticketId: string; language: 'pt' | 'en' | 'es' },
          context: MercuriusContext,
        ) => {
          if (!context.session) throw new DomainError('ERR_SESSION_EXPIRED', 'please log in');
          if (!UUID.test(ticketId)) throw new DomainError('ERR_VALIDATION', 'ticketId must be a uuid');
          const viewer = await viewerOf(pool, context.session);
          // Only tickets of the caller's company exist for it; others read as not found.
          const ticket = await getTicket(pool, viewer.companyId, ticketId);
          const rows = await ticketHistory(pool, viewer.companyId, ticketId);
          if (!ticket && rows.length === 0) throw new DomainError('ERR_NO_TICKET_FOUND', 'ticket not found');
          // A deleted ticket's row is gone: its history says where it last sat, and that decides. A
          // history that never placed the ticket is refused to everyone but admins.
          const placement = ticket ?? lastPlacement(rows);
          if (placement) assertMayViewTicket(viewer, placement);
          else if (!isAdmin(viewer)) throw new DomainError('ERR_NO_PERMISSION', 'Acesso não permitido');
          const names = await namesInHistory(pool, viewer.companyId, rows);
          return rows.map((r) => ({
            position: r.position,
            type: r.type,
            actor: r.actor,
            actorName: names.get(r.actor) ?? null,
            at: new Date(r.at).toISOString(),
            summary: describeEvent(r.type, r.data, (id) => names.get(id) ?? id, language),
            data: JSON.stringify(r.data),
          }));
        },
      },
    },
    errorFormatter: (execution, context) => {
      const response = mercurius.defaultErrorFormatter(execution, context);
      const original = execution.errors?.[0]?.originalError;
      if (original instanceof DomainError) {
        response.response.errors = [
          { message: original.message, extensions: { code: original.code } },
        ] as never;
      }
      return { statusCode: 200, response: response.response };
    },
  });
}
