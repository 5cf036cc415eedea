import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

// Media messages (doc 1 §2 Message input, §5 generated file names, §7 multipart POST /messages/{ticketId}).

describe('media messages', () => {
  let system: TestSystem;
  let mediaDir: string;
  let admin: string;
  let b: string;
  let ticketId: string;
  const number = '5511960000077';
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5]);
  const pdf = new TextEncoder().encode('%PDF-1.4 pretend');

  const eventCount = async () =>
    Number((await system.ctx.pool.query('SELECT count(*)::int AS n FROM es_events')).rows[0].n);
  const storedFiles = async (): Promise<string[]> =>
    (await readdir(mediaDir, { recursive: true, withFileTypes: true }))
      .filter((d) => d.isFile())
      .map((d) => d.name);
  const upload = async (
    token: string,
    ticket: string,
    files: { name: string; type: string; bytes: Uint8Array<ArrayBuffer> }[],
    caption?: string,
  ) => {
    const form = new FormData();
    for (const f of files) form.append('medias', new Blob([f.bytes], { type: f.type }), f.name);
    if (caption !== undefined) form.append('body', caption);
    form.append('fromMe', 'true');
    const res = await fetch(`${system.url}/messages/${ticket}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    return { status: res.status, body: await res.json() };
  };

  beforeAll(async () => {
    mediaDir = await mkdtemp(join(tmpdir(), 'zelo-media-test-'));
    process.env.ZELO_MEDIA_DIR = mediaDir;
    system = await startTestSystem();
    admin = (await system.login(DEMO.email, DEMO.password)).token;
    const contact = await system.api('POST', '/contacts', {
      token: admin,
      body: { name: 'Cliente Mídia', number },
    });
    const ticket = await system.api('POST', '/tickets', {
      token: admin,
      body: { contactId: contact.body.id, queueId: DEMO.queueId, status: 'open' },
    });
    expect(ticket.status).toBe(201);
    ticketId = ticket.body.id;
    const plans = await system.api('GET', '/plans/list');
    const signUp = await system.api('POST', '/companies/cadastro', {
      body: {
        name: 'Empresa Mídia B',
        email: 'admin@midia-b.dev',
        phone: '11988880077',
        password: 'senhaB1',
        planId: plans.body[0].id,
      },
    });
    expect(signUp.status).toBe(201);
    b = (await system.login('admin@midia-b.dev', 'senhaB1')).token;
  });
  afterAll(async () => {
    await system?.close();
    delete process.env.ZELO_MEDIA_DIR;
    await rm(mediaDir, { recursive: true, force: true });
  });

  it('creates one message per file, the first with the caption, served back byte-identical', async () => {
    const r = await upload(
      admin,
      ticketId,
      [
        { name: 'foto café.png', type: 'image/png', bytes: png },
        { name: 'boleto.pdf', type: 'application/pdf', bytes: pdf },
      ],
      'Segue o comprovante',
    );
    expect(r.status).toBe(201);
    expect(r.body).toHaveLength(2);
    expect(r.body[0]).toMatchObject({
      body: 'Segue o comprovante',
      mediaType: 'image',
      fromMe: true,
      ticketId,
    });
    expect(r.body[1]).toMatchObject({ body: 'boleto.pdf', mediaType: 'application' });
    const company = (await system.api('GET', '/auth/me', { token: admin })).body?.companyId ?? '';
    for (const [m, bytes] of [
      [r.body[0], png],
      [r.body[1], pdf],
    ] as const) {
      expect(m.mediaUrl).toMatch(/^\/public\/[0-9a-f-]{36}\/\d{4}\/\d{2}\/\d{13}-[0-9a-f]{32}-[\w.-]+$/);
      if (company) expect(m.mediaUrl).toContain(company);
      const served = await fetch(`${system.url}${m.mediaUrl}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
    }
    expect(r.body[0].mediaUrl).toMatch(/-foto_cafe\.png$/);

    // The listing shows them, and the simulated phone receives them with their mediaUrl.
    const list = await system.api('GET', `/messages/${ticketId}`, { token: admin });
    expect(list.body.messages.map((m: { mediaUrl: string }) => m.mediaUrl)).toEqual(
      expect.arrayContaining([r.body[0].mediaUrl, r.body[1].mediaUrl]),
    );
    let phone: { mediaUrl: string; mediaType: string }[] = [];
    for (let i = 0; i < 100 && phone.length < 2; i++) {
      await new Promise((res) => setTimeout(res, 50));
      phone = (await system.api('GET', `/simulator/connections/${DEMO.whatsappId}/phones/${number}/messages`))
        .body;
    }
    expect(phone).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ mediaType: 'image', mediaUrl: r.body[0].mediaUrl }),
        expect.objectContaining({ mediaType: 'application', mediaUrl: r.body[1].mediaUrl }),
      ]),
    );
  });

  it('an unknown stored name is a 404, and no listing is offered', async () => {
    expect((await fetch(`${system.url}/public/nope.png`)).status).toBe(404);
    expect([403, 404]).toContain((await fetch(`${system.url}/public/`)).status);
  });

  describe('refusals write nothing', () => {
    let events: number;
    let files: number;
    beforeAll(async () => {
      events = await eventCount();
      files = (await storedFiles()).length;
    });
    afterAll(async () => {
      expect(await eventCount()).toBe(events);
      expect((await storedFiles()).length).toBe(files);
    });

    it("another company's ticket is not found (404)", async () => {
      const r = await upload(b, ticketId, [{ name: 'a.png', type: 'image/png', bytes: png }]);
      expect(r.status).toBe(404);
      expect(r.body.error).toBe('ERR_NO_TICKET_FOUND');
    });

    it('a file over 16 MB is 413 ERR_MEDIA_TOO_LARGE, even after a good one', async () => {
      const big = new Uint8Array(16 * 1024 * 1024 + 1);
      const r = await upload(admin, ticketId, [
        { name: 'ok.png', type: 'image/png', bytes: png },
        { name: 'big.mp4', type: 'video/mp4', bytes: big },
      ]);
      expect(r.status).toBe(413);
      expect(r.body.error).toBe('ERR_MEDIA_TOO_LARGE');
    });

    it('an empty file is 400', async () => {
      const r = await upload(admin, ticketId, [
        { name: 'empty.png', type: 'image/png', bytes: new Uint8Array() },
      ]);
      expect(r.status).toBe(400);
      expect(r.body.error).toBe('ERR_VALIDATION');
    });

    it('an unknown or scriptable type is 400', async () => {
      for (const type of ['text/html', 'image/svg+xml', 'font/woff2']) {
        const r = await upload(admin, ticketId, [{ name: 'x', type, bytes: pdf }]);
        expect(r.status, type).toBe(400);
        expect(r.body.error).toBe('ERR_VALIDATION');
      }
    });

    it('more than 10 files, or none, is 400', async () => {
      const eleven = Array.from({ length: 11 }, (_, i) => ({
        name: `${i}.png`,
        type: 'image/png',
        bytes: png,
      }));
      expect((await upload(admin, ticketId, eleven)).status).toBe(400);
      const none = await upload(admin, ticketId, [], 'only a caption');
      expect(none.status).toBe(400);
      expect(none.body.error).toBe('ERR_VALIDATION');
    });
  });

  it('a simulated customer can send an image by URL and a location', async () => {
    const from = '5511960000078';
    const image = await system.api('POST', `/simulator/connections/${DEMO.whatsappId}/inbound`, {
      body: { from, name: 'Cliente Foto', mediaType: 'image', mediaUrl: 'https://example.com/a.jpg' },
    });
    expect(image.status).toBe(201);
    const location = await system.api('POST', `/simulator/connections/${DEMO.whatsappId}/inbound`, {
      body: {
        from,
        mediaType: 'locationMessage',
        body: 'data:image/png;base64,AAAA|https://maps.google.com/maps?q=-23.5,-46.6|Av. Paulista',
      },
    });
    expect(location.status).toBe(201);
    const noUrl = await system.api('POST', `/simulator/connections/${DEMO.whatsappId}/inbound`, {
      body: { from, mediaType: 'image' },
    });
    expect(noUrl.status).toBe(400);
    // The simulator resolves once the events are stored; the read model follows shortly after.
    let rows: unknown[] = [];
    for (let i = 0; i < 100 && rows.length < 2; i++) {
      await new Promise((res) => setTimeout(res, 30));
      rows = (
        await system.ctx.pool.query(
          'SELECT media_type AS "mediaType", media_url AS "mediaUrl" FROM messages WHERE wa_message_id = ANY($1) ORDER BY created_at',
          [[image.body.waMessageId, location.body.waMessageId]],
        )
      ).rows;
    }
    expect(rows).toEqual([
      { mediaType: 'image', mediaUrl: 'https://example.com/a.jpg' },
      { mediaType: 'locationMessage', mediaUrl: null },
    ]);
  });
});
