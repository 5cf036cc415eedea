import { DomainError } from '@zelo/contracts/errors';
import { CreateUserRequest, Language, UpdateUserRequest } from '@zelo/contracts/users/api';
import { listUsers, sessionUser } from '@zelo/projections/users/queries';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { AppContext } from '../api/context.ts';
import { IdParam, PageQuery, parse } from '../api/validation.ts';
import { newId } from '../platform/ids.ts';
import { createUser, runUserCommand } from './handlers.ts';
import { hashPassword } from './password.ts';

export async function userRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.addHook('preHandler', app.authenticate);
  const { deps, pool, watcher } = ctx;

  async function userAfter(companyId: string, userId: string, position: string | null) {
    await watcher.waitFor(position, ['users']);
    const u = await sessionUser(pool, userId);
    if (!u || u.companyId !== companyId) throw new DomainError('ERR_NO_USER_FOUND', 'user not found');
    const { company: _c, ...user } = u;
    return user;
  }

  async function assertQueuesAndConnection(companyId: string, queueIds: string[], whatsappId: string | null) {
    const q = await pool.query(
      'SELECT count(*)::int AS n FROM queues WHERE company_id = $1 AND id = ANY($2::uuid[])',
      [companyId, queueIds],
    );
    if (q.rows[0].n !== new Set(queueIds).size)
      throw new DomainError('ERR_NO_QUEUE_FOUND', 'queue not found');
    if (whatsappId) {
      const w = await pool.query('SELECT 1 FROM whatsapps WHERE company_id = $1 AND id = $2', [
        companyId,
        whatsappId,
      ]);
      if (!w.rowCount) throw new DomainError('ERR_NO_WAPP_FOUND', 'connection not found');
    }
  }

  // The setting and the plan's user count (doc 1 §3 Setting keys, Plan.users). The count is read from the
  // read model, so two simultaneous creations may both pass at the limit: acceptable for a plan quota.
  async function assertMayAddUser(companyId: string) {
    const { rows } = await pool.query(
      `SELECT c.settings->>'userCreation' AS creation, p.users AS "limit",
              (SELECT count(*)::int FROM users u WHERE u.company_id = c.id) AS count
         FROM companies c LEFT JOIN plans p ON p.id = c.plan_id WHERE c.id = $1`,
      [companyId],
    );
    const c = rows[0];
    if (c?.creation === 'disabled')
      throw new DomainError('ERR_USER_CREATION_DISABLED', 'user creation is disabled in the settings');
    if (c?.limit != null && c.count >= c.limit)
      throw new DomainError('ERR_PLAN_LIMIT_REACHED', `the plan allows ${c.limit} users`);
  }

  app.get('/users', async (request) => {
    const q = (request.query ?? {}) as Record<string, unknown>;
    const searchParam = parse(v.optional(v.pipe(v.string(), v.maxLength(100)), ''), q.searchParam);
    return listUsers(pool, request.session.companyId, searchParam, parse(PageQuery, q.pageNumber));
  });

  app.get(
    '/users/list',
    async (request) => (await listUsers(pool, request.session.companyId, '', 1, 1000)).users,
  );

  app.get('/users/:id', async (request) =>
    userAfter(request.session.companyId, parse(IdParam, request.params).id, null),
  );

  app.post('/users', { preHandler: app.requireAdmin }, async (request, reply) => {
    const body = parse(CreateUserRequest, request.body);
    const { companyId, id } = request.session;
    await assertMayAddUser(companyId);
    await assertQueuesAndConnection(companyId, body.queueIds, body.whatsappId);
    const userId = newId();
    const { password, ...fields } = body;
    const r = await createUser(
      deps,
      { userId, companyId, passwordHash: await hashPassword(password), super: false, ...fields },
      { companyId, actor: id },
    );
    return reply.status(201).send(await userAfter(companyId, userId, r.position));
  });

  app.put('/users/:id', async (request) => {
    const { id: userId } = parse(IdParam, request.params);
    const body = parse(UpdateUserRequest, request.body);
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
    if (fields.email !== current.email)
      throw new DomainError('ERR_VALIDATION', 'email: changing the e-mail is not supported yet');
    await assertQueuesAndConnection(s.companyId, fields.queueIds, fields.whatsappId);
    const passwordHash = body.password ? await hashPassword(body.password) : undefined;
    const r = await runUserCommand(
      deps,
      userId,
      { type: 'UpdateUser', fields, passwordHash },
      { companyId: s.companyId, actor: s.id },
    );
    return userAfter(s.companyId, userId, r.position);
  });

  app.delete('/users/:id', { preHandler: app.requireAdmin }, async (request) => {
    const { id: userId } = parse(IdParam, request.params);
    const s = request.session;
    await userAfter(s.companyId, userId, null);
    if (userId === s.id) throw new DomainError('ERR_NO_PERMISSION', 'you cannot delete yourself');
    const r = await runUserCommand(
      deps,
      userId,
      { type: 'DeleteUser' },
      { companyId: s.companyId, actor: s.id },
    );
    await watcher.waitFor(r.position, ['users']);
    return { message: 'user deleted' };
  });

  app.post('/users/set-language/:lang', async (request) => {
    const { lang } = parse(v.object({ lang: Language }), request.params);
    const s = request.session;
    await runUserCommand(
      deps,
      s.id,
      { type: 'ChangeLanguage', language: lang },
      { companyId: s.companyId, actor: s.id },
    );
    return { language: lang };
  });
}
