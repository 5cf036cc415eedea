import { DomainError } from '@zelo/contracts/errors';
import { SlaPolicyRequest } from '@zelo/contracts/sla/api';
import type { SlaPolicyView } from '@zelo/contracts/sla/read-models';
import { getSlaPolicy, listSlaPolicies } from '@zelo/projections/sla/queries';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { type AppContext, actorOf } from '../api/context.ts';
import { assertConnection, assertQueue } from '../api/references.ts';
import { typed } from '../api/schema.ts';
import { newId } from '../platform/ids.ts';
import { runSlaPolicyCommand } from './handlers.ts';

const PolicyParam = v.object({ policyId: v.pipe(v.string(), v.uuid('must be a uuid')) });
const notFound = () => new DomainError('ERR_NO_SLA_POLICY_FOUND', 'SLA policy not found');

/**
 * SLA policies (issue 24): the company's response and resolution targets per queue, optionally per
 * connection. The admins' page: every call, reads included, is for admins.
 */
export async function slaPolicyRoutes(plain: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = typed(plain);
  const { deps, pool, watcher } = ctx;
  app.addHook('onRequest', app.requireAdmin);

  /** Read-your-writes: the policy as the next GET lists it. */
  async function policyAfter(companyId: string, policyId: string, position: string | null) {
    await watcher.waitFor(position, ['sla-clocks']);
    const policy = await getSlaPolicy(pool, companyId, policyId);
    if (!policy) throw notFound();
    return policy;
  }

  /** The queue and connection a policy names must be the caller's company's (else 404, as missing). */
  async function policyOf(request: FastifyRequest, policyId: string, body: SlaPolicyRequest) {
    const { companyId } = request.session;
    await assertQueue(pool, companyId, body.queueId);
    if (body.whatsappId) await assertConnection(pool, companyId, body.whatsappId);
    return { policyId, ...body, whatsappId: body.whatsappId ?? null };
  }

  app.get(
    '/sla-policies',
    async (request): Promise<SlaPolicyView[]> => listSlaPolicies(pool, request.session.companyId),
  );

  app.post('/sla-policies', { schema: { body: SlaPolicyRequest } }, async (request, reply) => {
    const { companyId } = request.session;
    const policy = await policyOf(request, newId(), request.body);
    const r = await runSlaPolicyCommand(
      deps,
      { type: 'CreateSlaPolicy', companyId, policy },
      actorOf(request),
    );
    return reply.status(201).send(await policyAfter(companyId, policy.policyId, r.position));
  });

  app.put(
    '/sla-policies/:policyId',
    { schema: { params: PolicyParam, body: SlaPolicyRequest } },
    async (request): Promise<SlaPolicyView> => {
      const { companyId } = request.session;
      const policy = await policyOf(request, request.params.policyId, request.body);
      const r = await runSlaPolicyCommand(
        deps,
        { type: 'UpdateSlaPolicy', companyId, policy },
        actorOf(request),
      );
      return policyAfter(companyId, policy.policyId, r.position);
    },
  );

  app.delete('/sla-policies/:policyId', { schema: { params: PolicyParam } }, async (request) => {
    const { companyId } = request.session;
    const { policyId } = request.params;
    const r = await runSlaPolicyCommand(
      deps,
      { type: 'DeleteSlaPolicy', companyId, policyId },
      actorOf(request),
    );
    await watcher.waitFor(r.position, ['sla-clocks']);
    return { message: 'SLA policy deleted' };
  });
}
