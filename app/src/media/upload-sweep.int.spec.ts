import { mkdir, mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { allProjections } from '@zelo/projections/registry';
import { localMediaStorage, PUBLIC_PREFIX } from '@zelo/services/media/storage';
import { sweepUploads, UPLOAD_REFERENCES } from '@zelo/services/media/sweep';
import { uploadLedger } from '@zelo/services/media/uploads';
import { systemClock } from '@zelo/services/platform/clock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MP3, PDF, PNG, postMedia } from '../flows/media.ts';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

// The sweep of uploads nothing refers to (media/sweep.ts): files uploaded through the real routes,
// some replaced or never used, aged past the grace period; only the unreferenced ones of this
// database's ledger go.

const DAY = 24 * 3600 * 1000;

describe('the upload sweep', () => {
  let system: TestSystem;
  let mediaDir: string;
  let admin: string;
  /** What must stay and what must go, by URL. */
  const referenced: string[] = [];
  const orphans: string[] = [];

  const call = (method: string, path: string, body?: unknown) =>
    system.api(method, path, { token: admin, body });
  const multipart = async (path: string, field: string, name: string, type: string, bytes: Uint8Array) => {
    const form = new FormData();
    form.append(field, new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), name);
    const res = await fetch(`${system.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
      body: form,
    });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    return body;
  };
  const fileOf = (url: string) => join(mediaDir, ...url.slice(PUBLIC_PREFIX.length + 1).split('/'));
  const exists = (url: string) =>
    stat(fileOf(url)).then(
      () => true,
      () => false,
    );
  const ledger = async () =>
    (await system.ctx.pool.query<{ url: string }>('SELECT url FROM media_uploads')).rows.map((r) => r.url);
  const sweep = (options: Partial<Parameters<typeof sweepUploads>[0]> = {}) =>
    sweepUploads({
      pool: system.ctx.pool,
      root: mediaDir,
      source: system.deps.store,
      projections: allProjections(),
      ...options,
    });

  beforeAll(async () => {
    mediaDir = await mkdtemp(join(tmpdir(), 'zelo-sweep-test-'));
    process.env.ZELO_MEDIA_DIR = mediaDir;
    system = await startTestSystem();
    admin = (await system.login(DEMO.email, DEMO.password)).token;
  }, 60_000);
  afterAll(async () => {
    await system?.close();
    delete process.env.ZELO_MEDIA_DIR;
    await rm(mediaDir, { recursive: true, force: true });
  });

  it('stores through every upload route, and records each file in the ledger', async () => {
    // A quick message's attachment, replaced: the first file is no longer anyone's.
    const quick = await call('POST', '/quick-messages', { shortcode: 'catalogo', message: 'Segue' });
    const q1 = await multipart(
      `/quick-messages/${quick.body.id}/media-upload`,
      'file',
      'a.pdf',
      'application/pdf',
      PDF,
    );
    const q2 = await multipart(
      `/quick-messages/${quick.body.id}/media-upload`,
      'file',
      'b.pdf',
      'application/pdf',
      PDF,
    );
    orphans.push(q1.mediaUrl);
    referenced.push(q2.mediaUrl);

    // An announcement's image, removed.
    const note = await call('POST', '/announcements', { title: 'Aviso', text: 'com imagem' });
    const a1 = await multipart(
      `/announcements/${note.body.id}/media-upload`,
      'file',
      'aviso.png',
      'image/png',
      PNG,
    );
    expect((await call('DELETE', `/announcements/${note.body.id}/media-upload`)).status).toBe(200);
    orphans.push(a1.mediaPath);

    // A file list option's file, replaced by another.
    const list = await call('POST', '/files', {
      name: 'Catálogo',
      message: 'Veja',
      options: [{ name: 'Tabela' }],
    });
    const option = list.body.options[0].id;
    const listUpload = async (name: string) => {
      const form = new FormData();
      form.append('id', option);
      form.append('files', new Blob([PDF], { type: 'application/pdf' }), name);
      const res = await fetch(`${system.url}/files/uploadList/${list.body.id}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}` },
        body: form,
      });
      return (await res.json()).options[0].path as string;
    };
    orphans.push(await listUpload('velha.pdf'));
    referenced.push(await listUpload('nova.pdf'));

    // A campaign's attachment.
    const campaign = await call('POST', '/campaigns', {
      name: 'Ofertas',
      message1: 'Olá {nome}',
      message2: '',
      message3: '',
      message4: '',
      message5: '',
      whatsappId: '',
      scheduledAt: '',
      contactListId: '',
      tagListId: '',
      fileListId: '',
      status: 'INATIVA',
      companyId: DEMO.companyId,
    });
    expect(campaign.status, JSON.stringify(campaign.body)).toBe(201);
    const c1 = await multipart(
      `/campaigns/${campaign.body.id}/media-upload`,
      'file',
      'banner.png',
      'image/png',
      PNG,
    );
    referenced.push(c1.mediaPath);

    // A media message on a ticket.
    const contact = await call('POST', '/contacts', { name: 'Cliente Faxina', number: '5511960000123' });
    const ticket = await call('POST', '/tickets', {
      contactId: contact.body.id,
      queueId: DEMO.queueId,
      status: 'open',
    });
    const sent = await postMedia(`${system.url}/messages/${ticket.body.id}`, admin, [
      { name: 'recibo.pdf', type: 'application/pdf', bytes: PDF },
    ]);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const messageUrl = (
      await system.ctx.pool.query(
        'SELECT media_url FROM messages WHERE ticket_id = $1 AND media_url IS NOT NULL',
        [ticket.body.id],
      )
    ).rows[0].media_url as string;
    referenced.push(messageUrl);

    // The flow editor: one upload saved in a flow, one picked and never saved.
    const flow = await call('POST', '/flowbuilder', { name: 'Com imagem' });
    const img = await postMedia(`${system.url}/flowbuilder/img`, admin, [
      { name: 'foto.png', type: 'image/png', bytes: PNG },
    ]);
    const unsaved = await postMedia(`${system.url}/flowbuilder/audio`, admin, [
      { name: 'voz.mp3', type: 'audio/mpeg', bytes: MP3 },
    ]);
    const saved = await call('POST', '/flowbuilder/flow', {
      idFlow: flow.body.id,
      nodes: [
        { id: '1', type: 'start', position: { x: 0, y: 0 }, data: { label: 'Inicio do fluxo' } },
        { id: 'i'.repeat(30), type: 'img', position: { x: 0, y: 100 }, data: { url: img.body.name } },
      ],
      connections: [{ id: 'e1', source: '1', target: 'i'.repeat(30) }],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    referenced.push(img.body.name);
    orphans.push(unsaved.body.name);

    // A file stored by a request that failed afterwards: recorded, referred to by nothing.
    const stored = await localMediaStorage(mediaDir, systemClock, uploadLedger(system.ctx.pool)).save(
      DEMO.companyId,
      'falhou.pdf',
      Readable.from([PDF]),
    );
    orphans.push(stored.url);

    expect((await ledger()).sort()).toEqual([...referenced, ...orphans].sort());
    for (const url of [...referenced, ...orphans]) expect(await exists(url), url).toBe(true);
  });

  it('knows every place that keeps an uploaded file', async () => {
    // Any column holding a stored URL after the uploads above is one the sweep reads (the event store,
    // the audit trail, the idempotency cache and the ledger itself aside).
    const aside = new Set(['es_events', 'ticket_history', 'idempotency_keys', 'media_uploads']);
    const { rows: columns } = await system.ctx.pool.query<{ table: string; column: string }>(
      `SELECT table_name AS table, column_name AS column FROM information_schema.columns
        WHERE table_schema = 'public' AND data_type IN ('text', 'jsonb', 'json', 'character varying')`,
    );
    const known = new Set(UPLOAD_REFERENCES.map((r) => `${r.table}.${r.column}`));
    const holding: string[] = [];
    for (const { table, column } of columns.filter((c) => !aside.has(c.table))) {
      const { rows } = await system.ctx.pool.query(
        `SELECT 1 FROM "${table}" WHERE "${column}"::text LIKE '%${PUBLIC_PREFIX}/%' LIMIT 1`,
      );
      if (rows.length) holding.push(`${table}.${column}`);
    }
    expect(holding.filter((c) => !known.has(c))).toEqual([]);
    expect(holding).toEqual(
      expect.arrayContaining([
        'messages.media_url',
        'quick_messages.media_url',
        'file_list_options.path',
        'campaigns.media_path',
        'flow_versions.graph',
      ]),
    );
  });

  it('removes only the unreferenced uploads older than the grace period', async () => {
    // An upload in progress (recent), and a file the ledger never saw (another database's, an operator's).
    const recent = await localMediaStorage(mediaDir, systemClock, uploadLedger(system.ctx.pool)).save(
      DEMO.companyId,
      'agora.pdf',
      Readable.from([PDF]),
    );
    const untracked = `${PUBLIC_PREFIX}/${DEMO.companyId}/2020/01/1577836800000-${'0'.repeat(32)}-alheio.pdf`;
    await mkdir(dirname(fileOf(untracked)), { recursive: true });
    await writeFile(fileOf(untracked), PDF);

    // Nothing is old enough yet.
    expect(await sweep()).toEqual({ removed: [], skipped: null });

    const old = new Date(Date.now() - 2 * DAY);
    await system.ctx.pool.query(
      `UPDATE media_uploads SET saved_at = now() - interval '2 days' WHERE url <> $1`,
      [recent.url],
    );
    for (const url of [...referenced, ...orphans, untracked]) await utimes(fileOf(url), old, old);

    const dry = await sweep({ dryRun: true });
    expect(dry.removed.map((f) => f.url).sort()).toEqual([...orphans].sort());
    for (const url of orphans) expect(await exists(url)).toBe(true);

    const done = await sweep();
    expect(done.skipped).toBeNull();
    expect(done.removed.map((f) => f.url).sort()).toEqual([...orphans].sort());
    expect(done.removed.every((f) => f.bytes > 0)).toBe(true);
    for (const url of orphans) expect(await exists(url), url).toBe(false);
    for (const url of [...referenced, recent.url, untracked]) expect(await exists(url), url).toBe(true);
    expect((await ledger()).sort()).toEqual([...referenced, recent.url].sort());
    // Referenced files are still served.
    expect((await fetch(`${system.url}${referenced[0]}`)).status).toBe(200);

    // Again: nothing more to do.
    expect(await sweep()).toEqual({ removed: [], skipped: null });
    const left = (await readdir(mediaDir, { recursive: true, withFileTypes: true })).filter((d) =>
      d.isFile(),
    );
    expect(left).toHaveLength(referenced.length + 2);
  });

  it('sweeps nothing while a read model that holds references is far behind', async () => {
    const orphan = await localMediaStorage(mediaDir, systemClock, uploadLedger(system.ctx.pool)).save(
      DEMO.companyId,
      'perdido.pdf',
      Readable.from([PDF]),
    );
    await system.ctx.pool.query(
      `UPDATE media_uploads SET saved_at = now() - interval '2 days' WHERE url = $1`,
      [orphan.url],
    );
    const old = new Date(Date.now() - 2 * DAY);
    await utimes(fileOf(orphan.url), old, old);
    // As if the first event a read model has yet to apply were two days old (a rebuild from zero).
    const stale = {
      readAll: async () => [
        {
          id: 'e',
          type: 'QuickMessageCreated',
          data: {},
          streamId: 's',
          streamRevision: 0,
          position: '0',
          metadata: { companyId: null, actor: 'test', correlationId: 'c', at: old.toISOString() },
        },
      ],
    };
    const r = await sweep({ source: stale });
    expect(r.removed).toEqual([]);
    expect(r.skipped).toMatch(/read model has events older than the grace period/);
    expect(await exists(orphan.url)).toBe(true);
    expect((await sweep()).removed.map((f) => f.url)).toEqual([orphan.url]);
  });
});
