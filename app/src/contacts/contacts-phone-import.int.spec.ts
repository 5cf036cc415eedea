import { eventually } from '@zelo/services/testing/eventually';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

// POST /contacts/import reads the phone's address book through the connection's channel.
describe('importing contacts from the phone', () => {
  let system: TestSystem;
  let admin: { token: string };
  let other: { token: string };

  beforeAll(async () => {
    system = await startTestSystem();
    admin = await system.login(DEMO.email, DEMO.password);
    other = await system.signUpCompany('Loja Import', 'dona@import.dev', 'secret1');
    // Two people in the simulated phone's address book who never wrote through Zelo.
    for (const [number, name] of [
      ['5511933330001', 'Livia Agenda'],
      ['5511933330002', 'Marcos Agenda'],
    ]) {
      await system.ctx.pool.query(
        `INSERT INTO sim_messages (whatsapp_id, number, direction, wa_message_id, name, body) VALUES ($1, $2, 'inbound', $3, $4, 'oi')`,
        [DEMO.whatsappId, number, `BOOK${number}`, name],
      );
    }
  }, 60_000);

  afterAll(async () => system?.close());

  const agendaNames = async (token: string) =>
    (await system.api('GET', '/contacts?searchParam=agenda', { token })).body.contacts.map(
      (c: { name: string }) => c.name,
    );

  it('creates the phone contacts, once, however often it is asked', async () => {
    const r = await system.api('POST', '/contacts/import', { token: admin.token, body: {} });
    expect(r.status).toBe(202);
    await eventually(async () => (await agendaNames(admin.token)).length === 2);
    await system.api('POST', '/contacts/import', {
      token: admin.token,
      body: { whatsappId: DEMO.whatsappId },
    });
    await new Promise((r) => setTimeout(r, 800));
    expect(await agendaNames(admin.token)).toEqual(['Livia Agenda', 'Marcos Agenda']);
  });

  it("cannot import through another company's connection, and imports nothing into it", async () => {
    const r = await system.api('POST', '/contacts/import', {
      token: other.token,
      body: { whatsappId: DEMO.whatsappId },
    });
    expect(r.status).toBe(404);
    expect(r.body.error).toBe('ERR_NO_WAPP_FOUND');
    const none = await system.api('POST', '/contacts/import', { token: other.token, body: {} });
    expect(none.body.error).toBe('ERR_NO_DEF_WAPP_FOUND');
    expect(await agendaNames(other.token)).toEqual([]);
  });

  it('refuses a bad id and a disconnected connection', async () => {
    const bad = await system.api('POST', '/contacts/import', {
      token: admin.token,
      body: { whatsappId: 'phone' },
    });
    expect(bad.body.error).toBe('ERR_VALIDATION');
    await system.simulator!.stop(DEMO.whatsappId);
    await eventually(async () => {
      const r = await system.api('GET', '/whatsapp', { token: admin.token });
      return r.body[0]?.status === 'DISCONNECTED';
    });
    const offline = await system.api('POST', '/contacts/import', { token: admin.token, body: {} });
    expect(offline.body.error).toBe('ERR_WAPP_NOT_INITIALIZED');
  });
});
