import { DomainError } from '@zelo/contracts/errors';
import {
  CompanyIdParam,
  CreateCompanyRequest,
  ListCompaniesQuery,
  PlanRequest,
  UpdateCompanyRequest,
} from '@zelo/contracts/tenancy/api';
import type {
  CompaniesPage,
  CompanyPlanView,
  CompanyView,
  PlanView,
} from '@zelo/contracts/tenancy/read-models';
import {
  companyPlan,
  companyUserIds,
  getCompany,
  getPlan,
  listCompanies,
  listPlans,
  planInUse,
  planNamedLike,
  searchCompanies,
} from '@zelo/projections/tenancy/queries';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AppContext, actorOf } from '../api/context.ts';
import { typed } from '../api/schema.ts';
import { IdParam } from '../api/validation.ts';
import { endUserSessions } from '../auth/sessions.ts';
import { newId } from '../platform/ids.ts';
import { createCompany, createPlan, deletePlan, runCompanyCommand, updatePlan } from './handlers.ts';

/**
 * Plans and companies (doc 1 §4 Companies and Plans tabs): every user reads the plans and his own
 * company; the super user manages all of them.
 */
export async function companiesRoutes(plain: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = typed(plain);
  const { deps, pool, watcher } = ctx;
  const superOnly = { onRequest: app.requireSuper };

  async function planAfter(planId: string, position: string | null): Promise<PlanView> {
    await watcher.waitFor(position, ['tenancy']);
    const plan = await getPlan(pool, planId);
    if (!plan) throw new DomainError('ERR_NO_PLAN_FOUND', 'plan not found');
    return plan;
  }
  async function companyAfter(companyId: string, position: string | null): Promise<CompanyView> {
    await watcher.waitFor(position, ['tenancy', 'users']);
    const company = await getCompany(pool, companyId);
    if (!company) throw new DomainError('ERR_NO_COMPANY_FOUND', 'company not found');
    return company;
  }
  /** Plans made before names were claimed have no claim stream: the read model covers them. */
  async function assertPlanNameFree(name: string, planId: string | null) {
    if (await planNamedLike(pool, name, planId))
      throw new DomainError('ERR_DUPLICATED_PLAN_NAME', `a plan named ${name} already exists`);
  }
  async function assertPlanExists(planId: string) {
    if (!(await getPlan(pool, planId))) throw new DomainError('ERR_NO_PLAN_FOUND', 'plan not found');
  }
  /** The super user reads any company; others only their own. */
  function assertMayRead(request: FastifyRequest, companyId: string) {
    if (!request.session.super && request.session.companyId !== companyId)
      throw new DomainError('ERR_NO_PERMISSION', 'only your own company');
  }
  /** A deleted or switched-off company's users lose their sessions and sockets at once. */
  async function endCompanySessions(companyId: string) {
    for (const id of await companyUserIds(pool, companyId))
      await endUserSessions(pool, { id, companyId }, { accessTokens: true });
  }

  app.get('/plans/all', async (): Promise<PlanView[]> => listPlans(pool));
  app.get('/plans/:id', { schema: { params: IdParam } }, async (request) =>
    planAfter(request.params.id, null),
  );
  app.post('/plans', { ...superOnly, schema: { body: PlanRequest } }, async (request, reply) => {
    await assertPlanNameFree(request.body.name, null);
    const planId = newId();
    const r = await createPlan(deps, { planId, ...request.body }, actorOf(request));
    return reply.status(201).send(await planAfter(planId, r.position));
  });
  app.put('/plans/:id', { ...superOnly, schema: { params: IdParam, body: PlanRequest } }, async (request) => {
    const planId = request.params.id;
    await assertPlanNameFree(request.body.name, planId);
    const r = await updatePlan(deps, planId, request.body, actorOf(request));
    return planAfter(planId, r.position);
  });
  app.delete('/plans/:id', { ...superOnly, schema: { params: IdParam } }, async (request) => {
    const planId = request.params.id;
    const r = await deletePlan(deps, planId, await planInUse(pool, planId), actorOf(request));
    await watcher.waitFor(r.position, ['tenancy']);
    return { message: 'Plan deleted' };
  });

  app.get(
    '/companies',
    { ...superOnly, schema: { querystring: ListCompaniesQuery } },
    async (request): Promise<CompaniesPage> => searchCompanies(pool, request.query),
  );
  app.get('/companies/list', superOnly, async (): Promise<CompanyView[]> => listCompanies(pool));
  app.get(
    '/companies/listPlan/:companyId',
    { schema: { params: CompanyIdParam } },
    async (request): Promise<CompanyPlanView> => {
      const { companyId } = request.params;
      assertMayRead(request, companyId);
      const found = await companyPlan(pool, companyId);
      if (!found) throw new DomainError('ERR_NO_COMPANY_FOUND', 'company not found');
      return found;
    },
  );
  app.get('/companies/:id', { schema: { params: IdParam } }, async (request) => {
    assertMayRead(request, request.params.id);
    return companyAfter(request.params.id, null);
  });
  app.post('/companies', { ...superOnly, schema: { body: CreateCompanyRequest } }, async (request, reply) => {
    await assertPlanExists(request.body.planId);
    const r = await createCompany(deps, request.body, actorOf(request));
    return reply.status(201).send(await companyAfter(r.companyId, r.position));
  });
  app.put(
    '/companies/:id',
    { ...superOnly, schema: { params: IdParam, body: UpdateCompanyRequest } },
    async (request) => {
      const companyId = request.params.id;
      const { campaignsEnabled, ...changes } = request.body;
      if (changes.planId) await assertPlanExists(changes.planId);
      const r = await runCompanyCommand(
        deps,
        companyId,
        { type: 'UpdateCompany', changes, campaignsEnabled },
        { ...actorOf(request), companyId },
      );
      const company = await companyAfter(companyId, r.position);
      if (!company.status) await endCompanySessions(companyId);
      return company;
    },
  );
  app.delete('/companies/:id', { ...superOnly, schema: { params: IdParam } }, async (request) => {
    const companyId = request.params.id;
    if (companyId === request.session.companyId)
      throw new DomainError('ERR_CANNOT_DELETE_OWN_COMPANY', 'you cannot delete your own company');
    const r = await runCompanyCommand(
      deps,
      companyId,
      { type: 'DeleteCompany' },
      {
        ...actorOf(request),
        companyId,
      },
    );
    await watcher.waitFor(r.position, ['tenancy']);
    await endCompanySessions(companyId);
    return { message: 'Company deleted' };
  });
}
