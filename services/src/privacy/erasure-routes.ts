import { EraseContactRequest } from '@zelo/contracts/contacts/privacy';
import { DomainError } from '@zelo/contracts/errors';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../api/context.ts';
import { typed } from '../api/schema.ts';
import { IdParam } from '../api/validation.ts';
import { loadContact } from '../contacts/handlers.ts';
import { erasedContacts } from './erasure-guard.ts';

const digits = (s: string) => s.replace(/\D/g, '');

/**
 * LGPD art. 18 (issue 25): an admin erases a contact's personal data, confirming with its number typed
 * again. Answers 202 once the erasure workflow runs; asking again (while it runs, or after) answers the
 * same and starts nothing new. A wrong confirmation writes nothing.
 */
export async function erasureRoutes(plain: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = typed(plain);
  const { deps, pool } = ctx;

  app.post(
    '/contacts/:id/erasure',
    {
      onRequest: app.requireAdmin,
      config: { erasedContactAllowed: true },
      schema: { params: IdParam, body: EraseContactRequest },
    },
    async (request, reply) => {
      const { companyId, id: userId } = request.session;
      const contactId = request.params.id;
      const contact = await loadContact(deps, contactId);
      if (contact.kind === 'none' || contact.companyId !== companyId)
        throw new DomainError('ERR_NO_CONTACT_FOUND', 'contact not found');
      // Once its key is gone the number reads '', so an erasure under way is not confirmed again.
      const erasing = contact.erased || (await erasedContacts(pool, [contactId])).size > 0;
      if (!erasing) {
        const typed = digits(request.body.confirmation);
        if (!typed || typed !== digits(contact.number))
          throw new DomainError('ERR_ERASURE_CONFIRMATION', "the confirmation is not the contact's number");
      }
      if (!ctx.contactErasures) throw new Error('contact erasures are not wired in this process');
      await ctx.contactErasures.start({ companyId, contactId, userId });
      return reply.status(202).send({ contactId, status: 'erasing' as const });
    },
  );
}
