import { DomainError } from '@zelo/contracts/errors';
import { SignUpRequest, UpdateSettingRequest } from '@zelo/contracts/tenancy/api';
import { isAllowedSettingValue } from '@zelo/contracts/tenancy/settings';
import { companySettings, getPlan, listPlans } from '@zelo/projections/tenancy/queries';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { AppContext } from '../api/context.ts';
import { parse } from '../api/validation.ts';
import { perAddressLimit } from '../auth/throttle.ts';
import { runCompanyCommand, signUpCompany } from './handlers.ts';

export async function tenancyRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { deps, pool, watcher } = ctx;

  app.get('/plans/list', async () => listPlans(pool));

  // Per address: a sign-up costs a password hash and claims an e-mail.
  app.post(
    '/companies/cadastro',
    { config: perAddressLimit('sign-up', 10, 60 * 60_000) },
    async (request, reply) => {
      const body = parse(SignUpRequest, request.body);
      if (!(await getPlan(pool, body.planId))) throw new DomainError('ERR_NO_PLAN_FOUND', 'plan not found');
      const r = await signUpCompany(deps, body, { companyId: null, actor: 'system:signup' });
      await watcher.waitFor(r.position, ['tenancy', 'users']);
      const { rows } = await pool.query(
        'SELECT id, name, email, due_date AS "dueDate", plan_id AS "planId", recurrence FROM companies WHERE id = $1',
        [r.companyId],
      );
      return reply.status(201).send(rows[0]);
    },
  );

  app.get('/settings', { onRequest: app.authenticate }, async (request) =>
    companySettings(pool, request.session.companyId),
  );

  app.put('/settings/:key', { onRequest: [app.authenticate, app.requireAdmin] }, async (request) => {
    const { key } = parse(v.object({ key: v.pipe(v.string(), v.maxLength(60)) }), request.params);
    const { value } = parse(UpdateSettingRequest, request.body);
    if (!isAllowedSettingValue(key, value))
      throw new DomainError('ERR_VALIDATION', `value: ${key} does not accept "${value}"`);
    const { companyId, id } = request.session;
    const r = await runCompanyCommand(
      deps,
      companyId,
      { type: 'ChangeSetting', key, value },
      { companyId, actor: id },
    );
    await watcher.waitFor(r.position, ['tenancy']);
    return { key, value };
  });
}
