import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { DefaultLogger, Runtime } from '@temporalio/worker';
import { defaultConnectionSettings } from '@zelo/contracts/connections/read-models';
import { runConnectionCommand } from '@zelo/services/connections/handlers';
import { localMediaStorage, mediaDirFromEnv } from '@zelo/services/media/storage';
import { systemClock } from '@zelo/services/platform/clock';
import { eventually as pollUntil } from '@zelo/services/testing/eventually';
import { type FakeDialogflow, startFakeDialogflow } from '@zelo/services/testing/fake-dialogflow';
import { type FakeOpenAi, startFakeOpenAi } from '@zelo/services/testing/fake-openai';
import { type FakeTypebot, startFakeTypebot } from '@zelo/services/testing/fake-typebot';
import { ticketStreamId } from '@zelo/services/tickets/handlers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

// Handovers to what answers for us (BEHAVIOUR.md "Queue integrations", "AI prompts", "Flow builder
// runtime"): a Typebot, a Dialogflow agent, a flowbuilder integration, a connection's welcome flow and a
// prompt hearing a voice note, each through the real API, the simulated customer's phone, every process
// role and the real Temporal dev server; the external services are local fakes of their published APIs.

/** The shared poll, with these tests' argument order (what, then a longer default wait). */
const eventually = <T>(fn: () => Promise<T | null | undefined | false>, what: string, ms = 20_000) =>
  pollUntil(fn, ms, what);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let seq = 0;
const newNumber = () =>
  `55319${String(Date.now() % 1_000_000).padStart(6, '0')}${String(++seq).padStart(2, '0')}`;
const env = {
  ZELO_ROLES: 'api,projections,channels,workflows',
  TEMPORAL_TASK_QUEUE: `zelo-handovers-test-${randomUUID()}`,
};

const keyPair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
const account = keyPair();
const stranger = keyPair();
const PROJECT = 'zelo-agent-123';
const clientEmail = `zelo-bot@${PROJECT}.iam.gserviceaccount.com`;
/** The key file the Google Cloud console downloads for a service account. */
const keyFile = (privateKey: string) =>
  JSON.stringify({
    type: 'service_account',
    project_id: PROJECT,
    private_key_id: 'a1b2c3',
    private_key: privateKey,
    client_email: clientEmail,
    client_id: '1234567890',
    auth_uri: 'https://accounts.google.com/o/oauth2/auth',
    token_uri: 'https://oauth2.googleapis.com/token',
  });

let system: TestSystem;
let admin: { token: string };
let openai: FakeOpenAi;
let typebot: FakeTypebot;
let google: FakeDialogflow;
const api = (method: string, path: string, body?: unknown) =>
  system.api(method, path, { token: admin.token, body });

beforeAll(async () => {
  Runtime.install({ logger: new DefaultLogger('WARN') });
  execFileSync(process.execPath, [fileURLToPath(new URL('../../../scripts/setup.mjs', import.meta.url))], {
    stdio: 'pipe',
  });
  [openai, typebot, google] = await Promise.all([
    startFakeOpenAi(),
    startFakeTypebot(),
    startFakeDialogflow({ projectId: PROJECT, clientEmail, publicKey: account.publicKey }),
  ]);
  process.env.OPENAI_BASE_URL = openai.baseURL;
  process.env.DIALOGFLOW_BASE_URL = google.url;
  process.env.DIALOGFLOW_TOKEN_URL = google.tokenUrl;
  system = await startTestSystem({ env });
  admin = await system.login(DEMO.email, DEMO.password);
}, 180_000);

afterAll(async () => {
  await system?.close();
  await Promise.all([openai?.close(), typebot?.close(), google?.close()]);
});

async function connection(name: string, over: Partial<typeof defaultConnectionSettings>) {
  const id = randomUUID();
  await runConnectionCommand(
    system.deps,
    {
      type: 'CreateConnection',
      companyId: DEMO.companyId,
      whatsappId: id,
      token: randomUUID(),
      fields: {
        ...defaultConnectionSettings,
        isDefault: false,
        provider: 'simulator',
        name,
        greetingMessage: '',
        ...over,
      },
    },
    { companyId: DEMO.companyId, actor: DEMO.adminId },
  );
  await eventually(async () => system.simulator?.isConnected(id), `${name} paired`);
  return id;
}

async function queue(name: string, links: { integrationId?: string; promptId?: string } = {}) {
  const q = await api('POST', '/queue', {
    name,
    color: `#${randomBytes(3).toString('hex')}`,
    greetingMessage: '',
    ...links,
  });
  expect(q.status, JSON.stringify(q.body)).toBe(201);
  return q.body.id as string;
}

const integrationDefaults = {
  projectName: '',
  jsonContent: '',
  language: '',
  urlN8N: '',
  typebotDelayMessage: 1000,
  typebotExpires: 0,
  typebotKeywordFinish: '',
  typebotKeywordRestart: '',
  typebotRestartMessage: '',
  typebotSlug: '',
  typebotUnknownMessage: '',
  flowId: null as string | null,
};
async function integration(fields: Partial<typeof integrationDefaults> & { type: string; name: string }) {
  const created = await api('POST', '/queueIntegration', { ...integrationDefaults, ...fields });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id as string;
}
const typebotIntegration = (name: string, bot: FakeTypebot) =>
  integration({
    type: 'typebot',
    name,
    urlN8N: bot.url,
    typebotSlug: bot.publicId,
    typebotDelayMessage: 800,
    typebotKeywordFinish: '#sair',
    typebotKeywordRestart: '#reiniciar',
    typebotRestartMessage: 'Vamos começar de novo.',
    typebotUnknownMessage: 'Só entendo texto.',
  });

type N = { id: string; type: string; data: Record<string, unknown> };
/** A flow saved through the API: the start node '1', then `nodes`, each joined to the next. */
async function savedFlow(name: string, nodes: N[]) {
  const created = await api('POST', '/flowbuilder', { name });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const all = [{ id: '1', type: 'start', data: { label: 'Inicio do fluxo' } }, ...nodes];
  const saved = await api('POST', '/flowbuilder/flow', {
    idFlow: created.body.id,
    nodes: all.map((n, i) => ({ ...n, position: { x: 250 + i * 40, y: 100 } })),
    connections: all.slice(1).map((n, i) => ({
      id: `e${i}`,
      source: all[i].id,
      target: n.id,
      sourceHandle: null,
      targetHandle: null,
    })),
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return created.body.id as string;
}

async function upload(route: 'img', name: string, type: string, bytes: Uint8Array<ArrayBuffer>) {
  const form = new FormData();
  form.append('medias', new Blob([bytes], { type }), name);
  const res = await fetch(`${system.url}/flowbuilder/${route}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.token}` },
    body: form,
  });
  const file = await res.json();
  expect(res.status, JSON.stringify(file)).toBe(200);
  return file.url as string;
}

function phone(on: string, number = newNumber()) {
  const outbound = async () =>
    (await system.simulator!.phoneMessages(on, number)).filter((m) => m.direction === 'outbound');
  const received = async () => (await outbound()).map((m) => m.body as string);
  return {
    number,
    outbound,
    received,
    says: (body: string, media?: { mediaType: 'image' | 'audio'; mediaUrl: string }) =>
      system.simulator!.customerSends(on, { number, name: 'Cliente' }, body, media),
    /** Waits until `text` reached the phone `times` times. */
    gets: (text: string, times = 1) =>
      eventually(
        async () => (await received()).filter((b) => b === text).length >= times,
        `"${text}" x${times} on ${number}`,
        30_000,
      ),
  };
}

const ticketOf = async (on: string, number: string) =>
  (
    await system.ctx.pool.query(
      `SELECT t.id, t.status, t.queue_id AS "queueId", t.user_id AS "userId" FROM tickets t
         JOIN contacts c ON c.id = t.contact_id WHERE t.whatsapp_id = $1 AND c.number = $2
        ORDER BY t.created_at DESC LIMIT 1`,
      [on, number],
    )
  ).rows[0];

/** The ticket's history: its automation events, in order. */
async function automationEvents(ticketId: string) {
  const { events } = await system.deps.store.readStream(ticketStreamId(ticketId));
  return events
    .filter((e) => e.type === 'TicketAutomationStarted' || e.type === 'TicketAutomationEnded')
    .map((e) => ({ type: e.type, ...(e.data as { kind?: string; reason?: string }) }));
}
const runEndedAs = async (on: string, number: string, reason: string) => {
  const t = await ticketOf(on, number);
  return (
    t && (await automationEvents(t.id)).some((e) => e.type === 'TicketAutomationEnded' && e.reason === reason)
  );
};

const GREETING = 'Olá, *Cliente*!\nBem-vindo ao _atendimento_.';
const ASK_NAME = 'Qual é o seu nome?';

describe('a queue whose integration is a Typebot', () => {
  let whatsappId: string;
  let typebotQueue: string;

  beforeAll(async () => {
    typebotQueue = await queue('Robô Typebot', {
      integrationId: await typebotIntegration('Typebot', typebot),
    });
    const human = await queue('Humanos');
    whatsappId = await connection('Typebot', {
      queueIds: [typebotQueue, human],
      greetingMessage: 'Escolha o setor',
    });
  }, 90_000);

  it("the customer who picks it in the chatbot menu talks to the bot, its messages the bot's delay apart; the finish keyword leaves the ticket pending for a human", async () => {
    const customer = phone(whatsappId);
    await customer.says('oi');
    await eventually(
      async () => (await customer.received()).some((b) => b.includes('Escolha o setor')),
      'menu',
    );
    await customer.says('1');
    await customer.gets(ASK_NAME);
    const greeted = await customer.outbound();
    const hello = greeted.findIndex((m) => m.body === GREETING);
    expect(hello, JSON.stringify(greeted.map((m) => m.body))).toBeGreaterThanOrEqual(0);
    const gap = +new Date(greeted[hello + 1].createdAt) - +new Date(greeted[hello].createdAt);
    expect(gap).toBeGreaterThanOrEqual(700);

    await customer.says('Ana');
    await customer.gets('Com qual setor deseja falar?');
    await customer.gets('*1* - Vendas\n*2* - Suporte');
    await customer.says('#sair');
    await eventually(() => runEndedAs(whatsappId, customer.number, 'finished'), 'the session ended');
    expect(await ticketOf(whatsappId, customer.number)).toMatchObject({
      status: 'pending',
      userId: null,
      queueId: typebotQueue,
    });
    // A human's turn now: nothing answers any more.
    const before = (await customer.received()).length;
    await customer.says('alô?');
    await sleep(1_500);
    expect(await customer.received()).toHaveLength(before);
  }, 90_000);

  it('the restart keyword sends the restart message and starts over; media gets the unknown-message answer', async () => {
    const single = await connection('Typebot direto', { queueIds: [typebotQueue] });
    const customer = phone(single);
    await customer.says('bom dia');
    await customer.gets(ASK_NAME);
    const photo = await upload(
      'img',
      'foto.png',
      'image/png',
      Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
        'base64',
      ),
    );
    await customer.says('', { mediaType: 'image', mediaUrl: photo });
    await customer.gets('Só entendo texto.');
    await customer.says('#reiniciar');
    await customer.gets('Vamos começar de novo.');
    await customer.gets(ASK_NAME, 2);
    const texts = (await customer.received()).filter((b) => b);
    expect(texts.slice(texts.indexOf('Vamos começar de novo.'))).toEqual([
      'Vamos começar de novo.',
      GREETING,
      ASK_NAME,
    ]);
    // Started over: the new session asks the name again, so the answer goes to it.
    await customer.says('Bruno');
    await customer.gets('Prazer, *Bruno*.');
  }, 90_000);
});

describe('Typebot down', () => {
  const broken: FakeTypebot[] = [];
  afterAll(() => Promise.all(broken.map((b) => b.close())));

  /** A Typebot answering 500, or never answering (each call ends at the client's 10 s timeout). */
  async function fallsBack(mode: 'error500' | 'hang') {
    const bot = await startFakeTypebot();
    broken.push(bot);
    bot.mode = mode;
    const down = await queue(`Typebot ${mode}`, {
      integrationId: await typebotIntegration(`Typebot ${mode}`, bot),
    });
    const on = await connection(`Typebot ${mode}`, { queueIds: [down] });
    const customer = phone(on);
    await customer.says('preciso de ajuda');
    await eventually(
      () => runEndedAs(on, customer.number, 'failed'),
      `the ${mode} run ended as failed`,
      80_000,
    );
    expect(bot.requests.length).toBeGreaterThan(0);
    expect(await ticketOf(on, customer.number)).toMatchObject({
      status: 'pending',
      userId: null,
      queueId: down,
    });
    const { rows } = await system.ctx.pool.query(
      `SELECT m.body FROM messages m JOIN contacts c ON c.id = m.contact_id
        WHERE m.whatsapp_id = $1 AND c.number = $2 AND NOT m.from_me`,
      [on, customer.number],
    );
    expect(rows.map((r) => r.body)).toEqual(['preciso de ajuda']);
    expect((await customer.received()).filter((b) => b)).toEqual([]);
  }

  it("answering 500 or hanging: the ticket falls back to pending for a human, the customer's message is kept, and the run ended as failed", async () => {
    await Promise.all([fallsBack('error500'), fallsBack('hang')]);
  }, 120_000);
});

describe('a Dialogflow agent', () => {
  const credentials = { projectName: PROJECT, language: 'pt-BR', jsonContent: keyFile(account.privateKey) };

  it("a connection's agent answers the customer with its fulfilment text", async () => {
    const agent = await integration({ type: 'dialogflow', name: 'Agente', ...credentials });
    const on = await connection('Dialogflow', { integrationId: agent });
    const customer = phone(on);
    await customer.says('Oi, bom dia');
    await customer.gets('Olá! Como posso ajudar?');
    await customer.says('qual o preço do frete?');
    await customer.gets('Desculpe, não entendi.');
    const detect = google.requests.filter((r) => r.path.endsWith(':detectIntent'));
    expect(JSON.parse(String(detect.at(-1)?.body))).toEqual({
      queryInput: { text: { text: 'qual o preço do frete?', languageCode: 'pt-BR' } },
    });
  }, 90_000);

  it('the test session answers ok for good credentials and an error for a wrong key', async () => {
    const good = await api('POST', '/queueIntegration/testSession', credentials);
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    expect(good.body).toMatchObject({ ok: true });
    const wrong = await api('POST', '/queueIntegration/testSession', {
      ...credentials,
      jsonContent: keyFile(stranger.privateKey),
    });
    expect(wrong.status, JSON.stringify(wrong.body)).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain('ERR_INTEGRATION_TEST_FAILED');
  }, 30_000);
});

describe('flows started by a queue or a connection', () => {
  it('a ticket of a queue whose integration is a flowbuilder runs the flow', async () => {
    const flowId = await savedFlow('Fluxo da fila', [
      { id: 'hello', type: 'message', data: { label: 'Olá, aqui é o fluxo da fila.' } },
      {
        id: 'ask',
        type: 'question',
        data: { typebotIntegration: { message: 'Qual o pedido?', answerKey: 'pedido' } },
      },
      { id: 'bye', type: 'message', data: { label: 'Pedido {{pedido}} anotado.' } },
    ]);
    const viaFlow = await queue('Fila com fluxo', {
      integrationId: await integration({ type: 'flowbuilder', name: 'Fluxo integração', flowId }),
    });
    const on = await connection('Fila fluxo', { queueIds: [viaFlow] });
    const customer = phone(on);
    await customer.says('boa tarde');
    await customer.gets('Qual o pedido?');
    await customer.says('1234');
    await customer.gets('Pedido 1234 anotado.');
    expect((await customer.received()).filter((b) => b)).toEqual([
      'Olá, aqui é o fluxo da fila.',
      'Qual o pedido?',
      'Pedido 1234 anotado.',
    ]);
  }, 90_000);

  it("a connection's welcome flow greets a contact's first ticket, not the second", async () => {
    const flowId = await savedFlow('Boas-vindas', [
      { id: 'hello', type: 'message', data: { label: 'Bem-vindo à Zelo!' } },
    ]);
    const on = await connection('Boas-vindas', { flowIdWelcome: flowId });
    const customer = phone(on);
    await customer.says('oi');
    await customer.gets('Bem-vindo à Zelo!');
    const first = await ticketOf(on, customer.number);
    const closed = await api('PUT', `/tickets/${first.id}`, { status: 'closed' });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    await customer.says('oi de novo');
    const second = await eventually(async () => {
      const t = await ticketOf(on, customer.number);
      return t && t.id !== first.id && t;
    }, 'a second ticket');
    await sleep(2_000);
    expect((await customer.received()).filter((b) => b === 'Bem-vindo à Zelo!')).toHaveLength(1);
    expect(await automationEvents(second.id)).toEqual([]);
  }, 90_000);
});

describe('a prompt hearing a voice note', () => {
  it('transcribes it and answers the transcription', async () => {
    const prompt = await api('POST', '/prompt', {
      name: 'Atendente de voz',
      prompt: 'Você é a atendente virtual da loja Zelo. Responda sobre produtos, preços e horários.',
      apiKey: openai.apiKey,
      queueId: await queue('Depois da IA'),
    });
    expect(prompt.status, JSON.stringify(prompt.body)).toBe(201);
    const on = await connection('Voz', { promptId: prompt.body.id });
    // The channel stores a voice note it receives in the media storage; the message carries its URL.
    const voiceBytes = Buffer.from('OggS a voice note');
    const { url: voice } = await localMediaStorage(mediaDirFromEnv(), systemClock).save(
      DEMO.companyId,
      'nota-de-voz.ogg',
      Readable.from([voiceBytes]),
    );
    openai.reset();
    openai.script({ text: 'Qual é o horário de vocês?' }, { text: 'Abrimos às 9h.' });
    const customer = phone(on);
    await customer.says('', { mediaType: 'audio', mediaUrl: voice });
    await customer.gets('Abrimos às 9h.');
    expect(openai.transcriptions).toHaveLength(1);
    expect(openai.transcriptions[0]).toMatchObject({ model: 'whisper-1', bytes: new Uint8Array(voiceBytes) });
    expect(openai.chats.at(-1)?.body.messages.at(-1)).toEqual({
      role: 'user',
      content: 'Qual é o horário de vocês?',
    });
  }, 90_000);
});
