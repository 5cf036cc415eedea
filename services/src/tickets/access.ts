import { DomainError } from '@zelo/contracts/errors';
import type { SessionUser } from '../api/context.ts';
import type { Pool } from '../platform/db.ts';

export interface Viewer extends SessionUser {
  queueIds: string[];
  allTicket: boolean;
}

export async function viewerOf(pool: Pool, session: SessionUser): Promise<Viewer> {
  const { rows } = await pool.query(
    'SELECT queue_ids, all_ticket FROM users WHERE id = $1 AND company_id = $2',
    [session.id, session.companyId],
  );
  if (!rows[0]) throw new DomainError('ERR_SESSION_EXPIRED', 'user no longer exists');
  return { ...session, queueIds: rows[0].queue_ids, allTicket: rows[0].all_ticket === 'enabled' };
}

export const isAdmin = (v: SessionUser) => v.profile === 'admin' || v.super;

/** Admins see every ticket; others only tickets without a queue or in one of their queues (doc 1 §6). */
export function mayViewTicket(v: Viewer, ticket: { queueId: string | null }): boolean {
  return isAdmin(v) || ticket.queueId === null || v.queueIds.includes(ticket.queueId);
}

export function assertMayViewTicket(v: Viewer, ticket: { queueId: string | null }) {
  if (!mayViewTicket(v, ticket)) throw new DomainError('ERR_NO_PERMISSION', 'Acesso não permitido');
}
