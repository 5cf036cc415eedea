import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import type { ContactExportView } from '@zelo/contracts/contacts/privacy';
import { DomainError } from '@zelo/contracts/errors';
import { getContactExport } from '@zelo/projections/contacts/exports-queries';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { type AppContext, actorOf } from '../api/context.ts';
import { typed } from '../api/schema.ts';
import { IdParam } from '../api/validation.ts';
import { archivePath, exportDirFromEnv } from './export-archive.ts';
import { loadContactExport, recordContactExportDownload, requestContactExport } from './export-handlers.ts';

const ExportParam = v.object({ exportId: v.pipe(v.string(), v.uuid('must be a uuid')) });

/**
 * LGPD (issue 25): an admin asks for a contact's data; only that admin sees the export and downloads
 * its archive, once, until it expires. Anyone else (the company's other admins included) gets a 404.
 */
export async function contactExportRoutes(
  plain: FastifyInstance,
  { ctx, exportRoot = exportDirFromEnv() }: { ctx: AppContext; exportRoot?: string },
) {
  const app = typed(plain);
  const { deps, pool, watcher } = ctx;

  async function exportView(companyId: string, userId: string, exportId: string): Promise<ContactExportView> {
    const view = await getContactExport(pool, companyId, userId, exportId);
    if (!view) throw new DomainError('ERR_NO_EXPORT_FOUND', 'export not found');
    return view;
  }

  app.post(
    '/contacts/:id/exports',
    { onRequest: app.requireAdmin, schema: { params: IdParam } },
    async (request, reply) => {
      const who = actorOf(request);
      const { exportId, position } = await requestContactExport(deps, who.companyId, request.params.id, who);
      await watcher.waitFor(position, ['contact-exports']);
      return reply.status(202).send(await exportView(who.companyId, who.actor, exportId));
    },
  );

  app.get('/contacts/exports/:exportId', { schema: { params: ExportParam } }, async (request) =>
    exportView(request.session.companyId, request.session.id, request.params.exportId),
  );

  app.get(
    '/contacts/exports/:exportId/download',
    { schema: { params: ExportParam } },
    async (request, reply) => {
      const who = actorOf(request);
      const { exportId } = request.params;
      const { state } = await loadContactExport(deps, exportId);
      if (state.status === 'none' || state.companyId !== who.companyId || state.userId !== who.actor)
        throw new DomainError('ERR_NO_EXPORT_FOUND', 'export not found');
      const path = archivePath(exportRoot, who.companyId, exportId);
      const file = state.status === 'ready' ? await stat(path).catch(() => null) : null;
      if (state.status === 'ready' && !file)
        throw new DomainError('ERR_EXPORT_GONE', 'export no longer available');
      // Recorded before a byte leaves: a second download, even a racing one, is refused.
      await recordContactExportDownload(deps, who.companyId, exportId, who);
      const stream = createReadStream(path);
      // Once sent (or the transfer cut), the archive is gone: it was downloadable once.
      stream.on('close', () => void rm(path, { force: true }).catch(() => {}));
      return reply
        .header('content-type', 'application/zip')
        .header('content-length', String(file?.size ?? 0))
        .header('content-disposition', `attachment; filename="dados-contato-${exportId}.zip"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
}
