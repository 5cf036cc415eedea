import {
  ContactRequest,
  ImportContactsRequest,
  ListAllContactsQuery,
  ListContactsQuery,
  UploadContactsRequest,
} from '@zelo/contracts/contacts/api';
import type { ContactView, UploadContactsResult } from '@zelo/contracts/contacts/read-models';
import { DomainError } from '@zelo/contracts/errors';
import { connectionExists, defaultConnectionId } from '@zelo/projections/connections/queries';
import {
  getContact,
  getContactsByIds,
  listAllContacts,
  listContacts,
} from '@zelo/projections/contacts/queries';
import type { FastifyInstance } from 'fastify';
import { type AppContext, actorOf } from '../api/context.ts';
import { typed } from '../api/schema.ts';
import { IdParam } from '../api/validation.ts';
import { runConnectionCommand } from '../connections/handlers.ts';
import { COMPANY_TIME_ZONE } from '../platform/time-zone.ts';
import { createContact, deleteContact, updateContact } from './handlers.ts';
import { uploadContacts } from './upload.ts';

export async function contactRoutes(plain: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = typed(plain);
  const { deps, pool, watcher } = ctx;

  async function contactAfter(companyId: string, id: string, position: string | null): Promise<ContactView> {
    await watcher.waitFor(position, ['contacts']);
    const c = await getContact(pool, companyId, id);
    if (!c) throw new DomainError('ERR_NO_CONTACT_FOUND', 'contact not found');
    return c;
  }

  /** The connection named (when it is the company's), else the company's default. */
  async function connectionToImportFrom(companyId: string, whatsappId: string | undefined) {
    if (!whatsappId) return defaultConnectionId(pool, companyId);
    return (await connectionExists(pool, companyId, whatsappId)) ? whatsappId : null;
  }

  app.get('/contacts', { schema: { querystring: ListContactsQuery } }, async (request) => {
    const q = request.query;
    const created = { from: q.date ?? q.dateStart, to: q.date ?? q.dateEnd, timeZone: COMPANY_TIME_ZONE };
    return listContacts(pool, request.session.companyId, q.searchParam, q.pageNumber, 20, created);
  });

  // Static paths win over /contacts/:id in Fastify's router, whatever the registration order.
  app.get('/contacts/list', { schema: { querystring: ListAllContactsQuery } }, async (request) =>
    listAllContacts(pool, request.session.companyId, request.query.searchParam),
  );

  // Reads the phone's address book through the connection (default one unless named). The channel
  // worker does the reading as a reaction; contacts arrive over the socket as they are created.
  app.post('/contacts/import', { schema: { body: ImportContactsRequest } }, async (request, reply) => {
    const { whatsappId } = request.body;
    const { companyId, id } = request.session;
    const target = await connectionToImportFrom(companyId, whatsappId);
    if (!target)
      throw new DomainError(
        whatsappId ? 'ERR_NO_WAPP_FOUND' : 'ERR_NO_DEF_WAPP_FOUND',
        'no connection to import from',
      );
    await runConnectionCommand(
      deps,
      { type: 'RequestContactsImport', companyId, whatsappId: target, requestedBy: id },
      actorOf(request),
    );
    return reply.status(202).send({ message: 'importing contacts from the phone' });
  });

  app.post(
    '/contacts/upload',
    { bodyLimit: 5 * 1024 * 1024, schema: { body: UploadContactsRequest } },
    async (request): Promise<UploadContactsResult> => {
      const { companyId, id } = request.session;
      const r = await uploadContacts(deps, companyId, request.body, {
        companyId,
        actor: id,
        correlationId: request.id,
      });
      await watcher.waitFor(r.position, ['contacts']);
      const created = await getContactsByIds(
        pool,
        companyId,
        r.created.map((c) => c.contactId),
      );
      const byId = new Map(created.map((c) => [c.id, c]));
      const newContacts = r.created.flatMap((c) => byId.get(c.contactId) ?? []);
      return { newContacts, errorBag: r.errorBag };
    },
  );

  app.get('/contacts/:id', { schema: { params: IdParam } }, async (request) =>
    contactAfter(request.session.companyId, request.params.id, null),
  );

  app.post('/contacts', { schema: { body: ContactRequest } }, async (request, reply) => {
    const { companyId } = request.session;
    const r = await createContact(
      deps,
      companyId,
      { ...request.body, isGroup: false, profilePicUrl: '' },
      actorOf(request),
    );
    return reply.status(201).send(await contactAfter(companyId, r.contactId, r.position));
  });

  app.put('/contacts/:id', { schema: { params: IdParam, body: ContactRequest } }, async (request) => {
    const { id: contactId } = request.params;
    const { companyId } = request.session;
    const current = await getContact(pool, companyId, contactId);
    if (!current) throw new DomainError('ERR_NO_CONTACT_FOUND', 'contact not found');
    const r = await updateContact(
      deps,
      companyId,
      contactId,
      { ...request.body, isGroup: current.isGroup, profilePicUrl: current.profilePicUrl },
      actorOf(request),
    );
    return contactAfter(companyId, contactId, r.position);
  });

  app.delete(
    '/contacts/:id',
    { onRequest: app.requireAdmin, schema: { params: IdParam } },
    async (request) => {
      const { id: contactId } = request.params;
      const { companyId } = request.session;
      const r = await deleteContact(deps, companyId, contactId, actorOf(request));
      await watcher.waitFor(r.position, ['contacts']);
      return { message: 'contact deleted' };
    },
  );
}
