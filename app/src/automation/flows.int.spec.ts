import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { DefaultLogger, Runtime } from '@temporalio/worker';
import { defaultConnectionSettings } from '@zelo/contracts/connections/read-models';
import { runConnectionCommand } from '@zelo/services/connections/handlers';
import { eventually as pollUntil } from '@zelo/services/testing/eventually';
import { type FakeOpenAi, startFakeOpenAi } from '@zelo/services/testing/fake-openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

// The flow builder runtime end to end (BEHAVIOUR.md "Flow builder runtime", "AI prompts"): flows drawn
// through the API, a phrase campaign, the simulated customer's phone, every process role, and the real
// Temporal dev server running the ticket automation workflow.

/** The shared poll, with these tests' argument order (what, then a longer default wait). */
const eventually = <T>(fn: () => Promise<T | null | undefined | false>, what: string, ms = 20_000) =>
  pollUntil(fn, ms, what);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let seq = 0;
const newNumber = () =>
  `55318${String(Date.now() % 1_000_000).padStart(6, '0')}${String(++seq).padStart(2, '0')}`;
const env = {
  ZELO_ROLES: 'api,projections,channels,workflows',
  TEMPORAL_TASK_QUEUE: `zelo-flows-test-${randomUUID()}`,
};

type N = { id: string; type: string; data: Record<string, unknown> };
/** A graph as the editor posts it: the start node '1', then `nodes`, joined by [source, target, handle]. */
const drawing = (nodes: N[], edges: [string, string, string?][]) => ({
  nodes: [{ id: '1', type: 'start', data: { label: 'Inicio do fluxo' } }, ...nodes].map((n, i) => ({
    ...n,
    position: { x: 250 + i * 40, y: 100 },
  })),
  connections: edges.map(([source, target, sourceHandle], i) => ({
    id: `e${i}-${source}-${target}`,
    source,
    target,
    sourceHandle: sourceHandle ?? null,
    targetHandle: null,
  })),
});

let system: TestSystem;
let admin: { token: string };
let whatsappId: string;
let supportId: string;
let openai: FakeOpenAi;
/** The picture the flows send, uploaded as the editor does (POST /flowbuilder/img). */
let photoUrl: string;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);
const api = (method: string, path: string, body?: unknown) =>
  system.api(method, path, { token: admin.token, body });

beforeAll(async () => {
  Runtime.install({ logger: new DefaultLogger('WARN') });
  execFileSync(process.execPath, [fileURLToPath(new URL('../../../scripts/setup.mjs', import.meta.url))], {
    stdio: 'pipe',
  });
  openai = await startFakeOpenAi();
  process.env.OPENAI_BASE_URL = openai.baseURL;
  system = await startTestSystem({ env });
  admin = await system.login(DEMO.email, DEMO.password);
  const q = await api('POST', '/queue', { name: 'Suporte Fluxo', color: '#4C90F0', greetingMessage: '' });
  expect(q.status).toBe(201);
  supportId = q.body.id;
  // A connection whose queue chatbot would answer any message (greeting + queues): it must stay quiet.
  whatsappId = await connection('Fluxos', { queueIds: [supportId], greetingMessage: 'Menu do chatbot' });
  const form = new FormData();
  form.append('medias', new Blob([PNG], { type: 'image/png' }), 'foto.png');
  const uploaded = await fetch(`${system.url}/flowbuilder/img`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.token}` },
    body: form,
  });
  const file = await uploaded.json();
  expect(uploaded.status, JSON.stringify(file)).toBe(200);
  photoUrl = file.url;
}, 180_000);

afterAll(async () => {
  await system?.close();
  await openai?.close();
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
      fields: { ...defaultConnectionSettings, isDefault: false, provider: 'simulator', name, ...over },
    },
    { companyId: DEMO.companyId, actor: DEMO.adminId },
  );
  await eventually(async () => system.simulator?.isConnected(id), `${name} paired`);
  return id;
}

/** A flow saved through the API and started by `phrase` on the test connection. */
async function flow(name: string, phrase: string, graph: ReturnType<typeof drawing>) {
  const created = await api('POST', '/flowbuilder', { name });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const flowId = created.body.id as string;
  await save(flowId, graph);
  const campaign = await api('POST', '/flowcampaign', {
    name: `${name} campanha`,
    phrase,
    flowId,
    whatsappId,
  });
  expect(campaign.status, JSON.stringify(campaign.body)).toBe(201);
  return flowId;
}
async function save(flowId: string, graph: ReturnType<typeof drawing>) {
  const saved = await api('POST', '/flowbuilder/flow', { idFlow: flowId, ...graph });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

function phone(number: string, on = whatsappId) {
  const received = async () =>
    (await system.simulator!.phoneMessages(on, number))
      .filter((m) => m.direction === 'outbound')
      .map((m) => m.body as string);
  return {
    number,
    says: (body: string) => system.simulator!.customerSends(on, { number, name: 'Cliente' }, body),
    received,
    /** Waits until `n` messages reached the phone, then returns them all. */
    async gets(n: number) {
      return eventually(async () => {
        const r = await received();
        return r.length >= n && r;
      }, `${n} messages on ${number}`);
    },
  };
}

const ticketOf = async (number: string, on = whatsappId) =>
  (
    await system.ctx.pool.query(
      `SELECT t.id, t.status, t.queue_id AS "queueId", t.user_id AS "userId" FROM tickets t
         JOIN contacts c ON c.id = t.contact_id WHERE t.whatsapp_id = $1 AND c.number = $2
        ORDER BY t.created_at DESC LIMIT 1`,
      [on, number],
    )
  ).rows[0];

const sentMedia = async (number: string) =>
  (
    await system.ctx.pool.query(
      `SELECT m.media_type AS "mediaType", m.media_url AS "mediaUrl" FROM messages m
         JOIN contacts c ON c.id = m.contact_id
        WHERE m.whatsapp_id = $1 AND c.number = $2 AND m.from_me AND m.media_type <> 'chat' ORDER BY m.created_at`,
      [whatsappId, number],
    )
  ).rows;

const menu = 'Escolha:\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte';
const everyNode = () =>
  drawing(
    [
      { id: 'hello', type: 'message', data: { label: 'Olá! Bem-vindo.' } },
      { id: 'wait', type: 'interval', data: { label: 'Intervalo 1 seg.', sec: 1 } },
      { id: 'photo', type: 'img', data: { url: photoUrl } },
      {
        id: 'ask',
        type: 'question',
        data: { typebotIntegration: { message: 'Qual é o seu nome?', answerKey: 'nome' } },
      },
      {
        id: 'block',
        type: 'singleBlock',
        data: {
          seq: ['message0', 'interval1', 'message2'],
          elements: [
            { type: 'message', number: 'message0', value: 'Prazer, {{nome}}!' },
            { type: 'interval', number: 'interval1', value: 1 },
            { type: 'message', number: 'message2', value: 'Vamos lá.' },
          ],
        },
      },
      { id: 'split', type: 'randomizer', data: { percent: 100 } },
      { id: 'never', type: 'message', data: { label: 'nunca' } },
      { id: 'check', type: 'condition', data: { key: 'nome', condition: 'notEquals', value: '' } },
      {
        id: 'menu',
        type: 'menu',
        data: {
          message: 'Escolha:',
          arrayOption: [
            { number: 1, value: 'Vendas' },
            { number: 2, value: 'Suporte' },
          ],
        },
      },
      { id: 'sales', type: 'message', data: { label: 'Vendas, {{nome}}: até logo.' } },
      { id: 'toSupport', type: 'ticket', data: { queue: { id: supportId, name: 'Suporte Fluxo' } } },
    ],
    [
      ['1', 'hello'],
      ['hello', 'wait'],
      ['wait', 'photo'],
      ['photo', 'ask'],
      ['ask', 'block'],
      ['block', 'split'],
      ['split', 'check', 'a'],
      ['split', 'never', 'b'],
      ['check', 'menu', 'true'],
      ['check', 'never', 'false'],
      ['menu', 'sales', 'a1'],
      ['menu', 'toSupport', 'a2'],
    ],
  );

describe('a flow started by its phrase', () => {
  it('walks every node type along its edges, uses the answer as {{nome}}, repeats the menu, and moves the ticket to its queue', async () => {
    await flow('Todos os nós', 'quero o fluxo', everyNode());
    const customer = phone(newNumber());
    await customer.says('Quero o FLUXO');
    await eventually(async () => (await customer.received()).includes('Qual é o seu nome?'), 'the question');
    await customer.says('Ana');
    await eventually(async () => (await customer.received()).includes(menu), 'the menu');
    await customer.says('7');
    await eventually(
      async () => (await customer.received()).filter((b) => b === menu).length === 2,
      'the menu again',
    );
    await customer.says('2');
    const ticket = await eventually(async () => {
      const t = await ticketOf(customer.number);
      return t?.queueId === supportId && t;
    }, 'the ticket in Suporte Fluxo');
    expect(ticket).toMatchObject({ status: 'pending', userId: null });
    const texts = (await customer.received()).filter((b) => b);
    // The chatbot's menu never came: the flow held the ticket.
    expect(texts).toEqual(['Olá! Bem-vindo.', 'Qual é o seu nome?', 'Prazer, Ana!', 'Vamos lá.', menu, menu]);
    expect(await sentMedia(customer.number)).toEqual([{ mediaType: 'image', mediaUrl: photoUrl }]);
    // Once the flow handed over, the customer's messages wait for a human: nothing answers.
    await customer.says('alô?');
    await sleep(1_500);
    expect((await customer.received()).filter((b) => b)).toHaveLength(6);
  }, 60_000);

  it('two customers walk the same flow at once, each with their own answers', async () => {
    await flow('Dois clientes', 'dois', everyNode());
    const [a, b] = [phone(newNumber()), phone(newNumber())];
    await Promise.all([a.says('dois'), b.says('dois')]);
    for (const c of [a, b])
      await eventually(async () => (await c.received()).includes('Qual é o seu nome?'), 'the question');
    await Promise.all([a.says('Bia'), b.says('Caio')]);
    for (const c of [a, b]) await eventually(async () => (await c.received()).includes(menu), 'the menu');
    await Promise.all([a.says('1'), b.says('1')]);
    await eventually(async () => (await a.received()).includes('Vendas, Bia: até logo.'), 'A ends');
    await eventually(async () => (await b.received()).includes('Vendas, Caio: até logo.'), 'B ends');
    expect((await a.received()).join('|')).not.toContain('Caio');
    expect((await b.received()).join('|')).not.toContain('Bia');
  }, 60_000);

  it('a flow edited while a run waits: the run keeps the version it started with', async () => {
    const v1 = (label: string) =>
      drawing(
        [
          {
            id: 'q',
            type: 'question',
            data: { typebotIntegration: { message: 'Cidade?', answerKey: 'cidade' } },
          },
          { id: 'end', type: 'message', data: { label } },
        ],
        [
          ['1', 'q'],
          ['q', 'end'],
        ],
      );
    const flowId = await flow('Versões', 'versao', v1('Versão 1: {{cidade}}'));
    const early = phone(newNumber());
    await early.says('versao');
    await eventually(async () => (await early.received()).includes('Cidade?'), 'the question');
    await save(flowId, v1('Versão 2: {{cidade}}'));
    const late = phone(newNumber());
    await late.says('versao');
    await eventually(async () => (await late.received()).includes('Cidade?'), 'the question (late)');
    await early.says('Recife');
    await late.says('Natal');
    await eventually(async () => (await early.received()).includes('Versão 1: Recife'), 'version 1');
    await eventually(async () => (await late.received()).includes('Versão 2: Natal'), 'version 2');
  }, 60_000);

  it('an agent accepting the ticket ends the flow: the rest is never sent', async () => {
    await flow(
      'Aceito',
      'aceito',
      drawing(
        [
          {
            id: 'q',
            type: 'question',
            data: { typebotIntegration: { message: 'Pode esperar?', answerKey: 'x' } },
          },
          { id: 'end', type: 'message', data: { label: 'não deve chegar' } },
        ],
        [
          ['1', 'q'],
          ['q', 'end'],
        ],
      ),
    );
    const number = newNumber();
    const customer = phone(number);
    await customer.says('aceito');
    await eventually(async () => (await customer.received()).includes('Pode esperar?'), 'the question');
    const ticket = await ticketOf(number);
    const accepted = await api('PUT', `/tickets/${ticket.id}`, { status: 'open', userId: DEMO.adminId });
    expect(accepted.status).toBe(200);
    await customer.says('sim');
    await sleep(2_000);
    expect(await customer.received()).not.toContain('não deve chegar');
  }, 60_000);
});

describe('an OpenAI node', () => {
  const aiFlow = () =>
    drawing(
      [
        {
          id: 'ai',
          type: 'openai',
          data: {
            typebotIntegration: {
              name: 'Assistente',
              prompt: 'Você é o assistente da loja e responde sobre os produtos com educação.',
              apiKey: openai.apiKey,
              queueId: supportId,
              maxTokens: 100,
              maxMessages: 10,
            },
          },
        },
      ],
      [['1', 'ai']],
    );

  it('answers each message through the prompt; the transfer marker moves the ticket to the queue', async () => {
    await flow('IA', 'falar com ia', aiFlow());
    const number = newNumber();
    const customer = phone(number);
    await customer.says('falar com ia');
    openai.reset();
    openai.script(
      { text: 'Temos camisetas e bonés.' },
      { text: 'Ação: Transferir para o setor de atendimento. Um atendente já vai falar com você.' },
    );
    await customer.says('o que vocês vendem?');
    await eventually(
      async () => (await customer.received()).includes('Temos camisetas e bonés.'),
      'the answer',
    );
    await customer.says('quero um humano');
    await eventually(async () => (await ticketOf(number))?.queueId === supportId, 'the ticket moved');
    // The answer and the move are one append; the answer reaches the phone through the channel after.
    await eventually(
      async () => (await customer.received()).includes('Um atendente já vai falar com você.'),
      'the transfer message',
    );
    expect(openai.chats.at(-1)?.body.messages.at(-1)).toEqual({ role: 'user', content: 'quero um humano' });
  }, 60_000);

  it('OpenAI down: the ticket goes pending for a human and the customer message is kept', async () => {
    await flow('IA fora', 'ia fora', aiFlow());
    const number = newNumber();
    const customer = phone(number);
    await customer.says('ia fora');
    openai.fallback = { status: 500 };
    try {
      await customer.says('alguém aí?');
      await eventually(async () => {
        const { rows } = await system.ctx.pool.query(
          `SELECT count(*)::int AS n FROM messages m JOIN contacts c ON c.id = m.contact_id
              WHERE c.number = $1 AND NOT m.from_me AND m.body = 'alguém aí?'`,
          [number],
        );
        return rows[0].n === 1;
      }, 'the message stored');
      // The run ended as failed: the ticket stays pending, with no agent, and nothing more answers.
      await eventually(() => runEnded(number), 'the run ended as failed', 40_000);
      expect(await ticketOf(number)).toMatchObject({ status: 'pending', userId: null });
    } finally {
      openai.fallback = { text: 'ok' };
    }
  }, 60_000);
});

async function runEnded(number: string): Promise<boolean> {
  const ticket = await ticketOf(number);
  const { loadTicket } = await import('@zelo/services/tickets/handlers');
  const state = await loadTicket(system.deps, ticket.id);
  return state.kind === 'exists' && state.automation === null && state.automationRuns.length > 0;
}

describe("a connection's prompt", () => {
  it('answers every customer message while no agent has the ticket; the chatbot stays quiet', async () => {
    const prompt = await api('POST', '/prompt', {
      name: 'Atendente IA da conexão',
      prompt: 'Você é a atendente virtual da loja Zelo. Responda sobre produtos, preços e horários.',
      apiKey: openai.apiKey,
      queueId: supportId,
    });
    expect(prompt.status, JSON.stringify(prompt.body)).toBe(201);
    const withPrompt = await connection('Com IA', {
      queueIds: [supportId],
      greetingMessage: 'Menu do chatbot',
      promptId: prompt.body.id,
    });
    const customer = phone(newNumber(), withPrompt);
    openai.reset();
    openai.script({ text: 'Olá! Abrimos às 9h.' }, { text: 'Custa R$ 10.' });
    await customer.says('que horas abrem?');
    await eventually(
      async () => (await customer.received()).includes('Olá! Abrimos às 9h.'),
      'the first answer',
    );
    await customer.says('quanto custa?');
    await eventually(async () => (await customer.received()).includes('Custa R$ 10.'), 'the second answer');
    expect(await customer.received()).toEqual(['Olá! Abrimos às 9h.', 'Custa R$ 10.']);
    // The context: the earlier exchange, oldest first, then the new message.
    const last = openai.chats.at(-1)?.body.messages.slice(1);
    expect(last).toEqual([
      { role: 'user', content: 'que horas abrem?' },
      { role: 'assistant', content: 'Olá! Abrimos às 9h.' },
      { role: 'user', content: 'quanto custa?' },
    ]);
  }, 60_000);
});
