import multipart from '@fastify/multipart';
import {
  CampaignRequest,
  CampaignSettingsRequest,
  ListCampaignsQuery,
  ListShipmentsQuery,
} from '@zelo/contracts/campaigns/api';
import type {
  CampaignPage,
  CampaignSettingRow,
  CampaignShipmentPage,
  CampaignView,
} from '@zelo/contracts/campaigns/read-models';
import { DomainError } from '@zelo/contracts/errors';
import {
  getCampaign,
  getCampaignSettings,
  listCampaigns,
  listShipments,
} from '@zelo/projections/campaigns/queries';
import type { FastifyInstance } from 'fastify';
import { type AppContext, actorOf } from '../api/context.ts';
import { typed } from '../api/schema.ts';
import { IdParam } from '../api/validation.ts';
import type { MediaStorage } from '../media/storage.ts';
import { MEDIA_LIMITS, receiveMedia } from '../messaging/send-media.ts';
import { newId } from '../platform/ids.ts';
import { assertPlanAllows } from '../tenancy/plan-features.ts';
import {
  assertMediaChangeable,
  attachCampaignMedia,
  cancelCampaign,
  changeCampaignSettings,
  createCampaign,
  deleteCampaign,
  removeCampaignMedia,
  restartCampaign,
  updateCampaign,
} from './handlers.ts';

const PROJECTION = ['campaigns'];

/**
 * Campaigns and their settings (doc 2 §2.9, §7): the company's admins' (deleting one takes the
 * contacts-page delete permission, which is theirs), and only with the plan's useCampaigns. Another
 * company's ids are unknown (404). Each write answers the campaign as the read model has it after it.
 */
export async function campaignRoutes(
  plain: FastifyInstance,
  { ctx, media }: { ctx: AppContext; media: MediaStorage },
) {
  const app = typed(plain);
  // Scoped to this plugin: only the attachment upload takes a file.
  await app.register(multipart, { limits: MEDIA_LIMITS, throwFileSizeLimit: true });
  const { deps, pool, watcher } = ctx;
  app.addHook('onRequest', app.requireAdmin);
  app.addHook('onRequest', async (request) =>
    assertPlanAllows(pool, request.session.companyId, 'useCampaigns'),
  );

  async function campaignAfter(
    companyId: string,
    id: string,
    position: string | null,
  ): Promise<CampaignView> {
    await watcher.waitFor(position, PROJECTION);
    const campaign = await getCampaign(pool, companyId, id);
    if (!campaign) throw new DomainError('ERR_NO_CAMPAIGN_FOUND', 'campaign not found');
    return campaign;
  }

  app.get(
    '/campaigns',
    { schema: { querystring: ListCampaignsQuery } },
    async (request): Promise<CampaignPage> => listCampaigns(pool, request.session.companyId, request.query),
  );

  app.get('/campaigns/:id', { schema: { params: IdParam } }, async (request) =>
    campaignAfter(request.session.companyId, request.params.id, null),
  );

  app.post('/campaigns', { schema: { body: CampaignRequest } }, async (request, reply) => {
    const campaignId = newId();
    const r = await createCampaign(deps, campaignId, request.body, actorOf(request));
    return reply.status(201).send(await campaignAfter(request.session.companyId, campaignId, r.position));
  });

  app.put('/campaigns/:id', { schema: { params: IdParam, body: CampaignRequest } }, async (request) => {
    const { id } = request.params;
    const r = await updateCampaign(deps, id, request.body, actorOf(request));
    return campaignAfter(request.session.companyId, id, r.position);
  });

  app.delete('/campaigns/:id', { schema: { params: IdParam } }, async (request) => {
    const r = await deleteCampaign(deps, request.params.id, actorOf(request));
    await watcher.waitFor(r.position, PROJECTION);
    return { message: 'campaign deleted' };
  });

  app.post('/campaigns/:id/cancel', { schema: { params: IdParam } }, async (request) => {
    const { id } = request.params;
    const r = await cancelCampaign(deps, id, actorOf(request));
    return campaignAfter(request.session.companyId, id, r.position);
  });

  app.post('/campaigns/:id/restart', { schema: { params: IdParam } }, async (request) => {
    const { id } = request.params;
    const r = await restartCampaign(deps, id, actorOf(request));
    return campaignAfter(request.session.companyId, id, r.position);
  });

  // The attachment: one file in `file`; a new upload replaces the previous one.
  app.post('/campaigns/:id/media-upload', { schema: { params: IdParam } }, async (request) => {
    const { id } = request.params;
    const { companyId } = request.session;
    // Found and changeable before the file is stored: a refused upload stores nothing.
    await assertMediaChangeable(deps, id, companyId);
    if (!request.isMultipart())
      throw new DomainError('ERR_VALIDATION', 'file: a multipart upload is required');
    const { files } = await receiveMedia(request, media, companyId, 1);
    const [f] = files;
    if (!f) throw new DomainError('ERR_VALIDATION', 'file: a file is required');
    const r = await attachCampaignMedia(
      deps,
      id,
      { mediaPath: f.mediaUrl, mediaName: f.filename },
      actorOf(request),
    );
    return campaignAfter(companyId, id, r.position);
  });

  app.delete('/campaigns/:id/media-upload', { schema: { params: IdParam } }, async (request) => {
    const { id } = request.params;
    const r = await removeCampaignMedia(deps, id, actorOf(request));
    return campaignAfter(request.session.companyId, id, r.position);
  });

  // Ours: the report's list of shipments, in send order.
  app.get(
    '/campaigns/:id/shipments',
    { schema: { params: IdParam, querystring: ListShipmentsQuery } },
    async (request): Promise<CampaignShipmentPage> => {
      const { companyId } = request.session;
      await campaignAfter(companyId, request.params.id, null);
      return listShipments(pool, companyId, request.params.id, request.query);
    },
  );

  app.get(
    '/campaign-settings',
    async (request): Promise<CampaignSettingRow[]> => getCampaignSettings(pool, request.session.companyId),
  );

  app.post(
    '/campaign-settings',
    { schema: { body: CampaignSettingsRequest } },
    async (request): Promise<CampaignSettingRow[]> => {
      const { companyId } = request.session;
      const r = await changeCampaignSettings(deps, companyId, request.body.settings, actorOf(request));
      await watcher.waitFor(r.position, PROJECTION);
      return getCampaignSettings(pool, companyId);
    },
  );
}
