import { channelEventsFor, companyResolver } from '@zelo/services/channels/channel-events';
import { eventually } from '@zelo/services/testing/eventually';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

// Text PostgreSQL cannot store (a NUL, a lone surrogate) used to answer 500 on about 16 routes and to
// leave a partial write. Every route of the API, as Fastify lists them, is called with it in its path,
// its query and its JSON body: each answers 400 ERR_VALIDATION and appends nothing. A route added
// later is covered too. Huge or odd page numbers are a 400 as well, never a 500.

const NUL = '\u0000';
/** Every field name a creating or changing call of the API takes as text, each holding a NUL. */
const nulBody = Object.fromEntries(
  [
    'name',
    'email',
    'body',
    'message',
    'note',
    'number',
    'title',
    'shortcode',
    'password',
    'value',
    'key',
  ].map((k) => [k, `a${NUL}b`]),
);

describe('unstorable text is refused on every route, and nothing is appended', () => {
  let system: TestSystem;
  let token: string;
  let ticketId: string;

  /** Events written for a request (background work, such as delivery acks, writes as a system actor). */
  const eventCount = async () =>
    Number(
      (
        await system.ctx.pool.query(
          `SELECT count(*) AS n FROM es_events WHERE metadata->>'actor' NOT LIKE 'system:%'`,
        )
      ).rows[0].n,
    );
  const raw = async (method: string, path: string, body?: string, contentType = 'application/json') => {
    const res = await fetch(`${system.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body !== undefined ? { 'content-type': contentType } : {}),
      },
      body,
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };

  beforeAll(async () => {
    system = await startTestSystem();
    token = (await system.login(DEMO.email, DEMO.password)).token;
    await system.simulator!.customerSends(DEMO.whatsappId, { number: '5511933330001', name: 'Nulo' }, 'oi');
    const ticket = await eventually(async () => {
      const list = await system.api('GET', '/tickets?showAll=true&searchParam=nulo', { token });
      return list.body.tickets?.[0];
    });
    ticketId = ticket.id;
    await system.api('PUT', `/tickets/${ticketId}`, { token, body: { status: 'open' } });
  }, 60_000);

  afterAll(async () => system?.close());

  it('in the path, the query and the JSON body of every route: 400 ERR_VALIDATION, no event', async () => {
    const routes = system.routes.filter(
      (r) =>
        r.method !== 'HEAD' && r.method !== 'OPTIONS' && !r.url.startsWith('/public') && r.url !== '/health',
    );
    expect(routes.length).toBeGreaterThan(50);
    const before = await eventCount();
    const wrong: string[] = [];
    for (const { method, url } of routes) {
      const path = url.replace(/:(\w+)/g, 'a%00b');
      const tries: [string, string, string | undefined][] = [
        ['query', `${url.replace(/:(\w+)/g, () => ticketId)}?searchParam=a%00b`, undefined],
      ];
      if (url.includes(':')) tries.push(['path', path, undefined]);
      if (method !== 'GET' && method !== 'DELETE') {
        tries.push(['body', url.replace(/:(\w+)/g, () => ticketId), JSON.stringify(nulBody)]);
        // A lone surrogate (jsonb refuses its escape) and a NUL in a key.
        tries.push(['surrogate', url.replace(/:(\w+)/g, () => ticketId), '{"name":"a\\ud800b","body":"x"}']);
        tries.push(['key', url.replace(/:(\w+)/g, () => ticketId), '{"na\\u0000me":"x"}']);
      }
      for (const [where, p, body] of tries) {
        const r = await raw(method, p, body);
        // GraphQL answers in its own format: the error's code is the catalogue's.
        const code = url === '/graphql' ? r.body?.errors?.[0]?.extensions?.code : r.body?.error;
        if (r.status !== (url === '/graphql' ? 200 : 400) || code !== 'ERR_VALIDATION')
          wrong.push(`${method} ${url} (${where}) → ${r.status} ${JSON.stringify(r.body)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await eventCount()).toBe(before);
  });

  it('a sign-up with a NUL in its name is refused, and its e-mail stays free', async () => {
    const before = await eventCount();
    const plans = await system.api('GET', '/plans/list');
    const signUp = (name: string) =>
      system.api('POST', '/companies/cadastro', {
        body: {
          name,
          email: 'nul@example.dev',
          phone: '11988880000',
          password: 'secret1',
          planId: plans.body[0].id,
        },
      });
    const refused = await signUp(`Empresa${NUL}`);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('ERR_VALIDATION');
    expect(await eventCount()).toBe(before);
    expect((await signUp('Empresa Certa')).status).toBe(201);
  });

  it('a NUL in a multipart field or file name is refused before any file is stored', async () => {
    const before = await eventCount();
    for (const [caption, filename] of [
      [`legenda${NUL}`, 'foto.png'],
      ['legenda', `fo${NUL}to.png`],
    ]) {
      const form = new FormData();
      form.append('body', caption);
      form.append(
        'medias',
        new Blob([Buffer.from('89504e470d0a1a0a', 'hex')], { type: 'image/png' }),
        filename,
      );
      const res = await fetch(`${system.url}/messages/${ticketId}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe('ERR_VALIDATION');
    }
    expect(await eventCount()).toBe(before);
  });

  it('a socket message carrying a NUL is refused with an error frame', async () => {
    const ws = new WebSocket(
      `${system.url.replace(/^http/, 'ws')}/socket?token=${encodeURIComponent(token)}`,
    );
    const frames: { event: string; data: { error?: string } }[] = [];
    ws.on('message', (m) => frames.push(JSON.parse(m.toString())));
    await eventually(async () => frames.some((f) => f.event === 'ready'), 5_000);
    ws.send(JSON.stringify({ type: 'join', room: `notification${NUL}` }));
    ws.send(JSON.stringify({ type: 'userStatus', extra: `x${NUL}` }));
    const errors = await eventually(async () => {
      const e = frames.filter((f) => f.event === 'error');
      return e.length === 2 ? e : null;
    }, 5_000);
    for (const e of errors) expect(e.data.error).toBe('ERR_VALIDATION');
    ws.close();
  });

  it("WhatsApp's text is cleaned and kept, never dropped", async () => {
    // What a channel (Baileys, the simulator) reports goes through channel-events.
    const events = channelEventsFor(system.ctx.deps, companyResolver(system.ctx.pool));
    await events.inbound({
      whatsappId: DEMO.whatsappId,
      waMessageId: `NUL${Date.now()}`,
      from: { number: '5511933330001', name: `No${NUL}me`, isGroup: false },
      body: `olá${NUL} mundo \ud800`,
      mediaType: 'chat',
      mediaUrl: null,
      timestamp: new Date(),
    });
    const found = await eventually(async () => {
      const r = await system.api('GET', `/messages/${ticketId}`, { token });
      return (r.body.messages as { body: string }[]).find((m) => m.body.startsWith('olá mundo'));
    });
    expect(found.body).toBe('olá mundo \ufffd');
  });

  it('pageNumber=1e308 and other odd page numbers are a 400 on every paged list, never a 500', async () => {
    const lists = [
      '/tickets',
      '/contacts/',
      '/users/',
      '/tags/',
      '/schedules/',
      '/quick-messages',
      `/messages/${ticketId}`,
    ];
    const wrong: string[] = [];
    for (const list of lists) {
      for (const page of [
        '1e308',
        '0x10',
        '1.5',
        '-1',
        '0',
        '99999999999999999999',
        'NaN',
        'Infinity',
        '',
        '%20',
      ]) {
        const r = await raw('GET', `${list}?pageNumber=${page}`);
        if (r.status !== 400 || r.body.error !== 'ERR_VALIDATION')
          wrong.push(`${list}?pageNumber=${page} → ${r.status}`);
      }
      const ok = await raw('GET', `${list}?pageNumber=100000`);
      if (ok.status !== 200) wrong.push(`${list}?pageNumber=100000 → ${ok.status}`);
    }
    expect(wrong).toEqual([]);
  });
});
