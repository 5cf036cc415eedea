import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { DomainError } from '@zelo/contracts/errors';
import { FlowUploadFields } from '@zelo/contracts/flows/api';
import type { FlowUpload } from '@zelo/contracts/flows/read-models';
import type { FastifyRequest } from 'fastify';
import { parse, refuseUnstorableText } from '../api/validation.ts';
import { mediaTypeOf } from '../media/media-type.ts';
import { sniffUpload } from '../media/sniff.ts';
import type { MediaStorage } from '../media/storage.ts';

type Kind = FlowUpload['mediaType'];
const MB = 1024 * 1024;

/** doc 2 §5 upload limits: image png/jpg/jpeg 2 MB, audio ogg/mp3/opus 5 MB, video mp4 20 MB. */
export const FLOW_MEDIA: Record<Kind, { extensions: string[]; maxBytes: number; what: string }> = {
  image: { extensions: ['.png', '.jpg', '.jpeg'], maxBytes: 2 * MB, what: 'a png, jpg or jpeg image' },
  audio: {
    extensions: ['.ogg', '.oga', '.mp3', '.opus'],
    maxBytes: 5 * MB,
    what: 'an ogg, mp3 or opus audio',
  },
  video: { extensions: ['.mp4'], maxBytes: 20 * MB, what: 'an mp4 video' },
};
export const FLOW_UPLOAD_LIMITS = { files: 10, fileSize: FLOW_MEDIA.video.maxBytes } as const;

interface Spooled {
  tempPath: string;
  filename: string;
  originalName: string;
  mediaType: Kind;
}

const mismatch = (name: string, accept: Kind[]) =>
  new DomainError(
    'ERR_MEDIA_TYPE_MISMATCH',
    `medias: ${name} is not ${accept.map((k) => FLOW_MEDIA[k].what).join(', nor ')}`,
  );
const tooLarge = (name: string, kind: Kind) =>
  new DomainError(
    'ERR_MEDIA_TOO_LARGE',
    `medias: ${name} is larger than ${FLOW_MEDIA[kind].maxBytes / MB} MB`,
  );

/**
 * The multipart uploads of the flow editor (doc 2 §7: `medias` files, `fromMe`, `body`). Every file is
 * spooled and judged by its bytes (media/sniff.ts) and by the limit of its kind before any is stored:
 * a refused request stores nothing. Answers each stored file, in the order sent.
 */
export async function receiveFlowMedia(
  request: FastifyRequest,
  storage: MediaStorage,
  companyId: string,
  { accept, maxFiles }: { accept: Kind[]; maxFiles: number },
): Promise<FlowUpload[]> {
  if (!request.isMultipart())
    throw new DomainError('ERR_VALIDATION', 'medias: a multipart upload is required');
  const spool = await mkdtemp(join(tmpdir(), 'zelo-flow-upload-'));
  try {
    const files = await spoolParts(request, spool, accept, maxFiles);
    if (files.length === 0) throw new DomainError('ERR_VALIDATION', 'medias: at least one file is required');
    const stored: FlowUpload[] = [];
    for (const f of files) {
      const { url } = await storage.save(companyId, f.filename, createReadStream(f.tempPath));
      stored.push({ name: url, url, originalName: f.originalName, mediaType: f.mediaType });
    }
    return stored;
  } finally {
    await rm(spool, { recursive: true, force: true });
  }
}

async function spoolParts(request: FastifyRequest, spool: string, accept: Kind[], maxFiles: number) {
  const files: Spooled[] = [];
  const fields: Record<string, string> = {};
  try {
    const parts = request.parts({
      limits: { files: maxFiles, fileSize: FLOW_UPLOAD_LIMITS.fileSize, fields: 10, fieldSize: 64 * 1024 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        refuseUnstorableText({ [part.fieldname]: part.value }, 'body');
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      const tempPath = join(spool, String(files.length));
      await pipeline(part.file, createWriteStream(tempPath));
      const name = part.filename || 'file';
      refuseUnstorableText({ [part.fieldname]: name }, 'body');
      if (!['medias', 'file', 'files'].includes(part.fieldname)) continue;
      const declared = mediaTypeOf(part.mimetype);
      if (!declared || declared === 'application') throw mismatch(name, accept);
      // Cut short at the largest limit: over any kind's, said in the declared kind's terms.
      if (part.file.truncated) throw tooLarge(name, accept.includes(declared) ? declared : 'video');
      const size = (await stat(tempPath)).size;
      if (size === 0) throw new DomainError('ERR_VALIDATION', `medias: ${name} is empty`);
      // The declared type is the client's word: the bytes decide (a PDF called x.png is refused).
      const real = await sniffUpload(tempPath, part.mimetype, name);
      const kind = real.mediaType as Kind;
      if (
        !accept.includes(kind) ||
        !FLOW_MEDIA[kind].extensions.includes(extname(real.filename).toLowerCase())
      )
        throw mismatch(name, accept);
      if (size > FLOW_MEDIA[kind].maxBytes) throw tooLarge(name, kind);
      files.push({ tempPath, filename: real.filename, originalName: name, mediaType: kind });
    }
  } catch (err) {
    throw translateLimit(err, maxFiles);
  }
  parse(FlowUploadFields, fields);
  return files;
}

/** @fastify/multipart's limit errors, in the catalogue's terms. */
function translateLimit(err: unknown, maxFiles: number) {
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge('a file', 'video');
  if (code === 'FST_FILES_LIMIT')
    return new DomainError('ERR_VALIDATION', `medias: at most ${maxFiles} files`);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return new DomainError('ERR_VALIDATION', 'too many form fields');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_PROTO_VIOLATION')
    return new DomainError('ERR_VALIDATION', (err as Error).message);
  return err;
}
