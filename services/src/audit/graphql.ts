import type { AuditLanguage, TicketEventView } from '@zelo/contracts/audit/read-models';
import { DomainError } from '@zelo/contracts/errors';
import { describeEvent } from '@zelo/projections/audit/describe-event';
import { lastPlacement, namesInHistory, ticketHistory } from '@zelo/projections/audit/queries';
import { getTicket } from '@zelo/projections/tickets/queries';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  type ASTVisitor,
  type FragmentDefinitionNode,
  GraphQLError,
  Kind,
  type SelectionSetNode,
  type ValidationContext,
} from 'graphql';
import mercurius, { type MercuriusContext } from 'mercurius';
import type { AccessTokenClaims, AppContext, Viewer } from '../api/context.ts';
import { currentSession } from '../auth/sessions.ts';
import { assertMayViewTicket, isAdmin } from '../tickets/access.ts';

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
    /** The caller as now, queues included (the session check's one read), or null without a live session. */
    viewer: Viewer | null;
  }
}

/** Bounds on what one request may ask: nesting, fields in all (aliases and fragments counted as
 * written out), and top-level fields (each `ticketHistory`, aliased or not, is a database read). */
export const QUERY_LIMITS = { depth: 5, fields: 100, rootFields: 5 };

/** A validation rule: refuses a document whose operations, fragments expanded, exceed QUERY_LIMITS. */
export function queryCostRule(context: ValidationContext): ASTVisitor {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of context.getDocument().definitions)
    if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  // Fields of a selection set, fragments written out; a cycle (refused by its own rule) counts once.
  const count = (set: SelectionSetNode, inside: Set<string>, budget: { left: number }): number => {
    let n = 0;
    for (const sel of set.selections) {
      if (budget.left <= 0) return n;
      if (sel.kind === Kind.FIELD) {
        n += 1;
        budget.left -= 1;
        if (sel.selectionSet) n += count(sel.selectionSet, inside, budget);
      } else if (sel.kind === Kind.INLINE_FRAGMENT) n += count(sel.selectionSet, inside, budget);
      else {
        const f = fragments.get(sel.name.value);
        if (f && !inside.has(f.name.value))
          n += count(f.selectionSet, new Set([...inside, f.name.value]), budget);
      }
    }
    return n;
  };
  const tooComplex = (what: string) =>
    context.reportError(
      new GraphQLError(`query too complex: ${what}`, { extensions: { code: 'ERR_QUERY_TOO_COMPLEX' } }),
    );
  return {
    OperationDefinition(op) {
      const roots = rootFieldCount(op.selectionSet, fragments);
      if (roots > QUERY_LIMITS.rootFields)
        tooComplex(`${roots} top-level fields (at most ${QUERY_LIMITS.rootFields})`);
      const fields = count(op.selectionSet, new Set(), { left: QUERY_LIMITS.fields + 1 });
      if (fields > QUERY_LIMITS.fields) tooComplex(`more than ${QUERY_LIMITS.fields} fields`);
    },
  };
}

function rootFieldCount(set: SelectionSetNode, fragments: Map<string, FragmentDefinitionNode>): number {
  let n = 0;
  const seen = new Set<string>();
  const walk = (s: SelectionSetNode) => {
    for (const sel of s.selections) {
      if (sel.kind === Kind.FIELD) n += 1;
      else if (sel.kind === Kind.INLINE_FRAGMENT) walk(sel.selectionSet);
      else if (!seen.has(sel.name.value)) {
        seen.add(sel.name.value);
        const f = fragments.get(sel.name.value);
        if (f) walk(f.selectionSet);
      }
    }
  };
  walk(set);
  return n;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** GraphQL for auditors at POST /graphql: the same bearer token and tenant rules as the REST API. */
export async function auditGraphql(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { pool } = ctx;
  await app.register(mercurius, {
    schema,
    path: '/graphql',
    graphiql: false,
    // A query nested deeper than this is refused before it runs (mercurius' own rule), and one that
    // asks for too many fields or reads (aliases multiply them) by queryCostRule.
    queryDepth: QUERY_LIMITS.depth,
    validationRules: [queryCostRule],
    context: async (request: FastifyRequest) => {
      // The session as it stands now (a deleted or re-passworded user's token opens nothing here either).
      const claims = await request.jwtVerify<AccessTokenClaims>().catch(() => null);
      return { viewer: claims && (await currentSession(pool, claims)) };
    },
    resolvers: {
      Query: {
        ticketHistory: async (
          _root: unknown,
          { ticketId, language }: { ticketId: string; language: AuditLanguage },
          context: MercuriusContext,
        ): Promise<TicketEventView[]> => {
          const { viewer } = context;
          if (!viewer) throw new DomainError('ERR_SESSION_EXPIRED', 'please log in');
          // GraphQL's ID admits any string: the uuid check is ours, as the schema language cannot say it.
          if (!UUID.test(ticketId)) throw new DomainError('ERR_VALIDATION', 'ticketId must be a uuid');
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
        // Refused before the query was even parsed (no token): the HTTP status says so too.
        if (original.code === 'ERR_SESSION_EXPIRED') return { statusCode: 401, response: response.response };
      }
      return { statusCode: 200, response: response.response };
    },
  });
  // Nothing is parsed, validated or introspected for a caller without a valid session: the schema and
  // the parser's work are for logged-in users only.
  app.graphql.addHook('preParsing', async (_schema, _source, context) => {
    if (!context.viewer) throw new DomainError('ERR_SESSION_EXPIRED', 'please log in');
  });
}
