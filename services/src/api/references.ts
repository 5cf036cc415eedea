import { DomainError } from '@zelo/contracts/errors';
import { connectionExists } from '@zelo/projections/connections/queries';
import { queueExists } from '@zelo/projections/queues/queries';
import { userExists } from '@zelo/projections/users/queries';
import type { Pool } from '../platform/db.ts';

// A queue, user or connection a request names must be of the caller's company: another company's
// answers exactly like a missing one, before anything is written.

export async function assertQueue(pool: Pool, companyId: string, queueId: string): Promise<void> {
  if (!(await queueExists(pool, companyId, queueId)))
    throw new DomainError('ERR_NO_QUEUE_FOUND', 'queue not found');
}

export async function assertUser(pool: Pool, companyId: string, userId: string): Promise<void> {
  if (!(await userExists(pool, companyId, userId)))
    throw new DomainError('ERR_NO_USER_FOUND', 'user not found');
}

export async function assertConnection(pool: Pool, companyId: string, whatsappId: string): Promise<void> {
  if (!(await connectionExists(pool, companyId, whatsappId)))
    throw new DomainError('ERR_NO_WAPP_FOUND', 'connection not found');
}
