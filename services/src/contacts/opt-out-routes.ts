import type { ContactView } from '@zelo/contracts/contacts/read-models';
import { DomainError } from '@zelo/contracts/errors';
import { getContact } from '@zelo/projections/contacts/queries';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AppContext, actorOf } from '../api/context.ts';
import { typed } from '../api/schema.ts';
import { IdParam } from '../api/validation.ts';
import { changeContactOptOut } from './opt-out-handlers.ts';

/**
 * An admin opts a contact out of the company's campaigns on the customer's behalf (POST), or back in
 * (DELETE) (LGPD, issue 25). Answers the contact as the next GET shows it.
 */
export async function optOutRoutes(plain: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = typed(plain);
  const { deps, pool, watcher } = ctx;

  async function change(request: FastifyRequest & { params: { id: string } }, optedOut: boolean) {
    const { companyId, id: userId } = request.session;
    const contactId = request.params.id;
    const r = await changeContactOptOut(
      deps,
      companyId,
      contactId,
      { optedOut, via: 'admin', word: null, userId },
      actorOf(request),
    );
    await watcher.waitFor(r.position, ['contacts']);
    const c: ContactView | null = await getContact(pool, companyId, contactId);
    if (!c) throw new DomainError('ERR_NO_CONTACT_FOUND', 'contact not found');
    return c;
  }

  const options = { onRequest: app.requireAdmin, schema: { params: IdParam } };
  app.post('/contacts/:id/opt-out', options, async (request) => change(request, true));
  app.delete('/contacts/:id/opt-out', options, async (request) => change(request, false));
}
