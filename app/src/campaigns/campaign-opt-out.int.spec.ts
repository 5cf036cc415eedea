import { eventually } from '@zelo/services/testing/eventually';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validContactList } from '../testing/contact-lists.ts';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';
import { withWorkflows } from '../testing/workflows.ts';

// LGPD (issue 25): a campaign's run skips the recipients who opted out, by a word they wrote or by an
// admin, and its report counts them as opted out ("descadastrado"), not as failed. The assembled
// product: every process role, the real Temporal dev server, the simulated phone network.

describe('a campaign and opted-out recipients', () => {
  let system: TestSystem;
  let admin: string;
  const stamp = String(Date.now() % 1_000_000).padStart(6, '0');
  const phoneNumbers = (prefix: string, n: number) =>
    Array.from({ length: n }, (_, i) => `55${prefix}${stamp}${String(i).padStart(2, '0')}`);

  const call = (method: string, path: string, body?: unknown) =>
    system.api(method, path, { token: admin, body });
  /** The campaign's messages a phone got (its texts carry the coupon). */
  const campaignMessages = async (number: string) =>
    (
      (await system.api('GET', `/simulator/connections/${DEMO.whatsappId}/phones/${number}/messages`))
        .body as { direction: string; body: string }[]
    ).filter((m) => m.direction === 'outbound' && m.body.includes('ZELO10'));
  const campaign = async (id: string) => (await call('GET', `/campaigns/${id}`)).body;
  const shipments = async (id: string) =>
    (await call('GET', `/campaigns/${id}/shipments?pageNumber=1`)).body.records as {
      number: string;
      status: string;
      messageId: string | null;
    }[];

  /** A contact list of simulator phones, once WhatsApp (the simulator) said each number is valid. */
  const listOf = (name: string, numbers: string[]) => validContactList(system, admin, name, numbers);

  async function schedule(name: string, contactListId: string) {
    const r = await call('POST', '/campaigns', {
      name,
      message1: 'Olá {nome}, use o cupom ZELO10!',
      message2: '',
      message3: '',
      message4: '',
      message5: '',
      whatsappId: DEMO.whatsappId,
      scheduledAt: new Date(Date.now() + 1_500).toISOString(),
      contactListId,
      tagListId: '',
      fileListId: '',
      status: 'PROGRAMADA',
      companyId: DEMO.companyId,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body.id as string;
  }

  /** The admin opts the number's contact out (created first, as the agents would have it). */
  async function optOutByAdmin(number: string) {
    const created = await call('POST', '/contacts', { name: 'Não quer campanhas', number });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const r = await call('POST', `/contacts/${created.body.id}/opt-out`);
    expect(r.body.optedOut).toBe(true);
  }

  /** The customer writes SAIR to the company's number, and is opted out. */
  async function optOutByWord(number: string) {
    const said = await system.api('POST', `/simulator/connections/${DEMO.whatsappId}/inbound`, {
      body: { from: number, name: 'Cliente', body: 'SAIR' },
    });
    expect(said.status).toBe(201);
    await eventually(
      async () =>
        (await call('GET', `/contacts?searchParam=${number}`)).body.contacts?.some(
          (c: { number: string; optedOut: boolean }) => c.number === number && c.optedOut,
        ),
      20_000,
      'opted out by the word',
    );
  }

  const statusIs = (id: string, status: string) =>
    eventually(
      async () => (await campaign(id)).status === status && campaign(id),
      60_000,
      `campaign ${status}`,
    );

  beforeAll(async () => {
    system = await startTestSystem({ env: withWorkflows() });
    admin = (await system.login(DEMO.email, DEMO.password)).token;
  }, 120_000);
  afterAll(async () => system?.close());

  it('sends to the 3 of 5 who did not opt out; the report shows 2 opted out and none failed', async () => {
    await call('POST', '/campaign-settings', { settings: { messageInterval: 0, longerIntervalAfter: 0 } });
    const numbers = phoneNumbers('61', 5);
    const listId = await listOf('Lista com descadastrados', numbers);
    await optOutByAdmin(numbers[1]);
    await optOutByWord(numbers[3]);

    const id = await schedule('Ofertas sem descadastrados', listId);
    await statusIs(id, 'FINALIZADA');
    const report = await eventually(
      async () => {
        const c = await campaign(id);
        return c.delivered === 3 && c;
      },
      20_000,
      'three deliveries',
    );
    expect(report).toMatchObject({
      validContacts: 5,
      sent: 3,
      delivered: 3,
      failed: 0,
      optedOut: 2,
      pending: 0,
    });
    expect((await shipments(id)).map((s) => [s.number, s.status, s.messageId === null])).toEqual([
      [numbers[0], 'delivered', false],
      [numbers[1], 'optedOut', true],
      [numbers[2], 'delivered', false],
      [numbers[3], 'optedOut', true],
      [numbers[4], 'delivered', false],
    ]);
    for (const [i, n] of numbers.entries()) {
      expect(await campaignMessages(n), n).toHaveLength(i === 1 || i === 3 ? 0 : 1);
    }
  }, 120_000);

  it('paced one by one, an opted-out recipient is skipped too, and opting back in sends again', async () => {
    await call('POST', '/campaign-settings', { settings: { messageInterval: 5, longerIntervalAfter: 0 } });
    const numbers = phoneNumbers('62', 3);
    const listId = await listOf('Lista pausada', numbers);
    await optOutByAdmin(numbers[0]);
    const id = await schedule('Pausada com descadastrado', listId);
    await statusIs(id, 'FINALIZADA');
    expect(await campaign(id)).toMatchObject({ sent: 2, failed: 0, optedOut: 1, pending: 0 });
    expect((await shipments(id)).map((s) => s.status)).toEqual([
      'optedOut',
      expect.stringMatching(/^(sent|delivered)$/),
      expect.stringMatching(/^(sent|delivered)$/),
    ]);
    expect(await campaignMessages(numbers[0])).toHaveLength(0);

    // Back in: the next campaign reaches them.
    const contact = (await call('GET', `/contacts?searchParam=${numbers[0]}`)).body.contacts[0];
    expect((await call('DELETE', `/contacts/${contact.id}/opt-out`)).body.optedOut).toBe(false);
    await call('POST', '/campaign-settings', { settings: { messageInterval: 0, longerIntervalAfter: 0 } });
    const again = await schedule('De novo', listId);
    await statusIs(again, 'FINALIZADA');
    expect(await campaign(again)).toMatchObject({ sent: 3, optedOut: 0 });
    await eventually(async () => (await campaignMessages(numbers[0])).length === 1, 20_000, 'the message');
  }, 120_000);
});
