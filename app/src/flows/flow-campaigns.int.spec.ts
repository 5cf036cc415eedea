import { matchPhraseCampaign } from '@zelo/projections/flows/queries';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newLoggedInUser } from '../testing/session-clients.ts';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

// Phrase campaigns over HTTP (doc 2 §2.14, §7 /flowcampaign): a phrase that starts a flow on a
// connection, and the runtime's match of an inbound message against them.

describe('flow campaigns', () => {
  let system: TestSystem;
  let admin: string;
  let agent: string;
  let b: string;
  let flowId: string;
  let otherFlowId: string;

  const call = (token: string, method: string, path: string, body?: unknown) =>
    system.api(method, path, { token, body });
  const match = (body: string, whatsappId = DEMO.whatsappId, companyId = DEMO.companyId) =>
    matchPhraseCampaign(system.ctx.pool, companyId, whatsappId, body);
  const newCampaign = async (fields: Record<string, unknown> = {}) => {
    const r = await call(admin, 'POST', '/flowcampaign', {
      name: 'Promoção',
      phrase: 'Quero a promoção',
      flowId,
      whatsappId: DEMO.whatsappId,
      ...fields,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body;
  };

  beforeAll(async () => {
    system = await startTestSystem();
    admin = (await system.login(DEMO.email, DEMO.password)).token;
    agent = (await newLoggedInUser(system, admin, { name: 'Agente Frases', email: 'agente@frases.dev' }))
      .token;
    b = (await system.signUpCompany('Frases B', 'admin@frases-b.dev', 'senhaB1')).token;
    flowId = (await call(admin, 'POST', '/flowbuilder', { name: 'Fluxo da promoção' })).body.id;
    otherFlowId = (await call(admin, 'POST', '/flowbuilder', { name: 'Outro fluxo' })).body.id;
  }, 60_000);
  afterAll(async () => system?.close());

  it('creates one active, lists, reads, edits, switches off and deletes it', async () => {
    const made = await newCampaign({ name: '  Promoção  ', phrase: '  Quero a promoção ' });
    expect(made).toMatchObject({
      name: 'Promoção',
      phrase: 'Quero a promoção',
      status: true,
      flowId,
      whatsappId: DEMO.whatsappId,
      flowName: 'Fluxo da promoção',
    });
    const list = await call(admin, 'GET', '/flowcampaign');
    expect(list.body).toEqual([made]);
    expect((await call(admin, 'GET', `/flowcampaign/${made.id}`)).body).toEqual(made);

    const edited = await call(admin, 'PUT', '/flowcampaign', {
      id: made.id,
      name: 'Promo de verão',
      phrase: 'verão',
      flowId: otherFlowId,
      whatsappId: DEMO.whatsappId,
      status: false,
    });
    expect(edited.body).toMatchObject({
      name: 'Promo de verão',
      phrase: 'verão',
      status: false,
      flowId: otherFlowId,
    });

    expect((await call(admin, 'DELETE', `/flowcampaign/${made.id}`)).status).toBe(200);
    expect((await call(admin, 'GET', `/flowcampaign/${made.id}`)).body.error).toBe(
      'ERR_NO_FLOW_CAMPAIGN_FOUND',
    );
    expect((await call(admin, 'GET', '/flowcampaign')).body).toEqual([]);
  });

  it('wants a name, a phrase, a flow and a connection, the flow and connection the company own', async () => {
    const good = { name: 'Ok', phrase: 'oi', flowId, whatsappId: DEMO.whatsappId };
    const bFlow = (await call(b, 'POST', '/flowbuilder', { name: 'Fluxo de B' })).body.id;
    const bad: [Record<string, unknown>, string][] = [
      [{ ...good, name: ' ' }, 'name'],
      [{ ...good, phrase: '' }, 'phrase'],
      [{ ...good, flowId: undefined }, 'flowId'],
      [{ ...good, whatsappId: '' }, 'whatsappId'],
      [{ ...good, flowId: bFlow }, 'flowId'],
      [{ ...good, whatsappId: DEMO.companyId }, 'whatsappId'],
    ];
    for (const [body, field] of bad) {
      const r = await call(admin, 'POST', '/flowcampaign', body);
      expect([r.status, r.body.error, r.body.message], JSON.stringify(body)).toEqual([
        400,
        'ERR_VALIDATION',
        expect.stringContaining(field),
      ]);
    }
    expect((await call(admin, 'GET', '/flowcampaign')).body).toEqual([]);
  });

  it('matches a whole message, trimmed and in any case, on its connection, while active', async () => {
    const made = await newCampaign({ phrase: 'Quero a Promoção' });
    expect(await match('  quero a promoção ')).toEqual({ campaignId: made.id, flowId });
    expect(await match('QUERO A PROMOÇÃO')).toEqual({ campaignId: made.id, flowId });
    expect(await match('quero a promoção agora')).toBeNull();
    expect(await match('quero a promoção', '00000000-0000-4000-8000-0000000000ff')).toBeNull();
    expect(
      await match('quero a promoção', DEMO.whatsappId, '00000000-0000-4000-8000-0000000000ff'),
    ).toBeNull();
    await call(admin, 'PUT', '/flowcampaign', { ...made, status: false });
    expect(await match('quero a promoção')).toBeNull();
    await call(admin, 'DELETE', `/flowcampaign/${made.id}`);
  });

  it('keeps a flow a campaign starts from being deleted, naming the campaign', async () => {
    const made = await newCampaign({ name: 'Campanha que usa' });
    const r = await call(admin, 'DELETE', `/flowbuilder/${flowId}`);
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({
      error: 'ERR_FLOW_IN_USE',
      message: expect.stringContaining('Campanha que usa'),
    });
    expect((await call(admin, 'GET', `/flowbuilder/flow/${flowId}`)).status).toBe(200);
    await call(admin, 'DELETE', `/flowcampaign/${made.id}`);
  });

  it('is for admins, and another company sees and changes nothing of them', async () => {
    const made = await newCampaign({ name: 'Segredo de A', phrase: 'frase-secreta-de-A' });
    const agentTries = [
      ['GET', '/flowcampaign', undefined],
      ['GET', `/flowcampaign/${made.id}`, undefined],
      ['POST', '/flowcampaign', { name: 'X', phrase: 'y', flowId, whatsappId: DEMO.whatsappId }],
      ['DELETE', `/flowcampaign/${made.id}`, undefined],
    ] as const;
    for (const [method, path, body] of agentTries) {
      expect((await call(agent, method, path, body)).status, `${method} ${path}`).toBe(403);
    }
    expect(JSON.stringify((await call(b, 'GET', '/flowcampaign')).body)).not.toContain('Segredo');
    const bTries = [
      ['GET', `/flowcampaign/${made.id}`, undefined],
      ['PUT', '/flowcampaign', { ...made, name: 'Tomada por B' }],
      ['DELETE', `/flowcampaign/${made.id}`, undefined],
    ] as const;
    for (const [method, path, body] of bTries) {
      const r = await call(b, method, path, body);
      expect([method, r.status, r.body.error]).toEqual([method, 404, 'ERR_NO_FLOW_CAMPAIGN_FOUND']);
    }
    expect((await call(admin, 'GET', `/flowcampaign/${made.id}`)).body).toEqual(made);
  });
});
