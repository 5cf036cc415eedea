import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import type { Clock } from '../platform/clock.ts';
import { safeFileName } from './media-type.ts';
import type { UploadLedger } from './uploads.ts';

/** Where uploaded media lives. The local folder is the embedded default; an S3 adapter can replace it. */
export interface MediaStorage {
  /** Stores the stream under a new unguessable name; `url` is what messages carry as mediaUrl. */
  save(companyId: string, filename: string, stream: Readable): Promise<{ url: string; path: string }>;
  /** Whether a URL that `save` returned still names a stored file (a message may resend it). */
  exists(url: string): Promise<boolean>;
  /** The bytes of a file `save` stored (a voice note to transcribe); null when the URL names none. */
  read(url: string): Promise<Uint8Array | null>;
}

export const PUBLIC_PREFIX = '/public';

export function mediaDirFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env.ZELO_MEDIA_DIR ?? fileURLToPath(new URL('../../../.data/media', import.meta.url)));
}

/**
 * `<companyId>/<yyyy>/<mm>/<timestamp>-<random>-<safe name>` under `root` (doc 1 §5: the stored file
 * keeps a generated name with a timestamp). 128 random bits make the URL unguessable, so /public needs
 * no token and the WhatsApp side can fetch it as a plain link. With a `ledger`, each file is recorded
 * before it is written, so that the sweep (sweep.ts) can later remove it once nothing refers to it;
 * a file stored without one is never swept.
 */
export function localMediaStorage(
  root: string,
  clock: Clock,
  ledger?: UploadLedger,
): MediaStorage & { root: string } {
  return {
    root,
    async save(companyId, filename, stream) {
      const now = clock.now();
      const yyyy = String(now.getUTCFullYear());
      const mm = String(now.getUTCMonth() + 1).padStart(2, '0');
      const name = `${now.getTime()}-${randomBytes(16).toString('hex')}-${safeFileName(filename)}`;
      const relative = [companyId, yyyy, mm, name].join('/');
      const path = join(root, ...relative.split('/'));
      const url = `${PUBLIC_PREFIX}/${relative}`;
      await ledger?.record(url);
      await mkdir(dirname(path), { recursive: true });
      await pipeline(stream, createWriteStream(path, { flags: 'wx' }));
      return { url, path };
    },
    async exists(url) {
      const path = storedPath(root, url);
      if (!path) return false;
      return stat(path).then(
        (s) => s.isFile(),
        () => false,
      );
    },
    async read(url) {
      const path = storedPath(root, url);
      return path ? readFile(path).catch(() => null) : null;
    },
  };
}

/** The file a stored URL names under `root`; null for anything else (another prefix, a path trick). */
export function storedPath(root: string, url: string): string | null {
  if (!url.startsWith(`${PUBLIC_PREFIX}/`) || url.split('/').some((s) => s === '..')) return null;
  return join(root, ...url.slice(PUBLIC_PREFIX.length + 1).split('/'));
}
