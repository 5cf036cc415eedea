import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { localMediaStorage } from '@zelo/services/media/storage';
import { uploadLedger } from '@zelo/services/media/uploads';
import { messageStreamId } from '@zelo/services/messaging/handlers';
import type { fixedClock } from '@zelo/services/platform/clock';
import { eventually } from '@zelo/services/testing/eventually';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';
import { withWorkflows } from '../testing/workflows.ts';

// Message retention (LGPD, issue 25) on the whole product: a company keeping messages 30 days, one
// message of 40 days ago and one of 10, the retention loop on the Temporal dev server every 2 s. The
// system's clock runs behind real time while the messages arrive, so their events carry those days.

const DAY = 24 * 3600 * 1000;
let skew = 0;
const clock: ReturnType<typeof fixedClock> = {
  now: () => new Date(Date.now() + skew),
  set: (iso) => {
    skew = Date.parse(iso) - Date.now();
  },
  advance: (ms) => {
    skew += ms;
  },
};
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2, 3]);

describe('message retention', () => {
  let system: TestSystem;
  let mediaDir: string;
  let admin: string;
  const number = `55319${String(Date.now() % 1_000_000).padStart(6, '0')}31`;

  const query = async <T>(sql: string, values: unknown[] = []) =>
    (await system.ctx.pool.query(sql, values)).rows as T[];
  const shredded = async () =>
    (await system.deps.store.readStream(`company-${DEMO.companyId}`)).events.filter(
      (e) => e.type === 'CompanyMessagesShredded',
    );
  const exists = (path: string) =>
    stat(path).then(
      () => true,
      () => false,
    );

  /** The customer writes `body` with a picture, `daysAgo` days ago; answers its message id and file. */
  async function writesDaysAgo(daysAgo: number, body: string) {
    skew = -daysAgo * DAY;
    const picture = await localMediaStorage(mediaDir, clock, uploadLedger(system.ctx.pool)).save(
      DEMO.companyId,
      'foto.png',
      Readable.from([Buffer.from(png)]),
    );
    const r = await system.api('POST', `/simulator/connections/${DEMO.whatsappId}/inbound`, {
      body: { from: number, name: 'Cliente Antigo', body, mediaType: 'image', mediaUrl: picture.url },
    });
    expect(r.status).toBe(201);
    const messageId = await eventually(
      async () => (await query<{ id: string }>('SELECT id FROM messages WHERE body = $1', [body]))[0]?.id,
      20_000,
      'the message in the read model',
    );
    skew = 0;
    return { messageId, picture };
  }
  const readBack = async (messageId: string) =>
    (await system.deps.store.readStream(messageStreamId(messageId))).events[0].data as {
      body: string;
      mediaUrl: string | null;
    };

  beforeAll(async () => {
    mediaDir = await mkdtemp(join(tmpdir(), 'zelo-retention-test-'));
    process.env.ZELO_MEDIA_DIR = mediaDir;
    system = await startTestSystem({
      clock,
      env: withWorkflows({ ZELO_MESSAGE_RETENTION_EVERY_MS: '2000' }),
    });
    admin = (await system.login(DEMO.email, DEMO.password)).token;
  }, 300_000);
  afterAll(async () => {
    await system?.close();
    delete process.env.ZELO_MEDIA_DIR;
    await rm(mediaDir, { recursive: true, force: true });
  });

  it('shreds the bodies and media older than the retention, once a day, and keeps the newer ones', async () => {
    const old = await writesDaysAgo(40, 'Mensagem de quarenta dias');
    const recent = await writesDaysAgo(10, 'Mensagem de dez dias');
    // Off by default: a few rounds pass and nothing is shredded.
    await new Promise((r) => setTimeout(r, 4_500));
    expect(await shredded()).toEqual([]);
    expect((await readBack(old.messageId)).body).toBe('Mensagem de quarenta dias');

    const set = await system.api('PUT', '/settings/messageRetentionDays', {
      token: admin,
      body: { value: '30' },
    });
    expect(set.status).toBe(200);
    const [event] = await eventually(
      async () => (await shredded()).length > 0 && shredded(),
      20_000,
      'a round',
    );
    const today = new Date();
    const cutoff = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - 30 * DAY;
    expect(event.data).toMatchObject({ before: new Date(cutoff).toISOString(), retentionDays: 30 });

    expect(await readBack(old.messageId)).toMatchObject({ body: 'Mensagem removida', mediaUrl: null });
    expect(await readBack(recent.messageId)).toMatchObject({
      body: 'Mensagem de dez dias',
      mediaUrl: recent.picture.url,
    });
    expect(await exists(old.picture.path)).toBe(false);
    expect(await exists(recent.picture.path)).toBe(true);
    // The day's key of the old message is destroyed, the recent day's is kept.
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10);
    const keys = await query<{ subject: string; destroyed: boolean }>(
      'SELECT subject, key IS NULL AS destroyed FROM personal_data_keys WHERE subject = ANY($1)',
      [[`day:${DEMO.companyId}:${day(40)}`, `day:${DEMO.companyId}:${day(10)}`]],
    );
    expect(keys.find((k) => k.subject.endsWith(day(40)))?.destroyed).toBe(true);
    expect(keys.find((k) => k.subject.endsWith(day(10)))?.destroyed).toBe(false);

    // More rounds the same day record nothing new.
    await new Promise((r) => setTimeout(r, 4_500));
    expect(await shredded()).toHaveLength(1);
  }, 120_000);
});
