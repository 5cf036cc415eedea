import {
  ContactRequest,
  ListAllContactsQuery,
  ListContactsQuery,
  UploadContactsRequest,
} from '@zelo/contracts/contacts/api';
import { DomainError } from '@zelo/contracts/errors';
import {
  getContact,
  getContactsByIds,
  listAllContacts,
  listContacts,
} from '@zelo/projections/contacts/queries';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { AppContext } from '../api/context.ts';
import { IdParam, parse } from '../api/validation.ts';
import { runConnectionCommand } from '../connections/handlers.ts';
import { COMPANY_TIME_ZONE } from '../platform/time-zone.ts';
import { createContact, deleteContact, updateContact } from './handlers.ts';
import { uploadContacts } from './upload.ts';

const ImportContactsRequest = v.object({
  whatsappId: v.optional(v.pipe(v.string(), v.uuid('must be a uuid'))),
});

export async function contactRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { deps, pool, watcher } = ctx;

  async function contactAfter(companyId: string, id: string, position: string | null) {
    await watcher.waitFor(position, ['contacts']);
    const c = await getContact(pool, companyId, id);
    if (!c) throw new DomainError('ERR_NO_CONTACT_FOUND', 'contact not found');
    return c;
  }

  app.get('/contacts', async (request) => {
    const q = parse(ListContactsQuery, request.query);
    const created = { from: q.date ?? q.dateStart, to: q.date ?? q.dateEnd, timeZone: COMPANY_TIME_ZONE };
    return listContacts(pool, request.session.companyId, q.searchParam, q.pageNumber, 20, created);
  });

  // Static paths win over /contacts/:id in Fastify's router, whatever the registration order.
  app.get('/contacts/list', async (request) => {
    const q = parse(ListAllContactsQuery, request.query ?? {});
    return listAllContacts(pool, request.session.companyId, q.searchParam);
  });

  // Reads the phone's address book through the connection (default one unless named). The channel
  // worker does the reading as a reaction; contacts arrive over the socket as they are created.
  app.post('/contacts/import', async (request, reply) => {
    const { whatsappId } = parse(ImportContactsRequest, request.body ?? {});
    const { companyId, id } = request.session;
    const { rows } = await pool.query(
      `SELECT id FROM whatsapps WHERE company_id = $1 AND ($2::uuid IS NULL OR id = $2) ORDER BY is_default DESC, created_at LIMIT 1`,
      [companyId, whatsappId ?? null],
    );
    if (!rows[0])
      throw new DomainError(
        whatsappId ? 'ERR_NO_WAPP_FOUND' : 'ERR_NO_DEF_WAPP_FOUND',
        'no connection to import from',
      );
    await runConnectionCommand(
      deps,
      { type: 'RequestContactsImport', companyId, whatsappId: rows[0].id, requestedBy: id },
      { companyId, actor: id },
    );
    return reply.status(202).send({ message: 'importing contacts from the phone' });
  });

  app.post('/contacts/upload', { bodyLimit: 5 * 1024 * 1024 }, async (request) => {
    const rows = parse(UploadContactsRequest, request.body);
    const { companyId, id } = request.session;
    const r = await uploadContacts(deps, companyId, rows, {
      companyId,
      actor: id,
      correlationId: request.id,
    });
    await watcher.waitFor(r.position, ['contacts']);
    const byId = new Map(
      (
        await getContactsByIds(
          pool,
          companyId,
          r.created.map((c) => c.contactId),
        )
      ).map((c) => [c.id, c]),
    );
    const newContacts = r.created.map((c) => byId.get(c.contactId)).filter(Boolean);
    return { newContacts, errorBag: r.errorBag };
  });

  app.get('/contacts/:id', async (request) =>
    contactAfter(request.session.companyId, parse(IdParam, request.params).id, null),
  );

  app.post('/contacts', async (request, reply) => {
    const body = parse(ContactRequest, request.body);
    const { companyId, id } = request.session;
    const r = await createContact(
      deps,
      companyId,
      { ...body, isGroup: false, profilePicUrl: '' },
      { companyId, actor: id },
    );
    return reply.status(201).send(await contactAfter(companyId, r.contactId, r.position));
  });

  app.put('/contacts/:id', async (request) => {
    const { id: contactId } = parse(IdParam, request.params);
    const body = parse(ContactRequest, request.body);
    const { companyId, id } = request.session;
    const current = await getContact(pool, companyId, contactId);
    if (!current) throw new DomainError('ERR_NO_CONTACT_FOUND', 'contact not found');
    const r = await updateContact(
      deps,
      companyId,
      contactId,
      { ...body, isGroup: current.isGroup, profilePicUrl: current.profilePicUrl },
      { companyId, actor: id },
    );
    return contactAfter(companyId, contactId, r.position);
  });

  app.delete('/contacts/:id', { onRequest: app.requireAdmin }, async (request) => {
    const { id: contactId } = parse(IdParam, request.params);
    const { companyId, id } = request.session;
    const r = await deleteContact(deps, companyId, contactId, { companyId, actor: id });
    await watcher.waitFor(r.position, ['contacts']);
    return { message: 'contact deleted' };
  });
}
