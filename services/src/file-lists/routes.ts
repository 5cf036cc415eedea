import multipart from '@fastify/multipart';
import { DomainError } from '@zelo/contracts/errors';
import { FileListRequest, ListFileListsQuery, UploadListFields } from '@zelo/contracts/file-lists/api';
import type { FileListPage, FileListView } from '@zelo/contracts/file-lists/read-models';
import { getFileList, searchFileLists } from '@zelo/projections/file-lists/queries';
import type { FastifyInstance } from 'fastify';
import { type AppContext, actorOf } from '../api/context.ts';
import { typed } from '../api/schema.ts';
import { IdParam, parse } from '../api/validation.ts';
import type { MediaStorage } from '../media/storage.ts';
import { MEDIA_LIMITS, receiveMedia } from '../messaging/send-media.ts';
import { newId } from '../platform/ids.ts';
import { runFileListCommand } from './handlers.ts';

const notFound = () => new DomainError('ERR_NO_FILE_LIST_FOUND', 'file list not found');

/**
 * File lists (doc 2 §2.11): a name, a message and options, each sent by a campaign as one file. Like
 * tags and contacts, a list is the company's: any user creates, edits and uploads; deleting is for
 * admins. The spec's companyId and userId parameters are ignored: the session decides both.
 */
export async function fileListRoutes(
  plain: FastifyInstance,
  { ctx, media }: { ctx: AppContext; media: MediaStorage },
) {
  const app = typed(plain);
  // Scoped to this plugin: only the option upload takes a file.
  await app.register(multipart, { limits: MEDIA_LIMITS, throwFileSizeLimit: true });
  const { deps, pool, watcher } = ctx;

  async function listAfter(companyId: string, id: string, position: string | null): Promise<FileListView> {
    await watcher.waitFor(position, ['file-lists']);
    const list = await getFileList(pool, companyId, id);
    if (!list) throw notFound();
    return list;
  }
  const optionsOf = ({ options = [] }: FileListRequest) => ({
    options: options.map((o) => ({ optionId: o.id, name: o.name })),
    newOptionIds: options.filter((o) => !o.id).map(() => newId()),
  });

  app.get(
    '/files',
    { schema: { querystring: ListFileListsQuery } },
    async (request): Promise<FileListPage> => searchFileLists(pool, request.session.companyId, request.query),
  );
  app.get('/files/:id', { schema: { params: IdParam } }, async (request) =>
    listAfter(request.session.companyId, request.params.id, null),
  );

  app.post('/files', { schema: { body: FileListRequest } }, async (request, reply) => {
    const { companyId, id: userId } = request.session;
    const { name, message } = request.body;
    const fileListId = newId();
    const r = await runFileListCommand(
      deps,
      { type: 'CreateFileList', companyId, fileListId, userId, name, message, ...optionsOf(request.body) },
      actorOf(request),
    );
    return reply.status(201).send(await listAfter(companyId, fileListId, r.position));
  });

  app.put('/files/:id', { schema: { params: IdParam, body: FileListRequest } }, async (request) => {
    const { companyId } = request.session;
    const { id: fileListId } = request.params;
    const { name, message } = request.body;
    const r = await runFileListCommand(
      deps,
      {
        type: 'UpdateFileList',
        companyId,
        fileListId,
        name,
        message,
        // Without `options` (a client that edits only the text), the options stay as they are.
        ...(request.body.options ? optionsOf(request.body) : { options: null, newOptionIds: [] }),
      },
      actorOf(request),
    );
    return listAfter(companyId, fileListId, r.position);
  });

  app.delete('/files/:id', { onRequest: app.requireAdmin, schema: { params: IdParam } }, async (request) => {
    const { companyId } = request.session;
    const r = await runFileListCommand(
      deps,
      { type: 'DeleteFileList', companyId, fileListId: request.params.id },
      actorOf(request),
    );
    await watcher.waitFor(r.position, ['file-lists']);
    return { message: 'file list deleted' };
  });

  // One option's file (doc 2 §7): multipart `files` with the option's `id`; a new upload replaces it.
  app.post('/files/uploadList/:id', { schema: { params: IdParam } }, async (request) => {
    const { companyId } = request.session;
    const { id: fileListId } = request.params;
    // Found before the file is stored: another company's id stores nothing.
    const current = await getFileList(pool, companyId, fileListId);
    if (!current) throw notFound();
    if (!request.isMultipart())
      throw new DomainError('ERR_VALIDATION', 'files: a multipart upload is required');
    let optionId = '';
    const { files } = await receiveMedia(request, media, companyId, 1, (fields) => {
      const form = parse(UploadListFields, Object.fromEntries(fields));
      if (form.fileId && form.fileId !== fileListId)
        throw new DomainError('ERR_VALIDATION', 'fileId: not the file list of the path');
      if (!current.options.some((o) => o.id === form.id))
        throw new DomainError('ERR_VALIDATION', `id: ${form.id} is not an option of this file list`);
      optionId = form.id;
    });
    const [f] = files;
    const r = await runFileListCommand(
      deps,
      {
        type: 'UploadFileListOptionFile',
        companyId,
        fileListId,
        optionId,
        file: { path: f.mediaUrl, originalName: f.filename, mediaType: f.mediaType },
      },
      actorOf(request),
    );
    return listAfter(companyId, fileListId, r.position);
  });
}
