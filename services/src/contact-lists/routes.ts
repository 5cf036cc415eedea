import multipart from '@fastify/multipart';
import {
  AllContactListsQuery,
  ContactListItemRequest,
  ContactListRequest,
  ListContactListItemsQuery,
  ListContactListsQuery,
  MAX_CONTACT_LIST_UPLOAD_BYTES,
  UpdateContactListItemRequest,
} from '@zelo/contracts/contact-lists/api';
import type {
  ContactListItemPage,
  ContactListItemView,
  ContactListPage,
  ContactListUploadResult,
  ContactListView,
} from '@zelo/contracts/contact-lists/read-models';
import { DomainError } from '@zelo/contracts/errors';
import {
  allContactLists,
  getContactList,
  getContactListItem,
  getContactListItemsByIds,
  searchContactListItems,
  searchContactLists,
} from '@zelo/projections/contact-lists/queries';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AppContext, actorOf } from '../api/context.ts';
import { typed } from '../api/schema.ts';
import { IdParam, refuseUnstorableText } from '../api/validation.ts';
import { newId } from '../platform/ids.ts';
import { assertPlanAllows } from '../tenancy/plan-features.ts';
import { runContactListCommand } from './handlers.ts';
import { spreadsheetRows } from './spreadsheet.ts';
import { uploadContactListItems } from './upload.ts';

const PROJECTION = ['contact-lists'];

/**
 * Contact lists and their items (doc 2 §2.6, §7), the campaigns' audiences: every call needs the
 * plan's useCampaigns (doc 2 §6). Like the contacts page, agents add, edit and import; deleting a list
 * or an item is for admins. Another company's ids are unknown (404).
 */
export async function contactListRoutes(plain: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = typed(plain);
  // Scoped to this plugin: only the spreadsheet upload takes a file.
  await app.register(multipart, {
    limits: { files: 1, fileSize: MAX_CONTACT_LIST_UPLOAD_BYTES, fields: 5, fieldSize: 1024 },
  });
  const { deps, pool, watcher } = ctx;
  app.addHook('onRequest', async (request) =>
    assertPlanAllows(pool, request.session.companyId, 'useCampaigns'),
  );

  async function listAfter(request: FastifyRequest, id: string, position: string | null) {
    await watcher.waitFor(position, PROJECTION);
    const list = await getContactList(pool, request.session.companyId, id);
    if (!list) throw new DomainError('ERR_NO_CONTACT_LIST_FOUND', 'contact list not found');
    return list;
  }
  async function itemAfter(request: FastifyRequest, id: string, position: string | null) {
    await watcher.waitFor(position, PROJECTION);
    const item = await getContactListItem(pool, request.session.companyId, id);
    if (!item) throw new DomainError('ERR_NO_CONTACT_LIST_ITEM_FOUND', 'contact list item not found');
    return item;
  }

  app.get(
    '/contact-lists',
    { schema: { querystring: ListContactListsQuery } },
    async (request): Promise<ContactListPage> =>
      searchContactLists(pool, request.session.companyId, request.query),
  );
  app.get(
    '/contact-lists/list',
    { schema: { querystring: AllContactListsQuery } },
    async (request): Promise<ContactListView[]> => allContactLists(pool, request.session.companyId),
  );
  app.get('/contact-lists/:id', { schema: { params: IdParam } }, async (request) =>
    listAfter(request, request.params.id, null),
  );

  app.post('/contact-lists', { schema: { body: ContactListRequest } }, async (request, reply) => {
    const contactListId = newId();
    const r = await runContactListCommand(
      deps,
      { type: 'CreateContactList', companyId: request.session.companyId, contactListId, ...request.body },
      actorOf(request),
    );
    return reply.status(201).send(await listAfter(request, contactListId, r.position));
  });

  app.put(
    '/contact-lists/:id',
    { schema: { params: IdParam, body: ContactListRequest } },
    async (request): Promise<ContactListView> => {
      const { id: contactListId } = request.params;
      const r = await runContactListCommand(
        deps,
        { type: 'UpdateContactList', companyId: request.session.companyId, contactListId, ...request.body },
        actorOf(request),
      );
      return listAfter(request, contactListId, r.position);
    },
  );

  app.delete(
    '/contact-lists/:id',
    { onRequest: app.requireAdmin, schema: { params: IdParam } },
    async (request) => {
      const r = await runContactListCommand(
        deps,
        { type: 'DeleteContactList', companyId: request.session.companyId, contactListId: request.params.id },
        actorOf(request),
      );
      await watcher.waitFor(r.position, PROJECTION);
      return { message: 'contact list deleted' };
    },
  );

  // The spreadsheet (multipart field `file`, .xls or .xlsx, read here): the good rows are added, the
  // others answered in the errorBag, in the shape of POST /contacts/upload.
  app.post(
    '/contact-lists/:id/upload',
    { schema: { params: IdParam } },
    async (request): Promise<ContactListUploadResult> => {
      const { companyId } = request.session;
      const { id: contactListId } = request.params;
      // The list first: another company's id reads no file and writes nothing.
      await listAfter(request, contactListId, null);
      const bytes = await receiveSpreadsheet(request);
      const rows = await spreadsheetRows(bytes.data, bytes.filename);
      const r = await uploadContactListItems(deps, companyId, contactListId, rows, actorOf(request));
      await watcher.waitFor(r.position, PROJECTION);
      return { newContacts: await getContactListItemsByIds(pool, companyId, r.added), errorBag: r.errorBag };
    },
  );

  app.get(
    '/contact-list-items',
    { schema: { querystring: ListContactListItemsQuery } },
    async (request): Promise<ContactListItemPage> => {
      const q = request.query;
      await listAfter(request, q.contactListId, null);
      return searchContactListItems(pool, request.session.companyId, q);
    },
  );
  app.get('/contact-list-items/:id', { schema: { params: IdParam } }, async (request) =>
    itemAfter(request, request.params.id, null),
  );

  app.post('/contact-list-items', { schema: { body: ContactListItemRequest } }, async (request, reply) => {
    const { contactListId, ...fields } = request.body;
    const itemId = newId();
    const r = await runContactListCommand(
      deps,
      {
        type: 'AddContactListItem',
        companyId: request.session.companyId,
        contactListId,
        item: { itemId, ...fields },
      },
      actorOf(request),
    );
    return reply.status(201).send(await itemAfter(request, itemId, r.position));
  });

  app.put(
    '/contact-list-items/:id',
    { schema: { params: IdParam, body: UpdateContactListItemRequest } },
    async (request): Promise<ContactListItemView> => {
      const { id: itemId } = request.params;
      const { contactListId: _ignored, ...fields } = request.body;
      const current = await itemAfter(request, itemId, null);
      const r = await runContactListCommand(
        deps,
        {
          type: 'UpdateContactListItem',
          companyId: request.session.companyId,
          contactListId: current.contactListId,
          item: { itemId, ...fields },
        },
        actorOf(request),
      );
      return itemAfter(request, itemId, r.position);
    },
  );

  app.delete(
    '/contact-list-items/:id',
    { onRequest: app.requireAdmin, schema: { params: IdParam } },
    async (request) => {
      const { id: itemId } = request.params;
      const current = await itemAfter(request, itemId, null);
      const r = await runContactListCommand(
        deps,
        {
          type: 'RemoveContactListItem',
          companyId: request.session.companyId,
          contactListId: current.contactListId,
          itemId,
        },
        actorOf(request),
      );
      await watcher.waitFor(r.position, PROJECTION);
      return { message: 'contact list item deleted' };
    },
  );
}

/** The one file of the form (`file`, or the first file sent), as bytes; over the cap is a 413. */
async function receiveSpreadsheet(request: FastifyRequest): Promise<{ data: Buffer; filename: string }> {
  if (!request.isMultipart()) throw new DomainError('ERR_VALIDATION', 'file: a multipart upload is required');
  try {
    const part = await request.file();
    if (!part) throw new DomainError('ERR_VALIDATION', 'file: a spreadsheet is required');
    refuseUnstorableText({ file: part.filename }, 'body');
    const data = await part.toBuffer();
    if (part.file.truncated) throw tooLarge();
    return { data, filename: part.filename };
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code?.startsWith('FST_')) throw new DomainError('ERR_VALIDATION', (err as Error).message);
    throw err;
  }
}

const tooLarge = () =>
  new DomainError(
    'ERR_MEDIA_TOO_LARGE',
    `file: the spreadsheet may have at most ${MAX_CONTACT_LIST_UPLOAD_BYTES / 1024 / 1024} MB`,
  );
