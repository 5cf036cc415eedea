import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { DefaultLogger, Runtime } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

// A restart of every process in the middle of a flow's question (issue 10's proof): the run waits in
// Temporal, the new processes pick it up, the customer's answer continues the flow where it was, and
// nothing is sent twice.

async function eventually<T>(fn: () => Promise<T | null | undefined | false>, what: string, ms = 30_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn().catch(() => null);
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const env = {
  ZELO_ROLES: 'api,projections,channels,workflows',
  TEMPORAL_TASK_QUEUE: `zelo-flow-restart-${randomUUID()}`,
};
let system: TestSystem;

beforeAll(() => {
  Runtime.install({ logger: new DefaultLogger('WARN') });
  execFileSync(process.execPath, [fileURLToPath(new URL('../../../scripts/setup.mjs', import.meta.url))], {
    stdio: 'pipe',
  });
}, 300_000);
afterAll(async () => {
  await system?.close();
});

describe('a restart in the middle of a question', () => {
  it('continues where the flow was, and sends nothing twice', async () => {
    system = await startTestSystem({ env });
    const admin = await system.login(DEMO.email, DEMO.password);
    const api = (method: string, path: string, body?: unknown) =>
      system.api(method, path, { token: admin.token, body });
    const created = await api('POST', '/flowbuilder', { name: 'Reinício' });
    expect(created.status).toBe(201);
    const flowId = created.body.id;
    const nodes = [
      { id: '1', type: 'start', data: {} },
      { id: 'hi', type: 'message', data: { label: 'Oi!' } },
      {
        id: 'q',
        type: 'question',
        data: { typebotIntegration: { message: 'Seu pedido?', answerKey: 'pedido' } },
      },
      { id: 'ok', type: 'message', data: { label: 'Pedido {{pedido}} anotado.' } },
    ].map((n, i) => ({ ...n, position: { x: i * 200, y: 100 } }));
    const connections = [
      ['1', 'hi'],
      ['hi', 'q'],
      ['q', 'ok'],
    ].map(([source, target]) => ({ id: `${source}-${target}`, source, target }));
    expect((await api('POST', '/flowbuilder/flow', { idFlow: flowId, nodes, connections })).status).toBe(200);
    const campaign = await api('POST', '/flowcampaign', {
      name: 'Reinício',
      phrase: 'pedido',
      flowId,
      whatsappId: DEMO.whatsappId,
    });
    expect(campaign.status, JSON.stringify(campaign.body)).toBe(201);

    const number = `55317${String(Date.now() % 1_000_000).padStart(6, '0')}01`;
    const received = async () =>
      (await system.simulator!.phoneMessages(DEMO.whatsappId, number))
        .filter((m) => m.direction === 'outbound')
        .map((m) => m.body as string);
    await system.simulator!.customerSends(DEMO.whatsappId, { number, name: 'Cliente' }, 'pedido');
    await eventually(async () => (await received()).includes('Seu pedido?'), 'the question');

    const databaseUrl = system.databaseUrl;
    await system.close({ keepDatabase: true });
    system = await startTestSystem({ env, databaseUrl });

    await system.simulator!.customerSends(DEMO.whatsappId, { number, name: 'Cliente' }, '42');
    await eventually(async () => (await received()).includes('Pedido 42 anotado.'), 'the flow going on');
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await received()).toEqual(['Oi!', 'Seu pedido?', 'Pedido 42 anotado.']);
  }, 180_000);
});
