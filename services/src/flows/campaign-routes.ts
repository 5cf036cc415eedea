import { DomainError } from '@zelo/contracts/errors';
import { CreateFlowCampaignRequest, UpdateFlowCampaignRequest } from '@zelo/contracts/flows/api';
import type { FlowCampaignView } from '@zelo/contracts/flows/read-models';
import { connectionExists } from '@zelo/projections/connections/queries';
import { getFlow, getFlowCampaign, listFlowCampaigns } from '@zelo/projections/flows/queries';
import type { FastifyInstance } from 'fastify';
import { type AppContext, actorOf } from '../api/context.ts';
import { typed } from '../api/schema.ts';
import { IdParam } from '../api/validation.ts';
import { newId } from '../platform/ids.ts';
import { runFlowCampaignCommand } from './handlers.ts';

const PROJECTION = ['flows'];

/** A field of the company's the request names wrongly: 400 ERR_VALIDATION naming it. */
const invalid = (field: string, message: string) =>
  new DomainError('ERR_VALIDATION', `${field}: ${message}`, { fields: [{ field, message }] });

/**
 * Phrase campaigns (doc 2 §2.14, §7 /flowcampaign): a whole inbound message equal to the phrase, on
 * that connection, starts the flow (queries.ts matchPhraseCampaign). The company admins'.
 */
export async function flowCampaignRoutes(plain: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = typed(plain);
  const { deps, pool, watcher } = ctx;
  app.addHook('onRequest', app.requireAdmin);

  async function campaignAfter(companyId: string, id: string, position: string | null) {
    await watcher.waitFor(position, PROJECTION);
    const campaign = await getFlowCampaign(pool, companyId, id);
    if (!campaign) throw new DomainError('ERR_NO_FLOW_CAMPAIGN_FOUND', 'flow campaign not found');
    return campaign;
  }
  /** The flow and the connection must be the company's. */
  async function checkRefs(
    companyId: string,
    { flowId, whatsappId }: { flowId: string; whatsappId: string },
  ) {
    if (!(await getFlow(pool, companyId, flowId))) throw invalid('flowId', 'flow not found');
    if (!(await connectionExists(pool, companyId, whatsappId)))
      throw invalid('whatsappId', 'connection not found');
  }

  app.get(
    '/flowcampaign',
    async (request): Promise<FlowCampaignView[]> => listFlowCampaigns(pool, request.session.companyId),
  );

  app.get('/flowcampaign/:id', { schema: { params: IdParam } }, async (request) =>
    campaignAfter(request.session.companyId, request.params.id, null),
  );

  app.post('/flowcampaign', { schema: { body: CreateFlowCampaignRequest } }, async (request, reply) => {
    const { companyId, id: userId } = request.session;
    const { name, phrase, flowId, whatsappId } = request.body;
    await checkRefs(companyId, request.body);
    const flowCampaignId = newId();
    const r = await runFlowCampaignCommand(
      deps,
      {
        type: 'CreateFlowCampaign',
        companyId,
        flowCampaignId,
        userId,
        fields: { name, phrase, flowId, whatsappId },
      },
      actorOf(request),
    );
    return reply.status(201).send(await campaignAfter(companyId, flowCampaignId, r.position));
  });

  app.put('/flowcampaign', { schema: { body: UpdateFlowCampaignRequest } }, async (request) => {
    const { companyId } = request.session;
    const { id: flowCampaignId, name, phrase, flowId, whatsappId, status } = request.body;
    // Another company's campaign is not found before its references are looked at.
    await campaignAfter(companyId, flowCampaignId, null);
    await checkRefs(companyId, request.body);
    const r = await runFlowCampaignCommand(
      deps,
      {
        type: 'UpdateFlowCampaign',
        companyId,
        flowCampaignId,
        fields: { name, phrase, flowId, whatsappId, status: status ?? null },
      },
      actorOf(request),
    );
    return campaignAfter(companyId, flowCampaignId, r.position);
  });

  app.delete('/flowcampaign/:id', { schema: { params: IdParam } }, async (request) => {
    const { companyId } = request.session;
    const r = await runFlowCampaignCommand(
      deps,
      { type: 'DeleteFlowCampaign', companyId, flowCampaignId: request.params.id },
      actorOf(request),
    );
    await watcher.waitFor(r.position, PROJECTION);
    return { message: 'flow campaign deleted' };
  });
}
