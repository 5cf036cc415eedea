import { channelEventsFor, companyResolver } from '@zelo/services/channels/channel-events';
import { SimulatorChannel } from '@zelo/services/channels/simulator';
import { contactListValidationSweep } from '@zelo/services/contact-lists/validation-reactor';
import { eventually } from '@zelo/services/testing/eventually';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validContactList } from '../testing/contact-lists.ts';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

// Several channel workers (issue 26): the validation reactor runs in one of them, which may hold none
// of the company's sessions, and then cannot ask WhatsApp. Every worker sweeps what is left unchecked
// through the sessions it holds. Here the system has no channel worker of its own (nothing asks), and
// the test plays two workers: one without the company's session, one with it.

let system: TestSystem;
let token: string;

beforeAll(async () => {
  system = await startTestSystem({ env: { ZELO_ROLES: 'api,projections' } });
  ({ token } = await system.login(DEMO.email, DEMO.password));
});
afterAll(async () => {
  await system?.close();
});

const workerSimulator = () =>
  new SimulatorChannel(system.ctx.pool, channelEventsFor(system.deps, companyResolver(system.ctx.pool)), {
    autoPair: true,
    deliveryDelayMs: 20,
  });

const checked = async (listId: string) =>
  (
    await system.ctx.pool.query(
      'SELECT count(*) FILTER (WHERE is_whatsapp_valid IS NOT NULL)::int AS n FROM contact_list_items WHERE contact_list_id = $1',
      [listId],
    )
  ).rows[0].n as number;

describe('contact list numbers with the session held by another channel worker', () => {
  it('are asked about by the worker holding the session, and only by it', async () => {
    const numbers = ['5511955550001', '5511955550002', '5511955550003'];
    const id = await validContactList(system, token, 'Sweep', numbers, 0);
    await eventually(
      async () =>
        (
          await system.ctx.pool.query(
            'SELECT count(*)::int AS n FROM contact_list_items WHERE contact_list_id = $1',
            [id],
          )
        ).rows[0].n === 3,
    );

    // A worker holding none of the demo company's sessions asks nothing.
    const elsewhere = contactListValidationSweep(system.deps, system.ctx.pool, () => workerSimulator(), 100);
    await new Promise((r) => setTimeout(r, 600));
    await elsewhere.stop();
    expect(await checked(id)).toBe(0);

    // The worker holding the demo connection's session asks, and every number is answered.
    const sim = workerSimulator();
    await sim.start(DEMO.whatsappId, DEMO.companyId);
    expect(sim.isConnected(DEMO.whatsappId)).toBe(true);
    const holder = contactListValidationSweep(system.deps, system.ctx.pool, () => sim, 100);
    try {
      await eventually(async () => (await checked(id)) === 3, 10_000, 'every number checked by the sweep');
    } finally {
      await holder.stop();
    }
    const valid = await system.ctx.pool.query(
      'SELECT number FROM contact_list_items WHERE contact_list_id = $1 AND is_whatsapp_valid ORDER BY number',
      [id],
    );
    expect(valid.rows.map((r) => r.number)).toEqual(numbers);
  });
});
