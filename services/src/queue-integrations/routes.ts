import { randomBytes } from 'node:crypto';
import { DomainError } from '@zelo/contracts/errors';
import {
  JSON_CONTENT_MASK,
  ListQueueIntegrationsQuery,
  QueueIntegrationRequest,
  TestSessionRequest,
} from '@zelo/contracts/queue-integrations/api';
import type { QueueIntegrationFields } from '@zelo/contracts/queue-integrations/events';
import type {
  QueueIntegrationDetails,
  QueueIntegrationPage,
} from '@zelo/contracts/queue-integrations/read-models';
import {
  getQueueIntegration,
  getQueueIntegrationForRuntime,
  recentWebhookDeliveries,
  searchQueueIntegrations,
} from '@zelo/projections/queue-integrations/queries';
import { foreignAutomationRef } from '@zelo/projections/queues/automation-refs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AppContext, actorOf } from '../api/context.ts';
import { typed } from '../api/schema.ts';
import { IdParam } from '../api/validation.ts';
import { newId } from '../platform/ids.ts';
import { secretBox } from '../platform/secret-box.ts';
import { assertPlanAllows } from '../tenancy/plan-features.ts';
import { dialogflowConfigFromEnv, testDialogflowSession } from './dialogflow.ts';
import { runQueueIntegrationCommand } from './handlers.ts';
import { jsonContentContext, signingSecretContext } from './sealing.ts';

const notFound = () => new DomainError('ERR_NO_QUEUE_INTEGRATION_FOUND', 'queue integration not found');

/**
 * Queue integrations (doc 2 §2.13, §7), behind the plan's useIntegrations (doc 2 §6). Any user of the
 * company reads them (the queue and connection dialogs' pickers); writes and the Dialogflow test are for
 * admins. The Dialogflow service-account JSON is sealed before it reaches an event and never answered;
 * the webhook signing secret, generated at creation, is answered to admins only, on the single
 * integration (the dialog shows it so that the receiver can be configured with it).
 */
export async function queueIntegrationRoutes(plain: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = typed(plain);
  const { deps, pool, watcher } = ctx;
  const box = secretBox(ctx.config.jwtSecret);
  const planAllows = (request: FastifyRequest) =>
    assertPlanAllows(pool, request.session.companyId, 'useIntegrations');
  const admin = [app.requireAdmin, planAllows];

  async function details(request: FastifyRequest, id: string, position: string | null) {
    const { companyId, profile } = request.session;
    await watcher.waitFor(position, ['queue-integrations']);
    const view = await getQueueIntegration(pool, companyId, id);
    const stored = await getQueueIntegrationForRuntime(pool, companyId, id);
    if (!view || !stored) throw notFound();
    const answer: QueueIntegrationDetails = {
      ...view,
      webhookSecret: profile === 'admin' ? box.open(stored.sealedSecret, signingSecretContext(id)) : null,
      deliveries: await recentWebhookDeliveries(pool, companyId, id),
    };
    return answer;
  }

  /** A flowbuilder runs one of the company's flows (checked once the flows read model exists). */
  async function assertFlow(companyId: string, fields: QueueIntegrationFields) {
    if (!fields.flowId) return;
    if (await foreignAutomationRef(pool, companyId, { flowIdWelcome: fields.flowId }))
      throw new DomainError('ERR_VALIDATION', 'flowId: flow not found', {
        fields: [{ field: 'flowId', message: 'flow not found' }],
      });
  }

  app.get(
    '/queueIntegration',
    { onRequest: planAllows, schema: { querystring: ListQueueIntegrationsQuery } },
    async (request): Promise<QueueIntegrationPage> =>
      searchQueueIntegrations(pool, request.session.companyId, request.query),
  );
  app.get('/queueIntegration/:id', { onRequest: planAllows, schema: { params: IdParam } }, async (request) =>
    details(request, request.params.id, null),
  );

  app.post(
    '/queueIntegration',
    { onRequest: admin, schema: { body: QueueIntegrationRequest } },
    async (request, reply) => {
      const { companyId } = request.session;
      const { jsonContent, ...fields } = request.body;
      await assertFlow(companyId, fields);
      const integrationId = newId();
      const secret = randomBytes(32).toString('hex');
      const r = await runQueueIntegrationCommand(
        deps,
        {
          type: 'CreateQueueIntegration',
          companyId,
          integrationId,
          fields,
          sealedJsonContent: jsonContent ? box.seal(jsonContent, jsonContentContext(integrationId)) : null,
          sealedSecret: box.seal(secret, signingSecretContext(integrationId)),
        },
        actorOf(request),
      );
      return reply.status(201).send(await details(request, integrationId, r.position));
    },
  );

  app.put(
    '/queueIntegration/:id',
    { onRequest: admin, schema: { params: IdParam, body: QueueIntegrationRequest } },
    async (request) => {
      const { companyId } = request.session;
      const { id: integrationId } = request.params;
      const { jsonContent, ...fields } = request.body;
      await assertFlow(companyId, fields);
      const r = await runQueueIntegrationCommand(
        deps,
        {
          type: 'UpdateQueueIntegration',
          companyId,
          integrationId,
          fields,
          sealedJsonContent: jsonContent ? box.seal(jsonContent, jsonContentContext(integrationId)) : null,
        },
        actorOf(request),
      );
      return details(request, integrationId, r.position);
    },
  );

  app.delete('/queueIntegration/:id', { onRequest: admin, schema: { params: IdParam } }, async (request) => {
    const r = await runQueueIntegrationCommand(
      deps,
      {
        type: 'DeleteQueueIntegration',
        companyId: request.session.companyId,
        integrationId: request.params.id,
      },
      actorOf(request),
    );
    await watcher.waitFor(r.position, ['queue-integrations']);
    return { message: 'queue integration deleted' };
  });

  // The dialog's test of a Dialogflow agent (doc 2 §2.13): an edit may send the mask for the stored JSON.
  app.post(
    '/queueIntegration/testSession',
    { onRequest: admin, schema: { body: TestSessionRequest } },
    async (request) => {
      const { companyId } = request.session;
      const { integrationId, projectName, language } = request.body;
      let { jsonContent } = request.body;
      if (integrationId && jsonContent === JSON_CONTENT_MASK) {
        const stored = await getQueueIntegrationForRuntime(pool, companyId, integrationId);
        if (!stored) throw notFound();
        if (!stored.sealedJsonContent)
          throw new DomainError('ERR_VALIDATION', 'jsonContent: none stored for this integration');
        jsonContent = box.open(stored.sealedJsonContent, jsonContentContext(integrationId));
      }
      return testDialogflow({ projectName, jsonContent, language });
    },
  );
}

/** The agent answers a greeting with these credentials, or the route says why not. */
async function testDialogflow(input: { projectName: string; jsonContent: string; language: string }) {
  const result = await testDialogflowSession(input, dialogflowConfigFromEnv());
  if (!result.ok) throw new DomainError('ERR_INTEGRATION_TEST_FAILED', result.message);
  return result;
}
