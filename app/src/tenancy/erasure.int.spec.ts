import { randomUUID } from 'node:crypto';
import { queuesProjection } from '@zelo/projections/queues/queues';
import { rebuildProjection } from '@zelo/projections/rebuild';
import { tenancyProjection } from '@zelo/projections/tenancy/companies';
import { eventually } from '@zelo/services/testing/eventually';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

// A deleted company's data is kept for the retention period, then erased by a Temporal workflow (a
// durable timer started because CompanyDeleted happened): its rows leave every read model. On the real
// Temporal dev server, with a retention of two seconds.
let system: TestSystem;

beforeAll(async () => {
  system = await startTestSystem({
    env: {
      ZELO_ROLES: 'api,projections,channels,workflows',
      TEMPORAL_TASK_QUEUE: `zelo-test-${randomUUID()}`,
      ZELO_COMPANY_RETENTION_DAYS: String(2 / 86_400),
    },
  });
}, 90_000);
afterAll(async () => system?.close());

const rowsOf = async (table: string, column: string, companyId: string) =>
  Number(
    (await system.ctx.pool.query(`SELECT count(*) AS n FROM ${table} WHERE ${column} = $1`, [companyId]))
      .rows[0].n,
  );

describe('Company erasure', () => {
  it('after the retention, the deleted company leaves every read model, and a rebuild agrees', async () => {
    const superUser = await system.login(DEMO.email, DEMO.password);
    const planId = (await system.api('GET', '/plans/list')).body[1].id;
    const created = await system.api('POST', '/companies', {
      token: superUser.token,
      body: { name: 'Loja Apagada', email: 'dono@apagada.dev', password: 'senha1', planId },
    });
    const companyId = created.body.id;
    const admin = await system.login('dono@apagada.dev', 'senha1');
    const queue = await system.api('POST', '/queue', {
      token: admin.token,
      body: { name: 'Fila da loja', color: '#123456' },
    });
    expect(queue.status).toBe(201);
    expect(await rowsOf('queues', 'company_id', companyId)).toBe(1);
    const contact = await system.api('POST', '/contacts', {
      token: admin.token,
      body: { name: 'Cliente da Loja Apagada', number: '5511955001122' },
    });
    expect(contact.status).toBe(201);

    const deleted = await system.api('DELETE', `/companies/${companyId}`, { token: superUser.token });
    expect(deleted.status).toBe(200);
    // Kept during the retention: only hidden from the lists.
    expect(await rowsOf('companies', 'id', companyId)).toBe(1);
    expect(await rowsOf('users', 'company_id', companyId)).toBe(1);

    await eventually(
      async () => (await rowsOf('companies', 'id', companyId)) === 0,
      20_000,
      'company erased',
    );
    expect(await rowsOf('users', 'company_id', companyId)).toBe(0);
    expect(await rowsOf('queues', 'company_id', companyId)).toBe(0);
    const stream = await system.deps.store.readStream(`company-${companyId}`);
    expect(stream.events.map((e) => e.type).slice(-2)).toEqual(['CompanyDeleted', 'CompanyErased']);
    // Its customers' data in events is unreadable too (LGPD, issue 25): every key of the company is gone.
    expect(await rowsOf('personal_data_keys', 'company_id', companyId)).toBeGreaterThan(0);
    const liveKeys = await system.ctx.pool.query(
      'SELECT 1 FROM personal_data_keys WHERE company_id = $1 AND key IS NOT NULL',
      [companyId],
    );
    expect(liveKeys.rowCount).toBe(0);
    const contactEvents = await system.deps.store.readStream(`contact-${contact.body.id}`);
    expect(contactEvents.events[0].data).toMatchObject({ name: 'Contato removido', number: '' });
    // The demo company is untouched.
    expect(await rowsOf('users', 'company_id', DEMO.companyId)).toBeGreaterThan(0);

    // Rebuilt from the first event, the read models drop the company at the same point of the history.
    for (const p of [queuesProjection, tenancyProjection])
      await rebuildProjection(system.ctx.pool, system.deps.store, p);
    expect(await rowsOf('queues', 'company_id', companyId)).toBe(0);
    expect(await rowsOf('companies', 'id', companyId)).toBe(0);
    expect(await rowsOf('queues', 'company_id', DEMO.companyId)).toBeGreaterThan(0);
  }, 60_000);
});
