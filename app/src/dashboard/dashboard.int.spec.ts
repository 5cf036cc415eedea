import { eventually } from '@zelo/services/testing/eventually';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

describe('dashboard', () => {
  let system: TestSystem;
  let admin: { token: string };
  let other: { token: string };

  beforeAll(async () => {
    system = await startTestSystem();
    admin = await system.login(DEMO.email, DEMO.password);
    other = await system.signUpCompany('Loja B', 'dono@lojab.dev', 'secret1');
    // Three customers write; one is answered and resolved, one is accepted (the automatic greeting is
    // no answer), one waits.
    for (const [number, name] of [
      ['5511911110001', 'Ana'],
      ['5511911110002', 'Bia'],
      ['5511911110003', 'Caio'],
    ]) {
      await system.simulator!.customerSends(DEMO.whatsappId, { number, name }, `Oi, sou ${name}`);
    }
    const pending = await eventually(async () => {
      const r = await system.api('GET', '/tickets?status=pending&showAll=true', { token: admin.token });
      return r.body.tickets.length === 3 ? r.body.tickets : undefined;
    });
    const byName = (n: string) => pending.find((t: { contact: { name: string } }) => t.contact.name === n).id;
    await system.api('PUT', `/tickets/${byName('Ana')}`, { token: admin.token, body: { status: 'open' } });
    await system.api('POST', `/messages/${byName('Ana')}`, {
      token: admin.token,
      body: { body: 'Olá, Ana!' },
    });
    await system.api('PUT', `/tickets/${byName('Ana')}`, { token: admin.token, body: { status: 'closed' } });
    await system.api('PUT', `/tickets/${byName('Bia')}`, { token: admin.token, body: { status: 'open' } });
  }, 60_000);

  afterAll(async () => system?.close());

  it('counts talking, waiting, finished and new contacts, with average times', async () => {
    const d = await eventually(async () => {
      const r = await system.api('GET', '/dashboard', { token: admin.token });
      return r.body.supportFinished === 1 ? r.body : undefined;
    });
    expect(d).toMatchObject({ supportHappening: 1, supportPending: 1, supportFinished: 1, leads: 3 });
    // The wait is to a person's first answer (the reports' first response): Ana's alone was answered.
    expect(d.avgWaitTime).toBeGreaterThan(0);
    expect(d.avgSupportTime).toBeGreaterThanOrEqual(0);
    const me = d.attendants.find((a: { name: string }) => a.name === 'Zelo Demo');
    expect(me).toMatchObject({ online: false });
  });

  it('charts tickets per agent and per hour for a single day', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    const users = await system.api('GET', `/dashboard/ticketsUsers?initialDate=${today}&finalDate=${today}`, {
      token: admin.token,
    });
    expect(users.body.data).toContainEqual({ name: 'Zelo Demo', quantidade: 2 });
    const day = await system.api('GET', `/dashboard/ticketsDay?initialDate=${today}&finalDate=${today}`, {
      token: admin.token,
    });
    expect(day.body.data.reduce((n: number, p: { total: number }) => n + p.total, 0)).toBe(3);
    expect(day.body.data[0].horario).toMatch(/^\d{2}:00 - \d{2}:59$/);
  });

  it("never counts another company's tickets", async () => {
    const d = await system.api('GET', '/dashboard', { token: other.token });
    expect(d.body).toMatchObject({ supportHappening: 0, supportPending: 0, supportFinished: 0, leads: 0 });
    expect(d.body.attendants.map((a: { name: string }) => a.name)).toEqual(['Loja B']);
  });

  it('refuses bad filters and non-admins', async () => {
    expect((await system.api('GET', '/dashboard?days=5', { token: admin.token })).body.error).toBe(
      'ERR_VALIDATION',
    );
    expect(
      (await system.api('GET', '/dashboard/ticketsDay?initialDate=2026-13-01', { token: admin.token }))
        .status,
    ).toBe(400);
    const created = await system.api('POST', '/users', {
      token: admin.token,
      body: { name: 'Agente', email: 'agente@zelo.dev', password: 'secret1', profile: 'user' },
    });
    expect(created.status).toBe(201);
    const agent = await system.login('agente@zelo.dev', 'secret1');
    const r = await system.api('GET', '/dashboard', { token: agent.token });
    expect(r.status).toBe(403);
    expect(r.body.error).toBe('ERR_NO_PERMISSION');
  });
});
