import { DomainError } from '@zelo/contracts/errors';
import { HelpRequest } from '@zelo/contracts/helps/api';
import type { HelpView } from '@zelo/contracts/helps/read-models';
import { getHelp, listHelps } from '@zelo/projections/helps/queries';
import type { FastifyInstance } from 'fastify';
import { type AppContext, actorOf } from '../api/context.ts';
import { typed } from '../api/schema.ts';
import { IdParam } from '../api/validation.ts';
import { newId } from '../platform/ids.ts';
import { runHelpCommand } from './handlers.ts';

/**
 * Help videos (doc 2 §2.19): the platform's, the same for every company. Every user reads them; only
 * super users write them (the settings Help tab).
 */
export async function helpRoutes(plain: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = typed(plain);
  const { deps, pool, watcher } = ctx;

  async function helpAfter(id: string, position: string | null): Promise<HelpView> {
    await watcher.waitFor(position, ['helps']);
    const help = await getHelp(pool, id);
    if (!help) throw new DomainError('ERR_NO_HELP_FOUND', 'help not found');
    return help;
  }

  // Both the page's and the settings tab's reads: the spec names the two calls, they list the same.
  app.get('/helps', async (): Promise<HelpView[]> => listHelps(pool));
  app.get('/helps/list', async (): Promise<HelpView[]> => listHelps(pool));

  app.post(
    '/helps',
    { onRequest: app.requireSuper, schema: { body: HelpRequest } },
    async (request, reply) => {
      const helpId = newId();
      const r = await runHelpCommand(
        deps,
        helpId,
        { type: 'CreateHelp', help: { helpId, ...request.body } },
        actorOf(request),
      );
      return reply.status(201).send(await helpAfter(helpId, r.position));
    },
  );

  app.put(
    '/helps/:id',
    { onRequest: app.requireSuper, schema: { params: IdParam, body: HelpRequest } },
    async (request) => {
      const { id: helpId } = request.params;
      const r = await runHelpCommand(
        deps,
        helpId,
        { type: 'UpdateHelp', help: { helpId, ...request.body } },
        actorOf(request),
      );
      return helpAfter(helpId, r.position);
    },
  );

  app.delete('/helps/:id', { onRequest: app.requireSuper, schema: { params: IdParam } }, async (request) => {
    const { id: helpId } = request.params;
    const r = await runHelpCommand(deps, helpId, { type: 'DeleteHelp', helpId }, actorOf(request));
    await watcher.waitFor(r.position, ['helps']);
    return { message: 'help deleted' };
  });
}
