import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

describe('quick messages', () => {
  let system: TestSystem;
  let admin: { token: string; user: any };
  let ana: { token: string; user: any };
  let bruno: { token: string; user: any };
  let b: { token: string; user: any };
  const as = (who: { token: string }) => (method: string, path: string, body?: unknown) =>
    system.api(method, path, { token: who.token, body });

  beforeAll(async () => {
    system = await startTestSystem();
    admin = await system.login(DEMO.email, DEMO.password);
    for (const [name, email] of [
      ['Ana Agente', 'ana@qm.dev'],
      ['Bruno Agente', 'bruno@qm.dev'],
    ]) {
      const r = await as(admin)('POST', '/users', { name, email, password: 'senha1' });
      expect(r.status).toBe(201);
    }
    ana = await system.login('ana@qm.dev', 'senha1');
    bruno = await system.login('bruno@qm.dev', 'senha1');
    const plans = await system.api('GET', '/plans/list');
    const signUp = await system.api('POST', '/companies/cadastro', {
      body: {
        name: 'Empresa B',
        email: 'admin@qm-b.dev',
        phone: '11988880000',
        password: 'senhaB1',
        planId: plans.body[1].id,
      },
    });
    expect(signUp.status).toBe(201);
    b = await system.login('admin@qm-b.dev', 'senhaB1');
  }, 60_000);

  afterAll(async () => system?.close());

  it('creates personal and company-wide messages; the shortcode is unique per company in any case', async () => {
    const mine = await as(ana)('POST', '/quick-messages', {
      shortcode: '/oi',
      message: 'Olá! Como posso ajudar?',
    });
    expect(mine.status).toBe(201);
    expect(mine.body).toMatchObject({
      shortcode: 'oi',
      geral: false,
      status: true,
      userId: ana.user.id,
      mediaPath: null,
    });
    const shared = await as(admin)('POST', '/quick-messages', {
      shortcode: 'horario',
      message: 'Atendemos de segunda a sexta, das 8h às 18h.',
      geral: true,
    });
    expect(shared.status).toBe(201);
    const dup = await as(bruno)('POST', '/quick-messages', { shortcode: 'OI', message: 'Outro' });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe('ERR_DUPLICATED_SHORTCODE');
  });

  it('validates input with ERR_VALIDATION', async () => {
    for (const body of [
      { message: 'sem atalho' },
      { shortcode: 'dois termos', message: 'x' },
      { shortcode: 'x', message: '' },
    ]) {
      const r = await as(ana)('POST', '/quick-messages', body);
      expect(r.status).toBe(400);
      expect(r.body.error).toBe('ERR_VALIDATION');
    }
    expect((await as(ana)('GET', '/quick-messages/not-a-uuid')).status).toBe(400);
  });

  it('lists what each user may use: their own and company-wide, active ones only for the autocomplete', async () => {
    const codes = async (who: { token: string }, path: string) => {
      const r = await as(who)('GET', path);
      return (Array.isArray(r.body) ? r.body : r.body.records).map((m: any) => m.shortcode);
    };
    expect(await codes(ana, '/quick-messages/list')).toEqual(['horario', 'oi']);
    expect(await codes(bruno, '/quick-messages/list')).toEqual(['horario']);
    expect(await codes(admin, '/quick-messages')).toEqual(['horario', 'oi']);
    expect(await codes(bruno, '/quick-messages?searchParam=segunda')).toEqual(['horario']);

    const oi = (await as(ana)('GET', '/quick-messages')).body.records.find((m: any) => m.shortcode === 'oi');
    const off = await as(ana)('PUT', `/quick-messages/${oi.id}`, {
      shortcode: 'oi',
      message: 'Olá!',
      status: false,
    });
    expect(off.status).toBe(200);
    expect(await codes(ana, '/quick-messages/list')).toEqual(['horario']);
    expect(await codes(ana, '/quick-messages')).toEqual(['horario', 'oi']);
  });

  it('only the owner or an admin changes a message', async () => {
    const all = (await as(admin)('GET', '/quick-messages')).body.records;
    const oi = all.find((m: any) => m.shortcode === 'oi');
    const horario = all.find((m: any) => m.shortcode === 'horario');
    const hidden = await as(bruno)('PUT', `/quick-messages/${oi.id}`, { shortcode: 'oi', message: 'meu' });
    expect(hidden.status).toBe(404);
    expect((await as(bruno)('GET', `/quick-messages/${oi.id}`)).status).toBe(404);
    const shared = await as(bruno)('DELETE', `/quick-messages/${horario.id}`);
    expect(shared.status).toBe(403);
    expect(shared.body.error).toBe('ERR_NO_PERMISSION');
    const byAdmin = await as(admin)('PUT', `/quick-messages/${oi.id}`, {
      shortcode: 'ola',
      message: 'Olá!!',
    });
    expect(byAdmin.body).toMatchObject({ shortcode: 'ola', userId: ana.user.id });
  });

  it("company B neither sees nor changes company A's messages, and may reuse their shortcodes", async () => {
    const horario = (await as(admin)('GET', '/quick-messages')).body.records.find(
      (m: any) => m.shortcode === 'horario',
    );
    expect((await as(b)('GET', '/quick-messages')).body.records).toEqual([]);
    expect((await as(b)('GET', '/quick-messages/list')).body).toEqual([]);
    const get = await as(b)('GET', `/quick-messages/${horario.id}`);
    expect(get.status).toBe(404);
    expect(get.body.error).toBe('ERR_NO_QUICK_MESSAGE_FOUND');
    expect(
      (await as(b)('PUT', `/quick-messages/${horario.id}`, { shortcode: 'x', message: 'y' })).status,
    ).toBe(404);
    expect((await as(b)('DELETE', `/quick-messages/${horario.id}`)).status).toBe(404);
    expect((await as(b)('POST', '/quick-messages', { shortcode: 'horario', message: 'B' })).status).toBe(201);
    expect((await as(admin)('GET', `/quick-messages/${horario.id}`)).body.message).toContain('segunda');
  });

  it('pushes changes to the company live, and deletes', async () => {
    const ws = new WebSocket(
      `${system.url.replace(/^http/, 'ws')}/socket?token=${encodeURIComponent(ana.token)}`,
    );
    const frames: { event: string; data: any }[] = [];
    ws.on('message', (raw) => frames.push(JSON.parse(raw.toString())));
    const wait = async (pred: (f: { event: string; data: any }) => boolean) => {
      const deadline = Date.now() + 5_000;
      while (!frames.some(pred)) {
        if (Date.now() > deadline) throw new Error('no such frame');
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    try {
      await wait((f) => f.event === 'ready');
      const r = await as(ana)('POST', '/quick-messages', { shortcode: 'tchau', message: 'Até logo!' });
      await wait((f) => f.event === `company-${DEMO.companyId}-quickMessage` && f.data.id === r.body.id);
      expect((await as(ana)('DELETE', `/quick-messages/${r.body.id}`)).status).toBe(200);
      await wait((f) => f.data?.action === 'delete' && f.data.id === r.body.id);
      expect((await as(ana)('GET', `/quick-messages/${r.body.id}`)).status).toBe(404);
    } finally {
      ws.close();
    }
  });
});
