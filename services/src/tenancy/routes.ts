import { DomainError } from '@zelo/contracts/errors';
import { SignUpRequest } from '@zelo/contracts/tenancy/api';
import type { PlanView, SignedUpCompany } from '@zelo/contracts/tenancy/read-models';
import { getPlan, listPlans, signedUpCompany } from '@zelo/projections/tenancy/queries';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../api/context.ts';
import { typed } from '../api/schema.ts';
import { perAddressLimit } from '../auth/throttle.ts';
import { signUpCompany } from './handlers.ts';

/** What anyone may call without a session: the plans and the sign-up (doc 1 §5). */
export async function tenancyRoutes(plain: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = typed(plain);
  const { deps, pool, watcher } = ctx;

  app.get('/plans/list', async (): Promise<PlanView[]> => listPlans(pool));

  // Per address: a sign-up costs a password hash and claims an e-mail.
  app.post(
    '/companies/cadastro',
    { config: perAddressLimit('sign-up', 10, 60 * 60_000), schema: { body: SignUpRequest } },
    async (request, reply) => {
      const body = request.body;
      if (!(await getPlan(pool, body.planId))) throw new DomainError('ERR_NO_PLAN_FOUND', 'plan not found');
      const r = await signUpCompany(deps, body, { companyId: null, actor: 'system:signup' });
      await watcher.waitFor(r.position, ['tenancy', 'users']);
      const company: SignedUpCompany | null = await signedUpCompany(pool, r.companyId);
      return reply.status(201).send(company);
    },
  );
}
