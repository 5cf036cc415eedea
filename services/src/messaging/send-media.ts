import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { DomainError } from '@zelo/contracts/errors';
import { getMessage } from '@zelo/projections/tickets/queries';
import type { FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type { AppContext } from '../api/context.ts';
import { parse, refuseUnstorableText } from '../api/validation.ts';
import { type FileMediaType, mediaTypeOf } from '../media/media-type.ts';
import { sniffUpload } from '../media/sniff.ts';
import type { MediaStorage } from '../media/storage.ts';
import { queueOutboundMessage } from './handlers.ts';

export const MEDIA_LIMITS = { files: 10, fileSize: 16 * 1024 * 1024 } as const;

const Caption = v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(4096, 'too long'));

interface Received {
  tempPath: string;
  filename: string;
  mediaType: FileMediaType;
}

/**
 * Reads a multipart POST /messages/{ticketId} (doc 1 §7: `medias` files, `body` caption, `fromMe`):
 * every file is first spooled to a temporary folder and checked, so a refused request stores nothing,
 * then each is handed to the media storage. Returns what `queueOutboundMessage` needs per file.
 * Also reads a quick message's attachment (`file` or `medias`, `maxFiles` 1).
 */
export async function receiveMedia(
  request: FastifyRequest,
  storage: MediaStorage,
  companyId: string,
  maxFiles: number = MEDIA_LIMITS.files,
  /**
   * Sees the form's other text fields and the files as their bytes named them, once every part was
   * read, before anything is stored; may throw (a route that takes only some kinds of file).
   */
  checkFields?: (
    fields: ReadonlyMap<string, string>,
    files: readonly { filename: string; mediaType: FileMediaType }[],
  ) => void | Promise<void>,
) {
  const spool = await mkdtemp(join(tmpdir(), 'zelo-upload-'));
  try {
    const files: Received[] = [];
    let caption = '';
    const fields = new Map<string, string>();
    try {
      for await (const part of request.parts({
        limits: {
          files: maxFiles,
          fileSize: MEDIA_LIMITS.fileSize,
          fields: 10,
          fieldSize: 64 * 1024,
        },
      })) {
        if (part.type === 'field') {
          // The form's text is checked as a JSON body is: NUL and the like are refused (400).
          refuseUnstorableText({ [part.fieldname]: part.value }, 'body');
          // A form field, not a body: no route schema sees it, so it is parsed here.
          if (part.fieldname === 'body') caption = parse(Caption, part.value);
          else if (typeof part.value === 'string') fields.set(part.fieldname, part.value);
          continue;
        }
        const tempPath = join(spool, String(files.length));
        await pipeline(part.file, createWriteStream(tempPath));
        refuseUnstorableText({ [part.fieldname]: part.filename }, 'body');
        // `medias` (messages), `file` (an attachment), `files` (a file list's option, doc 2 §7).
        if (!['medias', 'file', 'files'].includes(part.fieldname)) continue;
        if (!mediaTypeOf(part.mimetype)) {
          throw new DomainError(
            'ERR_VALIDATION',
            `medias: type ${part.mimetype || 'unknown'} is not accepted`,
          );
        }
        if ((await stat(tempPath)).size === 0) {
          throw new DomainError('ERR_VALIDATION', `medias: ${part.filename} is empty`);
        }
        // Over the size limit the stream ends cut short (the parser reports it at the next part): say
        // so now, before the cut file is judged by its bytes.
        if (part.file.truncated) throw translateLimit({ code: 'FST_REQ_FILE_TOO_LARGE' }, maxFiles);
        // The declared type is the client's word: the bytes decide what is stored and sent (sniff.ts).
        const real = await sniffUpload(tempPath, part.mimetype, part.filename || 'file');
        files.push({ tempPath, ...real });
      }
    } catch (err) {
      throw translateLimit(err, maxFiles);
    }
    await checkFields?.(fields, files);
    if (files.length === 0) throw new DomainError('ERR_VALIDATION', 'medias: at least one file is required');
    const saved = [];
    for (const f of files) {
      const { url } = await storage.save(companyId, f.filename, createReadStream(f.tempPath));
      saved.push({ mediaUrl: url, mediaType: f.mediaType, filename: f.filename });
    }
    return { caption, files: saved };
  } finally {
    await rm(spool, { recursive: true, force: true });
  }
}

/** @fastify/multipart's limit errors, in the catalogue's terms. */
function translateLimit(err: unknown, maxFiles: number) {
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new DomainError(
      'ERR_MEDIA_TOO_LARGE',
      `medias: each file may have at most ${MEDIA_LIMITS.fileSize / 1024 / 1024} MB`,
    );
  }
  if (code === 'FST_FILES_LIMIT') {
    return new DomainError('ERR_VALIDATION', `medias: at most ${maxFiles} files`);
  }
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new DomainError('ERR_VALIDATION', 'too many form fields');
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_PROTO_VIOLATION') {
    return new DomainError('ERR_VALIDATION', (err as Error).message);
  }
  return err;
}

/**
 * One outbound message per file, in the order sent; the first carries the caption, the others their
 * file name as body (what the ticket list shows as last message).
 */
export async function sendMediaMessages(
  { deps, pool, watcher }: AppContext,
  storage: MediaStorage,
  request: FastifyRequest,
  viewer: { id: string; companyId: string },
  ticket: { id: string; status: string },
) {
  // Checked before reading the files, so a closed ticket stores none.
  if (ticket.status !== 'open') {
    throw new DomainError('ERR_TICKET_NOT_OPEN', 'accept or reopen the ticket before sending');
  }
  const { caption, files } = await receiveMedia(request, storage, viewer.companyId);
  const who = { companyId: viewer.companyId, actor: viewer.id };
  const ids: string[] = [];
  let position: string | null = null;
  for (const [i, f] of files.entries()) {
    const r = await queueOutboundMessage(
      deps,
      {
        companyId: viewer.companyId,
        ticketId: ticket.id,
        userId: viewer.id,
        body: (i === 0 && caption) || f.filename,
        mediaType: f.mediaType,
        mediaUrl: f.mediaUrl,
      },
      who,
      { requireOpen: true },
    );
    ids.push(r.messageId);
    position = r.position;
  }
  await watcher.waitFor(position, ['conversations']);
  return Promise.all(ids.map((id) => getMessage(pool, viewer.companyId, id)));
}
