import { randomUUID } from 'node:crypto';
import { defaultConnectionSettings } from '@zelo/contracts/connections/read-models';
import { PRIVACY_SETTING_DEFAULTS } from '@zelo/contracts/contacts/privacy';
import { runConnectionCommand } from '@zelo/services/connections/handlers';
import { eventually } from '@zelo/services/testing/eventually';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';
import { type Tenant, twoCompanies } from '../testing/two-companies.ts';

// LGPD opt-out (issue 25) on the assembled product: the customer's words through the simulated phone
// network, the admin's routes, and the privacy settings.

let system: TestSystem;
let a: Tenant;
let b: Tenant;
let plain: Tenant;
/** A simulator connection of A's without queues, greeting or bot: what a phone gets is ours to count. */
let whatsappId: string;

let seq = 0;
const newNumber = () =>
  `55419${String(Date.now() % 1_000_000).padStart(6, '0')}${String(++seq).padStart(2, '0')}`;

beforeAll(async () => {
  system = await startTestSystem();
  ({ a, b, plain } = await twoCompanies(system, 'optout'));
  whatsappId = randomUUID();
  await runConnectionCommand(
    system.deps,
    {
      type: 'CreateConnection',
      companyId: DEMO.companyId,
      whatsappId,
      token: randomUUID(),
      fields: { ...defaultConnectionSettings, isDefault: false, provider: 'simulator', name: 'Opt-out' },
    },
    { companyId: DEMO.companyId, actor: DEMO.adminId },
  );
  await eventually(async () => system.simulator?.isConnected(whatsappId), 20_000, 'connection paired');
}, 90_000);
afterAll(async () => system?.close());

const api = (t: Tenant, method: string, path: string, body?: unknown) =>
  system.api(method, path, { token: t.token, body });

const { optOutReply, optInReply } = PRIVACY_SETTING_DEFAULTS;

function phone(number: string) {
  return {
    number,
    says: (body: string) => system.simulator!.customerSends(whatsappId, { number, name: 'Cliente' }, body),
    /** What the phone got from the company, in order. */
    received: async () =>
      (await system.simulator!.phoneMessages(whatsappId, number))
        .filter((m) => m.direction === 'outbound')
        .map((m) => m.body as string),
  };
}

/** A's contact of this number as the API shows it, once it exists. */
const contactOf = (number: string) =>
  eventually(
    async () =>
      (await api(a, 'GET', `/contacts?searchParam=${number}`)).body.contacts?.find(
        (c: { number: string }) => c.number === number,
      ) as { id: string; optedOut: boolean } | undefined,
    15_000,
    `contact ${number}`,
  );
const isOptedOut = async (contactId: string) =>
  (await api(a, 'GET', `/contacts/${contactId}`)).body.optedOut as boolean;
const until = (what: string, check: () => Promise<boolean>) => eventually(check, 20_000, what);

describe('opt-out words', () => {
  it('"Sair!" opts the contact out with one confirmation; SAIR again says nothing; VOLTAR opts back in', async () => {
    const customer = phone(newNumber());
    await customer.says('Sair!');
    const contact = await contactOf(customer.number);
    await until('opted out', () => isOptedOut(contact.id));
    await until('the confirmation', async () => (await customer.received()).length === 1);
    expect(await customer.received()).toEqual([optOutReply]);

    await customer.says('SAIR');
    await customer.says('voltar.');
    await until('opted back in', async () => !(await isOptedOut(contact.id)));
    await until('the opt-in reply', async () => (await customer.received()).length >= 2);
    // The second SAIR came before VOLTAR: it was handled, and sent nothing.
    expect(await customer.received()).toEqual([optOutReply, optInReply]);
  });

  it('a word inside a longer message does nothing', async () => {
    const talker = phone(newNumber());
    const quitter = phone(newNumber());
    await talker.says('vou sair mais cedo hoje');
    await talker.says('SAIRAM');
    await quitter.says('stop');
    // The words are read in order: the quitter's opt-out means the talker's messages were read before.
    await until('the quitter opted out', async () => isOptedOut((await contactOf(quitter.number)).id));
    expect(await isOptedOut((await contactOf(talker.number)).id)).toBe(false);
    expect(await talker.received()).toEqual([]);
  });

  it("the company's own words and replies, once an admin set them", async () => {
    const put = (key: string, value: string) => api(a, 'PUT', `/settings/${key}`, { value });
    expect((await put('optOutWords', 'Basta, chega')).status).toBe(200);
    expect((await put('optOutReply', '  Ok, você saiu da lista.  ')).status).toBe(200);
    try {
      const customer = phone(newNumber());
      await customer.says('SAIR');
      await customer.says('Chega!');
      const contact = await contactOf(customer.number);
      await until('opted out', () => isOptedOut(contact.id));
      await until('the confirmation', async () => (await customer.received()).length === 1);
      expect(await customer.received()).toEqual(['Ok, você saiu da lista.']);
    } finally {
      await put('optOutWords', PRIVACY_SETTING_DEFAULTS.optOutWords);
      await put('optOutReply', optOutReply);
    }
  });
});

describe('POST and DELETE /contacts/:id/opt-out', () => {
  const newContact = async () => {
    const r = await api(a, 'POST', '/contacts', { name: 'Cliente Opt', number: newNumber() });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.optedOut).toBe(false);
    return r.body.id as string;
  };

  it('an admin opts a contact out and back in; each answer is what the next GET shows', async () => {
    const id = await newContact();
    const out = await api(a, 'POST', `/contacts/${id}/opt-out`);
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({ id, optedOut: true });
    expect(await isOptedOut(id)).toBe(true);
    // Twice is still opted out.
    expect((await api(a, 'POST', `/contacts/${id}/opt-out`)).body.optedOut).toBe(true);
    const back = await api(a, 'DELETE', `/contacts/${id}/opt-out`);
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ id, optedOut: false });
    expect(await isOptedOut(id)).toBe(false);
  });

  it('an agent may not (403), and the contact stays as it was', async () => {
    const id = await newContact();
    for (const method of ['POST', 'DELETE']) {
      const r = await api(plain, method, `/contacts/${id}/opt-out`);
      expect(r.status, method).toBe(403);
    }
    expect(await isOptedOut(id)).toBe(false);
  });

  it("another company's admin gets 404 ERR_NO_CONTACT_FOUND and changes nothing", async () => {
    const id = await newContact();
    await api(a, 'POST', `/contacts/${id}/opt-out`);
    for (const method of ['DELETE', 'POST']) {
      const r = await api(b, method, `/contacts/${id}/opt-out`);
      expect(r.status, method).toBe(404);
      expect(r.body.error).toBe('ERR_NO_CONTACT_FOUND');
    }
    expect(await isOptedOut(id)).toBe(true);
    const unknown = await api(a, 'POST', `/contacts/${randomUUID()}/opt-out`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('ERR_NO_CONTACT_FOUND');
  });
});

describe('privacy settings', () => {
  const setting = async (t: Tenant, key: string) =>
    (await api(t, 'GET', '/settings')).body.find((s: { key: string }) => s.key === key)?.value;

  it('a company that never set them reads the defaults', async () => {
    for (const [key, value] of Object.entries(PRIVACY_SETTING_DEFAULTS)) {
      expect(await setting(b, key), key).toBe(value);
      expect(await setting(plain, key), key).toBe(value);
    }
  });

  it('an admin changes them for their own company only', async () => {
    const r = await api(b, 'PUT', '/settings/messageRetentionDays', { value: '90' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ key: 'messageRetentionDays', value: '90' });
    expect(await setting(b, 'messageRetentionDays')).toBe('90');
    expect(await setting(a, 'messageRetentionDays')).toBe('0');
    expect((await api(b, 'PUT', '/settings/optInWords', { value: 'voltar, quero' })).status).toBe(200);
    expect(await setting(b, 'optInWords')).toBe('voltar, quero');
    expect((await api(b, 'PUT', '/settings/messageRetentionDays', { value: '0' })).status).toBe(200);
    expect(await setting(b, 'messageRetentionDays')).toBe('0');
  });

  it('refuses a bad value with ERR_VALIDATION and keeps the one before', async () => {
    const bad: [string, string][] = [
      ['optOutWords', ''],
      ['optOutWords', 'SAIR, X'],
      ['optInWords', Array.from({ length: 11 }, (_, i) => `W${i}`).join(',')],
      ['messageRetentionDays', '10'],
      ['messageRetentionDays', '3651'],
      ['messageRetentionDays', 'trinta'],
      ['optOutReply', '   '],
      ['optInReply', 'x'.repeat(201)],
    ];
    for (const [key, value] of bad) {
      const r = await api(a, 'PUT', `/settings/${key}`, { value });
      expect(r.status, `${key}=${value}`).toBe(400);
      expect(r.body.error, `${key}=${value}`).toBe('ERR_VALIDATION');
      expect(await setting(a, key), key).toBe(
        PRIVACY_SETTING_DEFAULTS[key as keyof typeof PRIVACY_SETTING_DEFAULTS],
      );
    }
  });

  it('an agent reads them but may not change them (403)', async () => {
    const r = await api(plain, 'PUT', '/settings/optOutWords', { value: 'SAIR' });
    expect(r.status).toBe(403);
    expect(await setting(a, 'optOutWords')).toBe(PRIVACY_SETTING_DEFAULTS.optOutWords);
  });
});
