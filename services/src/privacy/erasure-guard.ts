import { DomainError } from '@zelo/contracts/errors';
import type { FastifyRequest } from 'fastify';
import type { Pool } from '../platform/db.ts';
import { personalSubject } from './subjects.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers for an erased contact too (its erasure's idempotent start). */
    erasedContactAllowed?: boolean;
  }
}

/**
 * The contacts among `contactIds` being erased or erased: their key is destroyed, which is the
 * erasure's first step, so they answer 404 from then on, before ContactErased reaches any read model.
 */
export async function erasedContacts(pool: Pool, contactIds: string[]): Promise<Set<string>> {
  if (contactIds.length === 0) return new Set();
  const { rows } = await pool.query<{ subject: string }>(
    'SELECT subject FROM personal_data_keys WHERE subject = ANY($1::text[]) AND key IS NULL',
    [contactIds.map(personalSubject.contact)],
  );
  const erased = new Set(rows.map((r) => r.subject));
  return new Set(contactIds.filter((id) => erased.has(personalSubject.contact(id))));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The contact ids a request names: `/contacts/:id...`, and any `contactId` in its params, query or body. */
function namedContactIds(request: FastifyRequest): string[] {
  const ids: unknown[] = [];
  const params = (request.params ?? {}) as Record<string, unknown>;
  if (/^\/contacts\/:id(\/|$)/.test(request.routeOptions.url ?? '')) ids.push(params.id);
  for (const source of [params, request.query, request.body])
    if (source && typeof source === 'object' && !Array.isArray(source))
      ids.push((source as Record<string, unknown>).contactId);
  return [...new Set(ids.filter((id): id is string => typeof id === 'string' && UUID.test(id)))];
}

/**
 * One check for every route that takes a contact id (GET/PUT/DELETE /contacts/:id, its notes, schedules,
 * a new ticket, opt-out, export ...): an erased contact is not found, as a deleted one. A preHandler,
 * so that the route's own validation answers first for malformed input.
 */
export function erasedContactGuard(pool: Pool) {
  return async (request: FastifyRequest) => {
    if (request.routeOptions.config?.erasedContactAllowed) return;
    const ids = namedContactIds(request);
    if (ids.length > 0 && (await erasedContacts(pool, ids)).size > 0)
      throw new DomainError('ERR_NO_CONTACT_FOUND', 'contact not found');
  };
}
