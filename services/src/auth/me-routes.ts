import { DomainError } from '@zelo/contracts/errors';
import type { SessionUserView } from '@zelo/contracts/users/read-models';
import { sessionUser } from '@zelo/projections/users/queries';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../api/context.ts';

/** GET /auth/me: the caller as the session shows it; mounted inside the authenticated scope (api/app.ts). */
export async function currentUserRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get('/auth/me', async (request): Promise<SessionUserView> => {
    const user = await sessionUser(ctx.pool, request.session.id);
    if (!user) throw new DomainError('ERR_SESSION_EXPIRED', 'please log in');
    return user;
  });
}
