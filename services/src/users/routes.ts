import { DomainError } from '@zelo/contracts/errors';
import {
  CreateUserRequest,
  ListUsersQuery,
  SetLanguageParams,
  UpdateUserRequest,
} from '@zelo/contracts/users/api';
import type { UserView } from '@zelo/contracts/users/read-models';
import { countCompanyQueues } from '@zelo/projections/queues/queries';
import { companyUserIds } from '@zelo/projections/tenancy/queries';
import {
  listUsers,
  passwordHashOf,
  sessionUser,
  userCreationAllowance,
} from '@zelo/projections/users/queries';
import type { FastifyInstance } from 'fastify';
import { type AppContext, actorOf } from '../api/context.ts';
import { assertConnection } from '../api/references.ts';
import { typed } from '../api/schema.ts';
import { IdParam } from '../api/validation.ts';
import { endUserSessions } from '../auth/sessions.ts';
import { assertLoginAllowed, recordLoginFailure } from '../auth/throttle.ts';
import { newId } from '../platform/ids.ts';
import { createUser, deleteUser, runUserCommand, type SeatRule, updateUser } from './handlers.ts';
import { checkPassword, hashPassword } from './password.ts';

export async function userRoutes(plain: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = typed(plain);
  const { deps, pool, watcher } = ctx;

  async function userAfter(companyId: string, userId: string, position: string | null): Promise<UserView> {
    await watcher.waitFor(position, ['users']);
    const u = await sessionUser(pool, userId);
    if (!u || u.companyId !== companyId) throw new DomainError('ERR_NO_USER_FOUND', 'user not found');
    const { company: _c, ...user } = u;
    return user;
  }

  async function assertQueuesAndConnection(companyId: string, queueIds: string[], whatsappId: string | null) {
    if ((await countCompanyQueues(pool, companyId, queueIds)) !== new Set(queueIds).size)
      throw new DomainError('ERR_NO_QUEUE_FOUND', 'queue not found');
    if (whatsappId) await assertConnection(pool, companyId, whatsappId);
  }

  // The setting and the plan's user count (doc 1 §3 Setting keys, Plan.users). The count is decided on
  // the company's seats stream (createUser): of two creations racing for the last seat, one passes.
  async function seatRule(companyId: string): Promise<SeatRule> {
    const c = await userCreationAllowance(pool, companyId);
    if (c?.creation === 'disabled')
      throw new DomainError('ERR_USER_CREATION_DISABLED', 'user creation is disabled in the settings');
    return { limit: c?.limit ?? null, known: await companyUserIds(pool, companyId) };
  }

  app.get('/users', { schema: { querystring: ListUsersQuery } }, async (request) =>
    listUsers(pool, request.session.companyId, request.query.searchParam, request.query.pageNumber),
  );

  app.get(
    '/users/list',
    async (request) => (await listUsers(pool, request.session.companyId, '', 1, 1000)).users,
  );

  app.get('/users/:id', { schema: { params: IdParam } }, async (request) =>
    userAfter(request.session.companyId, request.params.id, null),
  );

  app.post(
    '/users',
    { onRequest: app.requireAdmin, schema: { body: CreateUserRequest } },
    async (request, reply) => {
      const body = request.body;
      const { companyId } = request.session;
      const seat = await seatRule(companyId);
      await assertQueuesAndConnection(companyId, body.queueIds, body.whatsappId);
      const userId = newId();
      const { password, ...fields } = body;
      const r = await createUser(
        deps,
        { userId, companyId, passwordHash: await hashPassword(password), super: false, ...fields },
        actorOf(request),
        seat,
      );
      return reply.status(201).send(await userAfter(companyId, userId, r.position));
    },
  );

  app.put('/users/:id', { schema: { params: IdParam, body: UpdateUserRequest } }, async (request, reply) => {
    const { id: userId } = request.params;
    const body = request.body;
    const s = request.session;
    const admin = s.profile === 'admin' || s.super;
    if (!admin && userId !== s.id)
      throw new DomainError('ERR_NO_PERMISSION', 'you may only edit your own profile');
    const current = await userAfter(s.companyId, userId, null);
    // Non-admins cannot raise their own profile or change their queues (doc 1 §6: those fields are hidden).
    const fields = {
      name: body.name,
      email: body.email,
      profile: admin ? body.profile : current.profile,
      super: current.super,
      allTicket: admin ? body.allTicket : current.allTicket,
      whatsappId: admin ? body.whatsappId : current.whatsappId,
      queueIds: admin ? body.queueIds : current.queueIds,
    };
    await assertQueuesAndConnection(s.companyId, fields.queueIds, fields.whatsappId);
    // Users changing their own password prove they know the current one (a stolen session must not
    // be enough to take the account); an admin setting another user's password does not need it.
    // Wrong guesses count as failed logins of the account, under the same throttle.
    if (body.password && userId === s.id) {
      const who = { email: current.email, ip: request.ip };
      await assertLoginAllowed(pool, reply, who);
      const known = await checkPassword(
        body.currentPassword ?? '',
        (await passwordHashOf(pool, userId)) ?? '',
      );
      if (!known.valid) {
        await recordLoginFailure(pool, who);
        throw new DomainError('ERR_WRONG_PASSWORD', 'currentPassword: the current password is wrong');
      }
    }
    const passwordHash = body.password ? await hashPassword(body.password) : undefined;
    // A new e-mail is claimed and the old one released with the update (ERR_DUPLICATED_EMAIL if taken).
    const r = await updateUser(deps, userId, { fields, passwordHash }, actorOf(request));
    const user = await userAfter(s.companyId, userId, r.position);
    const target = { id: userId, companyId: s.companyId };
    if (passwordHash) {
      // A new password ends every other session of the user at once (access tokens included); the
      // session that changed its own password goes on.
      const keepFamily = userId === s.id ? (request.accessClaims.sid ?? null) : null;
      await endUserSessions(pool, target, { keepFamily, accessTokens: true });
    } else if (current.profile === 'admin' && fields.profile !== 'admin') {
      // Demoted: admin routes are refused at once (the profile is read per request); the sessions end
      // (no refresh, sockets closed) so that the browsers start again as what the user now is.
      await endUserSessions(pool, target, { accessTokens: false });
    }
    return user;
  });

  app.delete('/users/:id', { onRequest: app.requireAdmin, schema: { params: IdParam } }, async (request) => {
    const { id: userId } = request.params;
    const s = request.session;
    await userAfter(s.companyId, userId, null);
    if (userId === s.id) throw new DomainError('ERR_NO_PERMISSION', 'you cannot delete yourself');
    // The deletion releases the user's e-mail claim in the same append: the address may sign up again.
    const r = await deleteUser(deps, userId, actorOf(request));
    await watcher.waitFor(r.position, ['users']);
    // Its tokens already fail (the user's row is gone); its refresh families and sockets end too.
    await endUserSessions(pool, { id: userId, companyId: s.companyId }, { accessTokens: true });
    return { message: 'user deleted' };
  });

  app.post('/users/set-language/:lang', { schema: { params: SetLanguageParams } }, async (request) => {
    const { lang } = request.params;
    const s = request.session;
    await runUserCommand(deps, s.id, { type: 'ChangeLanguage', language: lang }, actorOf(request));
    return { language: lang };
  });
}
