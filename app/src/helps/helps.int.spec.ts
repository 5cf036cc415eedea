import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSystem, type TestSystem } from '../testing/system.ts';
import { type Tenant, twoCompanies } from '../testing/two-companies.ts';

// Help videos (doc 2 §2.19): one list for the whole platform, written by super users only.

describe('helps', () => {
  let system: TestSystem;
  let sup: Tenant;
  let otherAdmin: Tenant;
  let agent: Tenant;
  const call = (who: Tenant, method: string, path: string, body?: unknown) =>
    system.api(method, path, { token: who.token, body });

  beforeAll(async () => {
    system = await startTestSystem();
    const t = await twoCompanies(system, 'helps');
    sup = t.a;
    otherAdmin = t.b;
    agent = t.plain;
  });
  afterAll(async () => {
    await system?.close();
  });

  it('a super user creates, edits and deletes a help; every company lists it meanwhile', async () => {
    const created = await call(sup, 'POST', '/helps', {
      title: '  Conectando o WhatsApp ',
      video: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10s',
      description: 'Leia o QR code',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      title: 'Conectando o WhatsApp',
      video: 'dQw4w9WgXcQ',
      description: 'Leia o QR code',
    });
    const id = created.body.id as string;
    for (const who of [otherAdmin, agent]) {
      for (const path of ['/helps', '/helps/list']) {
        const list = await call(who, 'GET', path);
        expect(list.status).toBe(200);
        expect(list.body.map((h: { id: string }) => h.id)).toContain(id);
      }
    }
    const updated = await call(sup, 'PUT', `/helps/${id}`, {
      title: 'Filas',
      video: 'https://youtu.be/abcdefghijk',
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id, title: 'Filas', video: 'abcdefghijk', description: '' });
    expect((await call(sup, 'DELETE', `/helps/${id}`)).status).toBe(200);
    expect((await call(agent, 'GET', '/helps')).body.map((h: { id: string }) => h.id)).not.toContain(id);
    const again = await call(sup, 'DELETE', `/helps/${id}`);
    expect(again.status).toBe(404);
    expect(again.body.error).toBe('ERR_NO_HELP_FOUND');
  });

  it('refuses a help without a title or with something that is not a YouTube video', async () => {
    for (const body of [
      { title: 'x', video: 'dQw4w9WgXcQ' },
      { title: 'Vídeo', video: 'https://vimeo.com/1234' },
      { title: 'Vídeo' },
      { title: 'Vídeo', video: 'dQw4w9WgXcQ', description: 'a'.repeat(1001) },
    ]) {
      const r = await call(sup, 'POST', '/helps', body);
      expect(r.status).toBe(400);
      expect(r.body.error).toBe('ERR_VALIDATION');
    }
    const missing = await call(sup, 'PUT', '/helps/00000000-0000-4000-8000-00000000abcd', {
      title: 'Nada',
      video: 'dQw4w9WgXcQ',
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('ERR_NO_HELP_FOUND');
  });

  it("only a super user writes helps: another company's admin and an agent get ERR_NO_PERMISSION", async () => {
    const created = await call(sup, 'POST', '/helps', { title: 'Tags', video: 'dQw4w9WgXcQ' });
    const id = created.body.id as string;
    for (const who of [otherAdmin, agent]) {
      for (const [method, path, body] of [
        ['POST', '/helps', { title: 'Hack', video: 'dQw4w9WgXcQ' }],
        ['PUT', `/helps/${id}`, { title: 'Hack', video: 'dQw4w9WgXcQ' }],
        ['DELETE', `/helps/${id}`, undefined],
      ] as const) {
        const r = await call(who, method, path, body);
        expect(r.status).toBe(403);
        expect(r.body.error).toBe('ERR_NO_PERMISSION');
      }
    }
    const list = await call(agent, 'GET', '/helps');
    expect(list.body.find((h: { id: string }) => h.id === id)).toMatchObject({ title: 'Tags' });
  });
});
