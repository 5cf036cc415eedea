import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

// A quick message's attachment (doc 2 §2.7 media-upload) and sending it from the input by its URL.

describe('quick message attachments', () => {
  let system: TestSystem;
  let mediaDir: string;
  let admin: string;
  let ana: string;
  let b: string;
  let ticketId: string;
  let quickId: string;
  const pdf = new TextEncoder().encode('%PDF-1.4 pretend');
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

  // Requests' events only: the delivery worker acknowledges earlier sends whenever it gets to them.
  const eventCount = async () =>
    Number(
      (
        await system.ctx.pool.query(
          `SELECT count(*)::int AS n FROM es_events
            WHERE type NOT IN ('OutboundMessageSent', 'MessageAcknowledged', 'OutboundMessageFailed')`,
        )
      ).rows[0].n,
    );
  const storedFiles = async () =>
    (await readdir(mediaDir, { recursive: true, withFileTypes: true })).filter((d) => d.isFile()).length;
  const upload = async (
    token: string,
    id: string,
    name: string,
    type: string,
    bytes: Uint8Array,
    field = 'file',
  ) => {
    const form = new FormData();
    form.append(field, new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), name);
    const res = await fetch(`${system.url}/quick-messages/${id}/media-upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    return { status: res.status, body: await res.json() };
  };
  const call = (token: string, method: string, path: string, body?: unknown) =>
    system.api(method, path, { token, body });

  beforeAll(async () => {
    mediaDir = await mkdtemp(join(tmpdir(), 'zelo-qm-media-test-'));
    process.env.ZELO_MEDIA_DIR = mediaDir;
    system = await startTestSystem();
    admin = (await system.login(DEMO.email, DEMO.password)).token;
    expect(
      (await call(admin, 'POST', '/users', { name: 'Ana', email: 'ana@qmm.dev', password: 'senha1' })).status,
    ).toBe(201);
    ana = (await system.login('ana@qmm.dev', 'senha1')).token;
    const contact = await call(admin, 'POST', '/contacts', { name: 'Cliente QM', number: '5511960000088' });
    const ticket = await call(admin, 'POST', '/tickets', {
      contactId: contact.body.id,
      queueId: DEMO.queueId,
      status: 'open',
    });
    expect(ticket.status).toBe(201);
    ticketId = ticket.body.id;
    const quick = await call(admin, 'POST', '/quick-messages', {
      shortcode: 'tabela',
      message: 'Segue a tabela',
    });
    quickId = quick.body.id;
    const plans = await system.api('GET', '/plans/list');
    const signUp = await system.api('POST', '/companies/cadastro', {
      body: {
        name: 'QM B',
        email: 'admin@qmm-b.dev',
        phone: '11988880088',
        password: 'senhaB1',
        planId: plans.body[0].id,
      },
    });
    expect(signUp.status).toBe(201);
    b = (await system.login('admin@qmm-b.dev', 'senhaB1')).token;
  }, 60_000);
  afterAll(async () => {
    await system?.close();
    delete process.env.ZELO_MEDIA_DIR;
    await rm(mediaDir, { recursive: true, force: true });
  });

  it('attaches, replaces and removes the file; the list shows it', async () => {
    const first = await upload(admin, quickId, 'tabela.pdf', 'application/pdf', pdf);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ isMedia: true, mediaName: 'tabela.pdf', mediaType: 'application' });
    expect(first.body.mediaUrl).toMatch(new RegExp(`^/public/${DEMO.companyId}/`));
    expect(Buffer.from(await (await fetch(`${system.url}${first.body.mediaUrl}`)).arrayBuffer())).toEqual(
      Buffer.from(pdf),
    );

    const second = await upload(admin, quickId, 'foto.png', 'image/png', png, 'medias');
    expect(second.body).toMatchObject({ mediaName: 'foto.png', mediaType: 'image' });
    expect(second.body.mediaUrl).not.toBe(first.body.mediaUrl);
    const listed = (await call(admin, 'GET', '/quick-messages/list')).body.find((m: any) => m.id === quickId);
    expect(listed).toMatchObject({
      isMedia: true,
      mediaUrl: second.body.mediaUrl,
      mediaPath: second.body.mediaUrl,
    });

    const removed = await call(admin, 'DELETE', `/quick-messages/${quickId}/media-upload`);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ isMedia: false, mediaUrl: null, mediaName: null });
    expect((await call(admin, 'DELETE', `/quick-messages/${quickId}/media-upload`)).status).toBe(200);
    // Editing the text keeps the attachment.
    await upload(admin, quickId, 'tabela.pdf', 'application/pdf', pdf);
    const edited = await call(admin, 'PUT', `/quick-messages/${quickId}`, {
      shortcode: 'tabela',
      message: 'Nova',
    });
    expect(edited.body).toMatchObject({ message: 'Nova', mediaName: 'tabela.pdf' });
  });

  it('refuses bad uploads without storing anything', async () => {
    const files = await storedFiles();
    const events = await eventCount();
    const html = await upload(admin, quickId, 'x.html', 'text/html', new TextEncoder().encode('<b>'));
    expect(html.status).toBe(400);
    expect(html.body.error).toBe('ERR_VALIDATION');
    const none = await call(admin, 'POST', `/quick-messages/${quickId}/media-upload`, { file: 'x' });
    expect(none.status).toBe(400);
    // Another agent's company-wide message: used, not changed.
    const shared = await call(admin, 'PUT', `/quick-messages/${quickId}`, {
      shortcode: 'tabela',
      message: 'Nova',
      geral: true,
    });
    expect(shared.status).toBe(200);
    const byAna = await upload(ana, quickId, 'y.pdf', 'application/pdf', pdf);
    expect(byAna.status).toBe(403);
    expect(byAna.body.error).toBe('ERR_NO_PERMISSION');
    expect((await call(ana, 'DELETE', `/quick-messages/${quickId}/media-upload`)).status).toBe(403);
    expect(await storedFiles()).toBe(files);
    expect(await eventCount()).toBe(events + 1);
  });

  it("company B neither uploads to nor removes company A's attachment", async () => {
    const files = await storedFiles();
    const events = await eventCount();
    const up = await upload(b, quickId, 'b.pdf', 'application/pdf', pdf);
    expect(up.status).toBe(404);
    expect(up.body.error).toBe('ERR_NO_QUICK_MESSAGE_FOUND');
    expect((await call(b, 'DELETE', `/quick-messages/${quickId}/media-upload`)).status).toBe(404);
    expect(await storedFiles()).toBe(files);
    expect(await eventCount()).toBe(events);
    expect((await call(admin, 'GET', `/quick-messages/${quickId}`)).body.mediaName).toBe('tabela.pdf');
  });

  it("sends a quick answer's media by its URL, and refuses other companies' and external URLs", async () => {
    const quick = (await call(admin, 'GET', `/quick-messages/${quickId}`)).body;
    const sent = await call(admin, 'POST', `/messages/${ticketId}`, {
      body: quick.message,
      mediaUrl: quick.mediaUrl,
    });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      body: 'Nova',
      mediaType: 'application',
      mediaUrl: quick.mediaUrl,
      fromMe: true,
    });
    const blank = await call(admin, 'POST', `/messages/${ticketId}`, { body: '', mediaUrl: quick.mediaUrl });
    expect(blank.body).toMatchObject({ body: 'tabela.pdf', mediaType: 'application' });

    const bQuick = await call(b, 'POST', '/quick-messages', { shortcode: 'b', message: 'B' });
    const bMedia = (await upload(b, bQuick.body.id, 'b.png', 'image/png', png)).body.mediaUrl;
    expect(bMedia).toMatch(/^\/public\//);
    const events = await eventCount();
    for (const mediaUrl of [
      bMedia,
      bMedia.replace(/^\/public\/[^/]+/, `/public/${DEMO.companyId}`),
      `https://example.com${quick.mediaUrl}`,
      `/public/${DEMO.companyId}/../${bMedia.slice('/public/'.length)}`,
      'http://127.0.0.1/etc/passwd',
    ]) {
      const r = await call(admin, 'POST', `/messages/${ticketId}`, { body: 'x', mediaUrl });
      expect(r.status, mediaUrl).toBe(400);
      expect(r.body.error).toBe('ERR_VALIDATION');
    }
    const cross = await call(b, 'POST', `/messages/${ticketId}`, { body: 'x', mediaUrl: bMedia });
    expect(cross.status).toBe(404);
    expect(await eventCount()).toBe(events);
  });
});
