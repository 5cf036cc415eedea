import { generateKeyPairSync } from 'node:crypto';
import { eventually } from '@zelo/services/testing/eventually';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newLoggedInUser, readySocket } from '../testing/session-clients.ts';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

// Queue integrations over HTTP (doc 2 §2.13, §3, §5, §7): the page's and the dialog's calls, the pickers'
// list, the plan's flag, the credentials kept out of every answer, the live frames.

const SERVICE_ACCOUNT = JSON.stringify({
  type: 'service_account',
  project_id: 'my-agent',
  private_key: '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----\n',
  client_email: 'bot@my-agent.iam.gserviceaccount.com',
});

describe('queue integrations', () => {
  let system: TestSystem;
  let admin: string;
  let agent: string;
  let b: string;
  let basic: string;

  const call = (token: string, method: string, path: string, body?: unknown) =>
    system.api(method, path, { token, body });
  const integrationEvents = async () =>
    Number(
      (
        await system.ctx.pool.query(
          `SELECT count(*)::int AS n FROM es_events WHERE type LIKE 'QueueIntegration%'`,
        )
      ).rows[0].n,
    );
  const webhook = (name = 'CRM', url = 'https://crm.example/hook') => ({
    type: 'webhook',
    name,
    urlN8N: url,
  });

  beforeAll(async () => {
    system = await startTestSystem();
    admin = (await system.login(DEMO.email, DEMO.password)).token;
    agent = (await newLoggedInUser(system, admin, { name: 'Agente Integra', email: 'agente@qi.dev' })).token;
    b = (await system.signUpCompany('Integrações B', 'admin@qi-b.dev', 'senhaB1', 1)).token;
    basic = (await system.signUpCompany('Básica C', 'admin@qi-c.dev', 'senhaC1', 0)).token;
  }, 60_000);
  afterAll(async () => {
    await system?.close();
  });

  it('creates each type, lists them by name page by page, edits and deletes one', async () => {
    const created = await call(admin, 'POST', '/queueIntegration', {
      ...webhook('  Zapier CRM '),
      projectName: 'ignored for a webhook',
      typebotDelayMessage: '',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      type: 'webhook',
      name: 'Zapier CRM',
      projectName: 'Zapier CRM',
      urlN8N: 'https://crm.example/hook',
      typebotDelayMessage: 1000,
      typebotExpires: 1,
      jsonContent: '',
      flowId: null,
      deliveries: [],
    });
    // The signing secret: 32 random bytes, shown to the admin who configures the receiver.
    expect(created.body.webhookSecret).toMatch(/^[0-9a-f]{64}$/);

    const n8n = await call(admin, 'POST', '/queueIntegration', {
      type: 'n8n',
      name: 'Fluxo n8n',
      urlN8N: 'http://127.0.0.1:5678/webhook/abc',
    });
    expect(n8n.status).toBe(201);
    expect(n8n.body.projectName).toBe('Fluxo n8n');
    const typebot = await call(admin, 'POST', '/queueIntegration', {
      type: 'typebot',
      name: 'Bot de vendas',
      urlN8N: 'https://typebot.example',
      typebotSlug: 'vendas',
      typebotExpires: 10,
      typebotKeywordFinish: '#sair',
      typebotUnknownMessage: 'Não entendi',
    });
    expect(typebot.status).toBe(201);
    expect(typebot.body).toMatchObject({
      typebotSlug: 'vendas',
      typebotExpires: 10,
      typebotDelayMessage: 1000,
    });
    const agentDf = await call(admin, 'POST', '/queueIntegration', {
      type: 'dialogflow',
      name: 'Agente DF',
      projectName: 'my-agent',
      language: 'pt-BR',
      jsonContent: SERVICE_ACCOUNT,
    });
    expect(agentDf.status).toBe(201);
    expect(agentDf.body).toMatchObject({
      projectName: 'my-agent',
      language: 'pt-BR',
      jsonContent: '********',
    });

    const page = await call(agent, 'GET', '/queueIntegration/?searchParam=&pageNumber=1');
    expect(page.status).toBe(200);
    expect(page.body.queueIntegrations.map((i: { name: string }) => i.name)).toEqual([
      'Agente DF',
      'Bot de vendas',
      'Fluxo n8n',
      'Zapier CRM',
    ]);
    expect(page.body).toMatchObject({ count: 4, hasMore: false });
    // The pickers of the queue and connection dialogs call it without the slash (doc 1 §7).
    const picker = await call(agent, 'GET', '/queueIntegration');
    expect(picker.body.count).toBe(4);
    const found = await call(admin, 'GET', '/queueIntegration/?searchParam=VENDAS');
    expect(found.body.queueIntegrations.map((i: { id: string }) => i.id)).toEqual([typebot.body.id]);

    const edited = await call(admin, 'PUT', `/queueIntegration/${created.body.id}`, {
      ...webhook('Zapier CRM v2', 'https://crm.example/v2'),
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Zapier CRM v2', urlN8N: 'https://crm.example/v2' });
    expect(edited.body.webhookSecret).toBe(created.body.webhookSecret);
    expect((await call(agent, 'GET', `/queueIntegration/${created.body.id}`)).body.name).toBe(
      'Zapier CRM v2',
    );

    const removed = await call(admin, 'DELETE', `/queueIntegration/${n8n.body.id}`);
    expect(removed.status).toBe(200);
    const gone = await call(admin, 'GET', `/queueIntegration/${n8n.body.id}`);
    expect([gone.status, gone.body.error]).toEqual([404, 'ERR_NO_QUEUE_INTEGRATION_FOUND']);
    const again = await call(admin, 'DELETE', `/queueIntegration/${n8n.body.id}`);
    expect([again.status, again.body.error]).toEqual([404, 'ERR_NO_QUEUE_INTEGRATION_FOUND']);
  });

  it('pages 20 at a time with hasMore', async () => {
    for (let i = 0; i < 21; i++)
      expect(
        (await call(b, 'POST', '/queueIntegration', webhook(`Hook ${String(i).padStart(2, '0')}`))).status,
      ).toBe(201);
    const first = await call(b, 'GET', '/queueIntegration/?pageNumber=1');
    expect(first.body).toMatchObject({ count: 21, hasMore: true });
    expect(first.body.queueIntegrations).toHaveLength(20);
    const second = await call(b, 'GET', '/queueIntegration/?pageNumber=2');
    expect(second.body).toMatchObject({ count: 21, hasMore: false });
    expect(second.body.queueIntegrations.map((i: { name: string }) => i.name)).toEqual(['Hook 20']);
  });

  it('validates each type and writes nothing on a refusal', async () => {
    const before = await integrationEvents();
    const refused: [unknown, RegExp][] = [
      [{ type: 'webhook', name: 'A', urlN8N: 'https://x.example' }, /name: too short/],
      [{ type: 'webhook', name: 'x'.repeat(51), urlN8N: 'https://x.example' }, /name: too long/],
      [{ type: 'webhook', name: 'Sem URL' }, /urlN8N: required for webhook/],
      [{ type: 'n8n', name: 'FTP', urlN8N: 'ftp://files.example/x' }, /urlN8N: must be an http\(s\) URL/],
      [{ type: 'webhook', name: 'Lixo', urlN8N: 'not a url' }, /urlN8N: must be an http\(s\) URL/],
      [{ type: 'typebot', name: 'Sem slug', urlN8N: 'https://typebot.example' }, /typebotSlug: required/],
      [{ type: 'typebot', name: 'Sem URL', typebotSlug: 'x' }, /urlN8N: required for typebot/],
      [
        { type: 'dialogflow', name: 'Sem projeto', language: 'pt-BR', jsonContent: SERVICE_ACCOUNT },
        /projectName/,
      ],
      [
        { type: 'dialogflow', name: 'Sem chave', projectName: 'p', language: 'pt-BR' },
        /jsonContent: required/,
      ],
      [
        { type: 'dialogflow', name: 'Chave ruim', projectName: 'p', language: 'pt', jsonContent: '{oops' },
        /jsonContent: must be the service account JSON/,
      ],
      [{ type: 'flowbuilder', name: 'Sem fluxo' }, /flowId: required/],
      [{ type: 'flowbuilder', name: 'Fluxo', flowId: 'not-a-uuid' }, /flowId/],
      [{ type: 'zapier', name: 'Tipo errado' }, /type/],
      [{ ...webhook(), typebotDelayMessage: -1 }, /typebotDelayMessage/],
      [{ ...webhook(), typebotExpires: 'soon' }, /typebotExpires/],
    ];
    for (const [body, message] of refused) {
      const r = await call(admin, 'POST', '/queueIntegration', body);
      expect([r.status, r.body.error], JSON.stringify(body)).toEqual([400, 'ERR_VALIDATION']);
      expect(r.body.message, JSON.stringify(body)).toMatch(message);
    }
    expect(await integrationEvents()).toBe(before);
  });

  it("bounds a typebot's expiry and delay: 400 ERR_VALIDATION naming the bound, nothing written", async () => {
    const bot = {
      type: 'typebot',
      name: 'Bot limitado',
      urlN8N: 'https://typebot.example',
      typebotSlug: 'limitado',
    };
    const made = await call(admin, 'POST', '/queueIntegration', bot);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const before = await integrationEvents();
    const refused: [Record<string, unknown>, RegExp][] = [
      [{ typebotExpires: -1 }, /typebotExpires: must be at least 0/],
      [{ typebotExpires: '-1' }, /typebotExpires: must be at least 0/],
      [{ typebotExpires: 10_081 }, /typebotExpires: must be at most 10080/],
      [{ typebotDelayMessage: 999_999_999_999 }, /typebotDelayMessage: must be at most 60000/],
      [{ typebotDelayMessage: '999999999999' }, /typebotDelayMessage: must be at most 60000/],
      [{ typebotDelayMessage: 1.5 }, /typebotDelayMessage: must be a whole number/],
    ];
    for (const [over, message] of refused) {
      for (const [method, path] of [
        ['POST', '/queueIntegration'],
        ['PUT', `/queueIntegration/${made.body.id}`],
      ]) {
        const r = await call(admin, method, path, { ...bot, ...over });
        expect([r.status, r.body.error], `${method} ${JSON.stringify(over)}`).toEqual([
          400,
          'ERR_VALIDATION',
        ]);
        expect(r.body.message, JSON.stringify(over)).toMatch(message);
      }
    }
    expect(await integrationEvents()).toBe(before);
    expect((await call(admin, 'GET', `/queueIntegration/${made.body.id}`)).body).toMatchObject({
      typebotExpires: 1,
      typebotDelayMessage: 1000,
    });
    const edge = await call(admin, 'PUT', `/queueIntegration/${made.body.id}`, {
      ...bot,
      typebotExpires: '10080',
      typebotDelayMessage: 60_000,
    });
    expect(edge.body).toMatchObject({ typebotExpires: 10_080, typebotDelayMessage: 60_000 });
  });

  it('keeps the service-account JSON sealed: never answered, kept on an edit that sends the mask', async () => {
    const created = await call(admin, 'POST', '/queueIntegration', {
      type: 'dialogflow',
      name: 'Segredo DF',
      projectName: 'secret-agent',
      language: 'pt-BR',
      jsonContent: SERVICE_ACCOUNT,
    });
    const id = created.body.id;
    const answers = [
      created,
      await call(admin, 'GET', `/queueIntegration/${id}`),
      await call(admin, 'GET', '/queueIntegration/?searchParam=segredo'),
      await call(admin, 'PUT', `/queueIntegration/${id}`, {
        type: 'dialogflow',
        name: 'Segredo DF',
        projectName: 'secret-agent',
        language: 'en',
        jsonContent: '********',
      }),
    ];
    for (const a of answers) {
      expect(JSON.stringify(a.body)).not.toContain('PRIVATE KEY');
      expect(JSON.stringify(a.body)).not.toContain('gserviceaccount');
    }
    expect(answers[3].body).toMatchObject({ language: 'en', jsonContent: '********' });
    // Nor is it stored in clear: neither in the events nor in the read model.
    const { rows } = await system.ctx.pool.query(
      `SELECT data::text AS d FROM es_events WHERE type LIKE 'QueueIntegration%' AND data::text LIKE '%secret-agent%'`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.d).not.toMatch(/PRIVATE KEY|gserviceaccount/);
    const model = await system.ctx.pool.query('SELECT * FROM queue_integrations WHERE id = $1', [id]);
    expect(JSON.stringify(model.rows[0])).not.toMatch(/PRIVATE KEY|gserviceaccount/);
    // An agent never sees the webhook signing secret.
    expect((await call(agent, 'GET', `/queueIntegration/${id}`)).body.webhookSecret).toBeNull();
  });

  it('tests a Dialogflow session: a refusal is 400 ERR_INTEGRATION_TEST_FAILED with the reason', async () => {
    // Google's token endpoint is not reachable from here: a closed local port stands for it.
    process.env.DIALOGFLOW_TOKEN_URL = 'http://127.0.0.1:9/token';
    try {
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const key = JSON.stringify({
        type: 'service_account',
        project_id: 'agente',
        client_email: 'bot@agente.iam.gserviceaccount.com',
        private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }),
      });
      const refused = await call(admin, 'POST', '/queueIntegration/testSession', {
        projectName: 'agente',
        jsonContent: key,
        language: 'pt-BR',
      });
      expect([refused.status, refused.body.error]).toEqual([400, 'ERR_INTEGRATION_TEST_FAILED']);
      const garbage = await call(admin, 'POST', '/queueIntegration/testSession', {
        projectName: 'agente',
        jsonContent: 'not json',
        language: 'pt-BR',
      });
      expect([garbage.status, garbage.body.error]).toEqual([400, 'ERR_VALIDATION']);
      const missing = await call(admin, 'POST', '/queueIntegration/testSession', { projectName: 'agente' });
      expect([missing.status, missing.body.error]).toEqual([400, 'ERR_VALIDATION']);
    } finally {
      delete process.env.DIALOGFLOW_TOKEN_URL;
    }
  });

  it('writes are for admins; the plan must include integrations', async () => {
    const mine = (await call(admin, 'POST', '/queueIntegration', webhook('Do admin'))).body;
    const before = await integrationEvents();
    for (const [method, path, body] of [
      ['POST', '/queueIntegration', webhook('Do agente')],
      ['PUT', `/queueIntegration/${mine.id}`, webhook('Mudada')],
      ['DELETE', `/queueIntegration/${mine.id}`, undefined],
      ['POST', '/queueIntegration/testSession', { projectName: 'p', jsonContent: '{}', language: 'pt' }],
    ] as const) {
      const r = await call(agent, method, path, body);
      expect([r.status, r.body.error], `${method} ${path}`).toEqual([403, 'ERR_NO_PERMISSION']);
    }
    for (const [method, path, body] of [
      ['GET', '/queueIntegration/', undefined],
      ['GET', `/queueIntegration/${mine.id}`, undefined],
      ['POST', '/queueIntegration', webhook('Sem plano')],
      ['PUT', `/queueIntegration/${mine.id}`, webhook('Sem plano')],
      ['DELETE', `/queueIntegration/${mine.id}`, undefined],
    ] as const) {
      const r = await call(basic, method, path, body);
      expect([r.status, r.body.error], `${method} ${path}`).toEqual([403, 'ERR_PLAN_FEATURE_DISABLED']);
      expect(r.body.message).toMatch(/useIntegrations/);
    }
    expect(await integrationEvents()).toBe(before);
  });

  it("another company neither reads nor changes A's integrations", async () => {
    const mine = (await call(admin, 'POST', '/queueIntegration', webhook('Só de A'))).body;
    const before = await integrationEvents();
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', webhook('Invadida por B')],
      ['DELETE', undefined],
    ] as const) {
      const r = await call(b, method, `/queueIntegration/${mine.id}`, body);
      expect([r.status, r.body.error], method).toEqual([404, 'ERR_NO_QUEUE_INTEGRATION_FOUND']);
    }
    const list = await call(b, 'GET', '/queueIntegration/?searchParam=Só de A');
    expect(list.body).toMatchObject({ queueIntegrations: [], count: 0 });
    const test = await call(b, 'POST', '/queueIntegration/testSession', {
      projectName: 'p',
      jsonContent: '********',
      language: 'pt',
      integrationId: (
        await call(admin, 'POST', '/queueIntegration', {
          type: 'dialogflow',
          name: 'DF de A',
          projectName: 'a',
          language: 'pt',
          jsonContent: SERVICE_ACCOUNT,
        })
      ).body.id,
    });
    expect([test.status, test.body.error]).toEqual([404, 'ERR_NO_QUEUE_INTEGRATION_FOUND']);
    expect((await call(admin, 'GET', `/queueIntegration/${mine.id}`)).body.name).toBe('Só de A');
    expect(await integrationEvents()).toBe(before + 1);
  });

  it('pushes company-{id}-queueIntegration create, update and delete to the company only', async () => {
    const mine = await readySocket(system, agent);
    const theirs = await readySocket(system, b);
    try {
      const event = `company-${DEMO.companyId}-queueIntegration`;
      const frameFor = (action: string, id: string) =>
        eventually(
          async () =>
            mine.frames.some((f: any) => f.event === event && f.data.action === action && f.data.id === id),
          10_000,
          `${action} frame`,
        );
      const created = (await call(admin, 'POST', '/queueIntegration', webhook('Ao vivo'))).body;
      await frameFor('create', created.id);
      await call(admin, 'PUT', `/queueIntegration/${created.id}`, webhook('Ao vivo 2'));
      await frameFor('update', created.id);
      await call(admin, 'DELETE', `/queueIntegration/${created.id}`);
      await frameFor('delete', created.id);
      expect(theirs.frames.filter((f) => f.event.endsWith('-queueIntegration'))).toEqual([]);
    } finally {
      mine.ws.close();
      theirs.ws.close();
    }
  });
});
