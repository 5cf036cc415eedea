import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from '@zelo/services/testing/eventually';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readySocket } from '../testing/session-clients.ts';
import { startTestSystem, type TestSystem } from '../testing/system.ts';
import { type Tenant, twoCompanies } from '../testing/two-companies.ts';

// Announcements (doc 2 §2.10, BEHAVIOUR "Announcements"): written by super users, read by every user of
// every company (active ones only), pushed live as `company-announcement`.

type Frame = {
  event: string;
  data: { action?: string; id?: string; record?: { id: string; title: string } };
};

describe('announcements', () => {
  let system: TestSystem;
  let mediaDir: string;
  let sup: Tenant;
  let otherAdmin: Tenant;
  let agent: Tenant;
  const call = (who: Tenant, method: string, path: string, body?: unknown) =>
    system.api(method, path, { token: who.token, body });
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
  const upload = async (who: Tenant, id: string, name: string, type: string, bytes: Uint8Array) => {
    const form = new FormData();
    form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), name);
    const res = await fetch(`${system.url}/announcements/${id}/media-upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${who.token}` },
      body: form,
    });
    return { status: res.status, body: await res.json() };
  };
  const storedFiles = async () =>
    (await readdir(mediaDir, { recursive: true, withFileTypes: true })).filter((d) => d.isFile()).length;
  const ids = (page: { records: { id: string }[] }) => page.records.map((r) => r.id);

  beforeAll(async () => {
    mediaDir = await mkdtemp(join(tmpdir(), 'zelo-announcement-media-test-'));
    process.env.ZELO_MEDIA_DIR = mediaDir;
    system = await startTestSystem();
    const t = await twoCompanies(system, 'announce');
    sup = t.a;
    otherAdmin = t.b;
    agent = t.plain;
  });
  afterAll(async () => {
    await system?.close();
    delete process.env.ZELO_MEDIA_DIR;
    await rm(mediaDir, { recursive: true, force: true });
  });

  it('every company reads the active ones, newest first; only super users see inactive ones', async () => {
    const first = await call(sup, 'POST', '/announcements', { title: 'Primeiro', text: 'Olá a todos' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ title: 'Primeiro', text: 'Olá a todos', priority: 3, status: true });
    const second = await call(sup, 'POST', '/announcements', {
      title: 'Urgente',
      text: 'Manutenção às 22h',
      priority: '1',
    });
    expect(second.body.priority).toBe(1);
    const hidden = await call(sup, 'POST', '/announcements', {
      title: 'Rascunho',
      text: 'ainda não',
      status: false,
    });
    for (const who of [otherAdmin, agent]) {
      const page = await call(who, 'GET', '/announcements/');
      expect(page.status).toBe(200);
      expect(ids(page.body).slice(0, 2)).toEqual([second.body.id, first.body.id]);
      expect(ids(page.body)).not.toContain(hidden.body.id);
      const get = await call(who, 'GET', `/announcements/${hidden.body.id}`);
      expect(get.status).toBe(404);
      expect(get.body.error).toBe('ERR_NO_ANNOUNCEMENT_FOUND');
      expect((await call(who, 'GET', `/announcements/${first.body.id}`)).body.title).toBe('Primeiro');
    }
    expect(ids((await call(sup, 'GET', '/announcements/')).body)[0]).toBe(hidden.body.id);
    const search = await call(otherAdmin, 'GET', '/announcements/?searchParam=manuten&pageNumber=1');
    expect(ids(search.body)).toEqual([second.body.id]);
    expect(search.body.hasMore).toBe(false);
  });

  it('refuses an announcement without title or text, or with another priority', async () => {
    for (const body of [
      { title: '', text: 'x' },
      { title: 'x' },
      { title: 'x', text: 'y', priority: 4 },
      { title: 'x', text: 'y', status: 'talvez' },
    ]) {
      const r = await call(sup, 'POST', '/announcements', body);
      expect(r.status).toBe(400);
      expect(r.body.error).toBe('ERR_VALIDATION');
    }
    const missing = await call(sup, 'PUT', '/announcements/00000000-0000-4000-8000-00000000abcd', {
      title: 'x',
      text: 'y',
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('ERR_NO_ANNOUNCEMENT_FOUND');
  });

  it('only super users write: every write of any other user is ERR_NO_PERMISSION and changes nothing', async () => {
    const a = await call(sup, 'POST', '/announcements', { title: 'Só super', text: 'texto' });
    const id = a.body.id as string;
    const before = await storedFiles();
    for (const who of [otherAdmin, agent]) {
      for (const [method, path, body] of [
        ['POST', '/announcements', { title: 'x', text: 'y' }],
        ['PUT', `/announcements/${id}`, { title: 'x', text: 'y' }],
        ['DELETE', `/announcements/${id}`, undefined],
        ['DELETE', `/announcements/${id}/media-upload`, undefined],
      ] as const) {
        const r = await call(who, method, path, body);
        expect(r.status).toBe(403);
        expect(r.body.error).toBe('ERR_NO_PERMISSION');
      }
      const up = await upload(who, id, 'x.png', 'image/png', png);
      expect(up.status).toBe(403);
    }
    expect(await storedFiles()).toBe(before);
    expect((await call(agent, 'GET', `/announcements/${id}`)).body.title).toBe('Só super');
  });

  it('takes a png or jpeg image by its bytes, refuses anything else, and removes it', async () => {
    const a = await call(sup, 'POST', '/announcements', { title: 'Com imagem', text: 'veja' });
    const id = a.body.id as string;
    const before = await storedFiles();
    const fake = await upload(sup, id, 'foto.png', 'image/png', new TextEncoder().encode('<html>oi</html>'));
    expect(fake.status).toBe(400);
    expect(fake.body.error).toBe('ERR_MEDIA_TYPE_MISMATCH');
    const pdf = await upload(sup, id, 'foto.png', 'image/png', new TextEncoder().encode('%PDF-1.4 pretend'));
    expect(pdf.body.error).toBe('ERR_MEDIA_TYPE_MISMATCH');
    expect(await storedFiles()).toBe(before);
    const ok = await upload(sup, id, 'aviso.png', 'image/png', png);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ id, mediaName: 'aviso.png' });
    expect(ok.body.mediaPath).toMatch(/^\/public\/announcements\/.+aviso\.png$/);
    const served = await fetch(`${system.url}${ok.body.mediaPath}`);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(png);
    const seen = await call(agent, 'GET', `/announcements/${id}`);
    expect(seen.body.mediaPath).toBe(ok.body.mediaPath);
    const removed = await call(sup, 'DELETE', `/announcements/${id}/media-upload`);
    expect(removed.body).toMatchObject({ mediaPath: null, mediaName: null });
    const unknown = await upload(sup, '00000000-0000-4000-8000-00000000abcd', 'a.png', 'image/png', png);
    expect(unknown.status).toBe(404);
  });

  it("pushes company-announcement to every company's sockets; an inactive one reaches non-super users as a delete", async () => {
    const supSocket = await readySocket(system, sup.token);
    const otherSocket = await readySocket(system, otherAdmin.token);
    const agentSocket = await readySocket(system, agent.token);
    const frames = (s: { frames: unknown[] }) => s.frames as Frame[];
    const heard = (s: { frames: unknown[] }, pred: (f: Frame['data']) => boolean) =>
      eventually(
        async () => frames(s).some((f) => f.event === 'company-announcement' && pred(f.data)),
        8_000,
        'company-announcement frame',
      );
    try {
      const a = await call(sup, 'POST', '/announcements', { title: 'Ao vivo', text: 'chegou', priority: 2 });
      const id = a.body.id as string;
      for (const s of [supSocket, otherSocket, agentSocket])
        await heard(s, (d) => d.action === 'create' && d.record?.id === id && d.record.title === 'Ao vivo');
      await call(sup, 'PUT', `/announcements/${id}`, { title: 'Ao vivo', text: 'chegou', status: false });
      await heard(supSocket, (d) => d.action === 'update' && d.record?.id === id);
      for (const s of [otherSocket, agentSocket]) await heard(s, (d) => d.action === 'delete' && d.id === id);
      expect(
        frames(otherSocket).some(
          (f) => f.event === 'company-announcement' && f.data.action === 'update' && f.data.record?.id === id,
        ),
      ).toBe(false);
      await call(sup, 'DELETE', `/announcements/${id}`);
      await heard(supSocket, (d) => d.action === 'delete' && d.id === id);
    } finally {
      for (const s of [supSocket, otherSocket, agentSocket]) s.ws.close();
    }
  });
});
