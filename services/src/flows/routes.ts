import multipart from '@fastify/multipart';
import { DomainError } from '@zelo/contracts/errors';
import {
  CreateFlowRequest,
  DuplicateFlowRequest,
  ListFlowsQuery,
  RenameFlowRequest,
  SaveFlowRequest,
} from '@zelo/contracts/flows/api';
import type { FlowPage, FlowView, FlowWithGraph } from '@zelo/contracts/flows/read-models';
import { getFlow, getFlowWithGraph, searchFlows } from '@zelo/projections/flows/queries';
import type { FastifyInstance } from 'fastify';
import { type AppContext, actorOf } from '../api/context.ts';
import { typed } from '../api/schema.ts';
import { IdParam } from '../api/validation.ts';
import type { MediaStorage } from '../media/storage.ts';
import { newId } from '../platform/ids.ts';
import { secretBox } from '../platform/secret-box.ts';
import { assertValidGraph } from './domain/flow.ts';
import { duplicateFlow, runFlowCommand, sealedForSave } from './handlers.ts';
import { graphForBrowser } from './node-keys.ts';
import { foreignReferences, whatStartsFlow } from './references.ts';
import { FLOW_UPLOAD_LIMITS, receiveFlowMedia } from './upload.ts';

const PROJECTION = ['flows'];
const notFound = () => new DomainError('ERR_NO_FLOW_FOUND', 'flow not found');

/**
 * The flows (doc 2 §2.15, §2.16, §7 /flowbuilder): the company admins' to list, draw and manage. A save
 * is the whole graph, checked by contracts/src/flows/graph.ts; each save is a new version.
 */
export async function flowRoutes(
  plain: FastifyInstance,
  { ctx, media }: { ctx: AppContext; media: MediaStorage },
) {
  const app = typed(plain);
  // Scoped to this plugin: the editor's media uploads (per-kind limits in upload.ts).
  await app.register(multipart, { limits: FLOW_UPLOAD_LIMITS, throwFileSizeLimit: true });
  const { deps, pool, watcher } = ctx;
  // The openai nodes' keys (node-keys.ts): sealed before a save is stored, only masked in an answer.
  const box = secretBox(ctx.config.jwtSecret);
  app.addHook('onRequest', app.requireAdmin);

  async function flowAfter(companyId: string, id: string, position: string | null): Promise<FlowView> {
    await watcher.waitFor(position, PROJECTION);
    const flow = await getFlow(pool, companyId, id);
    if (!flow) throw notFound();
    return flow;
  }
  async function graphAfter(companyId: string, id: string, position: string | null) {
    await watcher.waitFor(position, PROJECTION);
    const flow = await getFlowWithGraph(pool, companyId, id);
    if (!flow) throw notFound();
    return { flow: { ...flow, flow: flow.flow && graphForBrowser(flow.flow) } } satisfies {
      flow: FlowWithGraph;
    };
  }

  app.get(
    '/flowbuilder',
    { schema: { querystring: ListFlowsQuery } },
    async (request): Promise<FlowPage> => searchFlows(pool, request.session.companyId, request.query),
  );

  app.post('/flowbuilder', { schema: { body: CreateFlowRequest } }, async (request, reply) => {
    const { companyId, id: userId } = request.session;
    const flowId = newId();
    const r = await runFlowCommand(
      deps,
      { type: 'CreateFlow', companyId, flowId, userId, name: request.body.name, copyOf: null },
      actorOf(request),
    );
    return reply.status(201).send(await flowAfter(companyId, flowId, r.position));
  });

  app.put('/flowbuilder', { schema: { body: RenameFlowRequest } }, async (request) => {
    const { companyId } = request.session;
    const { flowId, name } = request.body;
    const r = await runFlowCommand(deps, { type: 'RenameFlow', companyId, flowId, name }, actorOf(request));
    return flowAfter(companyId, flowId, r.position);
  });

  app.delete('/flowbuilder/:id', { schema: { params: IdParam } }, async (request) => {
    const { companyId } = request.session;
    const flowId = request.params.id;
    const usedBy = await whatStartsFlow(pool, companyId, flowId);
    const r = await runFlowCommand(deps, { type: 'DeleteFlow', companyId, flowId, usedBy }, actorOf(request));
    await watcher.waitFor(r.position, PROJECTION);
    return { message: 'flow deleted' };
  });

  app.post('/flowbuilder/duplicate', { schema: { body: DuplicateFlowRequest } }, async (request, reply) => {
    const { companyId, id: userId } = request.session;
    const { flowId, position } = await duplicateFlow(
      deps,
      box,
      { companyId, userId, sourceId: request.body.flowId },
      actorOf(request),
    );
    return reply.status(201).send(await flowAfter(companyId, flowId, position));
  });

  app.get('/flowbuilder/flow/:id', { schema: { params: IdParam } }, async (request) =>
    graphAfter(request.session.companyId, request.params.id, null),
  );

  app.post('/flowbuilder/flow', { schema: { body: SaveFlowRequest } }, async (request) => {
    const { companyId } = request.session;
    const { idFlow: flowId, nodes, connections } = request.body;
    // Its references are checked only once the flow is known to be the company's (a foreign id: 404).
    if (!(await getFlow(pool, companyId, flowId))) throw notFound();
    const graph = await sealedForSave(deps, box, { companyId, flowId, graph: { nodes, connections } });
    const refs = await foreignReferences(pool, media, companyId, graph);
    if (refs.length) assertValidGraph(graph, companyId, refs);
    const r = await runFlowCommand(deps, { type: 'SaveFlow', companyId, flowId, graph }, actorOf(request));
    return graphAfter(companyId, flowId, r.position);
  });

  // The editor's files (doc 2 §7): each answers `name`, the stored file's URL a node keeps as its `url`.
  app.post('/flowbuilder/img', async (request) => {
    const [file] = await receiveFlowMedia(request, media, request.session.companyId, {
      accept: ['image'],
      maxFiles: 1,
    });
    return file;
  });
  // Audio, and video too: the reference's editor sends its video node's file here.
  app.post('/flowbuilder/audio', async (request) => {
    const [file] = await receiveFlowMedia(request, media, request.session.companyId, {
      accept: ['audio', 'video'],
      maxFiles: 1,
    });
    return file;
  });
  // The content editor's cards: several files at once, answered in the order sent.
  app.post('/flowbuilder/content', async (request) =>
    receiveFlowMedia(request, media, request.session.companyId, {
      accept: ['image', 'audio', 'video'],
      maxFiles: FLOW_UPLOAD_LIMITS.files,
    }),
  );
}
