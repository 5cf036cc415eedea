import { DomainError } from '@zelo/contracts/errors';
import { ListPromptsQuery, PromptRequest } from '@zelo/contracts/prompts/api';
import type { PromptList, PromptView } from '@zelo/contracts/prompts/read-models';
import { getPrompt, listPrompts } from '@zelo/projections/prompts/queries';
import type { FastifyInstance } from 'fastify';
import { type AppContext, actorOf } from '../api/context.ts';
import { assertQueue } from '../api/references.ts';
import { typed } from '../api/schema.ts';
import { IdParam } from '../api/validation.ts';
import { newId } from '../platform/ids.ts';
import { assertPlanAllows } from '../tenancy/plan-features.ts';
import { promptKeyring } from './api-key.ts';
import { createPrompt, runPromptCommand, updatePrompt } from './handlers.ts';

const notFound = () => new DomainError('ERR_NO_PROMPT_FOUND', 'prompt not found');

/**
 * OpenAI prompts (doc 2 §2.12, §7): the whole context needs the plan's useOpenAi (403
 * ERR_PLAN_FEATURE_DISABLED without it, reads included); any user of the company reads them (the
 * connection and queue dialogs list them), only admins write. Keys go in whole and come out masked.
 */
export async function promptRoutes(plain: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = typed(plain);
  const { deps, pool, watcher } = ctx;
  const keyring = promptKeyring(ctx.config.jwtSecret);
  app.addHook('onRequest', async (request) => assertPlanAllows(pool, request.session.companyId, 'useOpenAi'));

  async function promptAfter(companyId: string, id: string, position: string | null): Promise<PromptView> {
    await watcher.waitFor(position, ['prompts']);
    const prompt = await getPrompt(pool, companyId, id);
    if (!prompt) throw notFound();
    return prompt;
  }

  app.get(
    '/prompt',
    { schema: { querystring: ListPromptsQuery } },
    async (request): Promise<PromptList> => listPrompts(pool, request.session.companyId, request.query),
  );
  app.get('/prompt/:id', { schema: { params: IdParam } }, async (request) =>
    promptAfter(request.session.companyId, request.params.id, null),
  );

  app.post(
    '/prompt',
    { onRequest: app.requireAdmin, schema: { body: PromptRequest } },
    async (request, reply) => {
      const { companyId, id: userId } = request.session;
      await assertQueue(pool, companyId, request.body.queueId);
      const promptId = newId();
      const r = await createPrompt(
        deps,
        keyring,
        { companyId, promptId, userId },
        request.body,
        actorOf(request),
      );
      return reply.status(201).send(await promptAfter(companyId, promptId, r.position));
    },
  );

  app.put(
    '/prompt/:id',
    { onRequest: app.requireAdmin, schema: { params: IdParam, body: PromptRequest } },
    async (request) => {
      const { companyId } = request.session;
      const { id: promptId } = request.params;
      // Another company's prompt is "not found" before its queue is looked at.
      if (!(await getPrompt(pool, companyId, promptId))) throw notFound();
      await assertQueue(pool, companyId, request.body.queueId);
      const r = await updatePrompt(deps, keyring, { companyId, promptId }, request.body, actorOf(request));
      return promptAfter(companyId, promptId, r.position);
    },
  );

  app.delete('/prompt/:id', { onRequest: app.requireAdmin, schema: { params: IdParam } }, async (request) => {
    const { companyId } = request.session;
    const r = await runPromptCommand(
      deps,
      { type: 'DeletePrompt', companyId, promptId: request.params.id },
      actorOf(request),
    );
    await watcher.waitFor(r.position, ['prompts']);
    return { message: 'Prompt deleted' };
  });
}
