import { issueInvoice } from '@zelo/services/billing/handlers';
import { eventually } from '@zelo/services/testing/eventually';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

// Every route of the API, as Fastify itself lists them, called by company B's admin with company A's
// ids and with bodies that would succeed on A's own data: B is never shown anything of A's, never
// changes anything of A's, and never gets a 5xx. A route added later is swept too; one this file
// does not know how to call fails the inventory test until it is described here.

/** Routes that answer without a company session, or that have a tenant test of their own. */
const UNSWEPT: Record<string, string> = {
  'GET /health': 'public',
  'POST /auth/login': 'public',
  'POST /auth/refresh_token': 'cookie-bound to the caller',
  'DELETE /auth/logout': 'acts on the caller only',
  'GET /auth/me': 'acts on the caller only',
  'POST /client-errors': 'a log line about the caller only: api/client-errors.int.spec.ts',
  'POST /companies/cadastro': 'public sign-up',
  'GET /plans/list': 'public',
  'POST /api/messages/send': 'connection-token auth: external-api.int.spec.ts',
  'POST /graphql': 'audit/graphql.int.spec.ts',
  'GET /graphql': 'audit/graphql.int.spec.ts',
  'POST /users/set-language/:lang': 'acts on the caller only',
  'POST /forgetpassword/:email': 'public, by e-mail: auth/password-reset.int.spec.ts',
  'POST /resetpasswords/:email/:token/:newPassword':
    'public, by e-mailed code: auth/password-reset.int.spec.ts',
  'POST /webhooks/efi/pix': "no session, the provider's secret: billing/billing.int.spec.ts",
};
/** Days (yyyy-MM-dd) for the reports' period: the last 366 at most. */
const today = new Date().toISOString().slice(0, 10);
const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
/** The simulator is a development tool without sessions (ZELO_SIMULATOR); the media files are served by unguessable name. */
const unsweptPrefix = (url: string) => url.startsWith('/simulator') || url.startsWith('/public');

describe('every route, crossed by another company', () => {
  let system: TestSystem;
  let a: { token: string };
  let b: { token: string; companyId: string };
  const ids: Record<string, string> = {};
  /** The platform's helps and announcements (a super user's): B may read them, never change them. */
  const platform: Record<string, string> = {};
  /** Strings only company A's data contains: none may appear in an answer to B. */
  const secrets: string[] = [];

  const api = (method: string, path: string, token: string, body?: unknown) =>
    system.api(method, path, { token, body });
  /** A media-upload takes a form with one PNG in `file` (a file list option's: `files`, with its `id`). */
  const upload = async (
    path: string,
    token: string,
    name = 'imagem-de-B.png',
    fields: Record<string, string> = {},
    fileField = 'file',
  ) => {
    const form = new FormData();
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append(fileField, new Blob([png], { type: 'image/png' }), name);
    const res = await fetch(`${system.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  const created = async (method: string, path: string, body: unknown) => {
    const r = await api(method, path, a.token, body);
    expect(r.status, `${method} ${path} ${JSON.stringify(r.body)}`).toBeLessThan(300);
    return r.body;
  };

  beforeAll(async () => {
    system = await startTestSystem();
    a = await system.login(DEMO.email, DEMO.password);
    // On a plan with every module (kanban…), so that B's calls reach past the plan checks to A's ids.
    b = await system.signUpCompany('Empresa B', 'admin@empresa-b.dev', 'secret1', 1);

    // A's world: a customer's conversation, and one of everything an admin can make.
    await system.simulator!.customerSends(
      DEMO.whatsappId,
      { number: '5511912340001', name: 'Segredo Cliente A' },
      'mensagem-secreta-de-A',
    );
    const ticket = await eventually(async () => {
      const list = await api('GET', '/tickets?showAll=true&searchParam=segredo', a.token);
      return list.body.tickets?.[0];
    });
    ids.ticket = ticket.id;
    ids.contact = ticket.contact.id;
    await created('PUT', `/tickets/${ids.ticket}`, { status: 'open' });
    ids.message = (await created('POST', `/messages/${ids.ticket}`, { body: 'resposta-secreta-de-A' })).id;
    ids.queue = (await created('POST', '/queue', { name: 'Fila Secreta A', color: '#0F9960' })).id;
    ids.queueOption = (
      await created('POST', '/queue-options', { queueId: ids.queue, title: 'Opção Secreta A' })
    ).id;
    ids.tag = (await created('POST', '/tags', { name: 'Tag Secreta A', color: '#D9822B' })).id;
    ids.quickMessage = (
      await created('POST', '/quick-messages', { shortcode: 'segredoa', message: 'atalho-secreto-de-A' })
    ).id;
    ids.note = (
      await created('POST', '/ticket-notes', {
        note: 'nota-secreta-de-A',
        ticketId: ids.ticket,
        contactId: ids.contact,
      })
    ).id;
    // An export of A's contact (its workflow does not run here: it stays pending, which B must not see).
    ids.contactExport = (await created('POST', `/contacts/${ids.contact}/exports`, undefined)).id;
    ids.schedule = (
      await created('POST', '/schedules', {
        body: 'agendamento-secreto-de-A',
        contactId: ids.contact,
        sendAt: '2031-01-01T12:00:00.000Z',
      })
    ).id;
    const scheduleImage = await upload(
      `/schedules/${ids.schedule}/media-upload`,
      a.token,
      'imagem-secreta-de-A.png',
    );
    expect(scheduleImage.status, JSON.stringify(scheduleImage.body)).toBe(200);
    secrets.push(scheduleImage.body.mediaPath);
    ids.user = (
      await created('POST', '/users', {
        name: 'Usuária Secreta A',
        email: 'segredo@a.dev',
        password: 'secret1',
      })
    ).id;
    ids.chat = (await created('POST', '/chats', { title: 'Chat Secreto A', users: [ids.user] })).id;
    await created('POST', `/chats/${ids.chat}/messages`, { message: 'conversa-secreta-de-A' });
    const fileList = await created('POST', '/files', {
      name: 'Lista Secreta A',
      message: 'arquivos-secretos-de-A',
      options: [{ name: 'Opção de Arquivo Secreta A' }],
    });
    ids.fileList = fileList.id;
    ids.fileListOption = fileList.options[0].id;
    ids.contactList = (await created('POST', '/contact-lists', { name: 'Contatos Secretos A' })).id;
    ids.flow = (await created('POST', '/flowbuilder', { name: 'Fluxo Secreto A' })).id;
    await created('POST', '/flowbuilder/flow', {
      idFlow: ids.flow,
      nodes: [
        { id: '1', type: 'start', position: { x: 250, y: 100 }, data: { label: 'Inicio do fluxo' } },
        { id: 'm', type: 'message', position: { x: 500, y: 100 }, data: { label: 'fluxo-secreto-de-A' } },
      ],
      connections: [{ id: 'e', source: '1', target: 'm' }],
    });
    ids.flowCampaign = (
      await created('POST', '/flowcampaign', {
        name: 'Frase Secreta A',
        phrase: 'frase-secreta-de-A',
        flowId: ids.flow,
        whatsappId: DEMO.whatsappId,
      })
    ).id;
    ids.prompt = (
      await created('POST', '/prompt', {
        name: 'Prompt Secreto A',
        prompt: 'prompt-secreto-de-A: você é a atendente da empresa A e conhece os segredos dela.',
        apiKey: 'sk-chave-secreta-de-A-0000000000',
        queueId: ids.queue,
      })
    ).id;
    ids.queueIntegration = (
      await created('POST', '/queueIntegration', {
        type: 'webhook',
        name: 'Integração Secreta A',
        urlN8N: 'https://integracao-secreta-de-a.example/hook',
      })
    ).id;
    ids.slaPolicy = (
      await created('POST', '/sla-policies', {
        name: 'Política SLA Secreta A',
        queueId: ids.queue,
        whatsappId: DEMO.whatsappId,
        firstResponseMinutes: 15,
        nextResponseMinutes: null,
        resolutionMinutes: 240,
        clock: 'queueHours',
      })
    ).id;
    ids.contactListItem = (
      await created('POST', '/contact-list-items', {
        contactListId: ids.contactList,
        name: 'Item Secreto A',
        number: '5511912340077',
        email: 'item-secreto@a.dev',
      })
    ).id;
    // WhatsApp's answer about the item lands a moment later: before the snapshot, not during the sweep.
    await eventually(
      async () =>
        (await api('GET', `/contact-list-items/${ids.contactListItem}`, a.token)).body.isWhatsappValid !==
        null,
    );
    ids.campaign = (
      await created('POST', '/campaigns', {
        name: 'Campanha Secreta A',
        message1: 'campanha-secreta-de-A',
        whatsappId: DEMO.whatsappId,
        tagListId: ids.tag,
        scheduledAt: '2031-01-01T12:00:00.000Z',
      })
    ).id;
    await created('POST', '/campaign-settings', {
      settings: { variables: [{ key: 'segredo', value: 'variavel-secreta-de-A' }] },
    });
    platform.help = (
      await created('POST', '/helps', { title: 'Ajuda da plataforma', video: 'dQw4w9WgXcQ' })
    ).id;
    platform.announcement = (
      await created('POST', '/announcements', { title: 'Aviso da plataforma', text: 'para todos' })
    ).id;
    // A plan made by the super user (A's admin): the platform's, B reads it and never changes it.
    platform.plan = (
      await created('POST', '/plans', {
        name: 'Plano da plataforma',
        users: 5,
        connections: 5,
        queues: 5,
        value: 10,
      })
    ).id;
    // An invoice of A's (as the renewal issues it) with its Pix charge.
    ids.invoice = (
      await issueInvoice(
        system.deps,
        {
          companyId: DEMO.companyId,
          dueDate: '2031-01-01T12:00:00.000Z',
          detail: 'Fatura Secreta A',
          value: 123.45,
        },
        { companyId: DEMO.companyId, actor: 'system:renewal' },
      )
    ).invoiceId;
    await created('POST', '/subscription', { invoiceId: ids.invoice, city: 'Cidade Secreta A' });
    await eventually(async () => (await api('GET', '/invoices/all', a.token)).body.length > 0);
    ids.whatsapp = DEMO.whatsappId;
    ids.company = DEMO.companyId;
    secrets.push(
      ...Object.values(ids),
      'Segredo Cliente A',
      '5511912340001',
      'mensagem-secreta-de-A',
      'resposta-secreta-de-A',
      'Fila Secreta A',
      'Opção Secreta A',
      'Tag Secreta A',
      'atalho-secreto-de-A',
      'nota-secreta-de-A',
      'agendamento-secreto-de-A',
      'imagem-secreta-de-A',
      'segredo@a.dev',
      'Chat Secreto A',
      'conversa-secreta-de-A',
      'Lista Secreta A',
      'arquivos-secretos-de-A',
      'Opção de Arquivo Secreta A',
      'Contatos Secretos A',
      'Fluxo Secreto A',
      'fluxo-secreto-de-A',
      'Frase Secreta A',
      'frase-secreta-de-A',
      'Prompt Secreto A',
      'prompt-secreto-de-A',
      'chave-secreta-de-A',
      'Integração Secreta A',
      'Política SLA Secreta A',
      'integracao-secreta-de-a',
      'Item Secreto A',
      '5511912340077',
      'item-secreto@a.dev',
      'Campanha Secreta A',
      'campanha-secreta-de-A',
      'variavel-secreta-de-A',
      'Fatura Secreta A',
      'Cidade Secreta A',
      'WhatsApp Demo',
    );
  }, 60_000);

  afterAll(async () => system?.close());

  /** A's id for a route's `:id`, by the collection the route serves. */
  const idFor = (url: string): string => {
    const byPrefix: [string, string][] = [
      ['/ticket-notes/', ids.note],
      ['/tickets/', ids.ticket],
      ['/messages/', ids.message],
      ['/contacts/', ids.contact],
      ['/queue-options/', ids.queueOption],
      ['/queue/', ids.queue],
      ['/quick-messages/', ids.quickMessage],
      ['/schedules/', ids.schedule],
      ['/tags/', ids.tag],
      ['/users/', ids.user],
      ['/whatsappsession/', ids.whatsapp],
      ['/whatsapp/', ids.whatsapp],
      ['/companies/', ids.company],
      ['/chats/', ids.chat],
      ['/files/', ids.fileList],
      ['/flowbuilder/', ids.flow],
      ['/flowcampaign/', ids.flowCampaign],
      ['/prompt/', ids.prompt],
      ['/queueIntegration/', ids.queueIntegration],
      ['/campaigns/', ids.campaign],
      ['/contact-lists/', ids.contactList],
      ['/contact-list-items/', ids.contactListItem],
      ['/plans/', platform.plan],
      ['/helps/', platform.help],
      ['/announcements/', platform.announcement],
      ['/invoices/', ids.invoice],
    ];
    const hit = byPrefix.find(([prefix]) => url.startsWith(prefix));
    if (!hit) throw new Error(`no id of A's for ${url}`);
    return hit[1];
  };

  /** The path B calls: A's ids in the params, and in the query where a route takes ids there. */
  const pathFor = (method: string, url: string): string => {
    const path = url
      .replace(':ticketId', ids.ticket)
      .replace(':tagId', ids.tag)
      .replace(':policyId', ids.slaPolicy)
      .replace(':exportId', ids.contactExport)
      .replace(':key', 'userRating')
      .replace(':companyId', ids.company)
      .replace(':id', () => idFor(url));
    const query: Record<string, string> = {
      'GET /tickets': `?showAll=true&queueIds=${JSON.stringify([ids.queue])}&users=${JSON.stringify([ids.user])}&tags=${JSON.stringify([ids.tag])}`,
      'GET /contacts': '?searchParam=segredo',
      'GET /ticket-notes/list': `?ticketId=${ids.ticket}&contactId=${ids.contact}`,
      'GET /queue-options': `?queueId=${ids.queue}`,
      'GET /schedules': `?contactId=${ids.contact}`,
      'GET /queue': `?companyId=${ids.company}`,
      'GET /whatsapp': `?companyId=${ids.company}&session=0`,
      'GET /contacts/list': `?companyId=${ids.company}`,
      'GET /quick-messages/list': `?companyId=${ids.company}&userId=${ids.user}`,
      'GET /users/list': `?companyId=${ids.company}`,
      'GET /dashboard/ticketsUsers': `?initialDate=2020-01-01&finalDate=2040-01-01&companyId=${ids.company}`,
      'GET /dashboard/ticketsDay': `?initialDate=2020-01-01&finalDate=2040-01-01&companyId=${ids.company}`,
      'GET /dashboard': '?days=90',
      // A year up to today: per tag (A's tags are secrets), and filtered by A's queue (404).
      'GET /reports': `?from=${yearAgo}&to=${today}&groupBy=tag`,
      'GET /reports/export': `?from=${yearAgo}&to=${today}&groupBy=agent&queueId=${ids.queue}`,
      'GET /ticket/kanban': `?showAll=true&queueIds=${JSON.stringify([ids.queue])}`,
      'GET /contact-lists/list': `?companyId=${ids.company}`,
      'GET /contact-list-items': `?contactListId=${ids.contactList}&searchParam=secreto`,
    };
    return path + (query[`${method} ${url}`] ?? '');
  };

  /** A body that would succeed if the ids were B's own. */
  const bodyFor = (method: string, url: string): unknown => {
    const bodies: Record<string, unknown> = {
      'PUT /tickets/:id': { status: 'closed' },
      'POST /tickets': {
        contactId: ids.contact,
        queueId: ids.queue,
        whatsappId: ids.whatsapp,
        status: 'open',
      },
      'POST /messages/:ticketId': { body: 'invasão de B' },
      'PUT /contacts/:id': { name: 'Invadido por B', number: '5511900000001' },
      // A's contact's number, right: still 404 for B, and nothing erased.
      'POST /contacts/:id/erasure': { confirmation: '5511912340001' },
      'POST /contacts': { name: 'Contato de B', number: '5511912340001' },
      'POST /ticket-notes': { note: 'nota de B', ticketId: ids.ticket, contactId: ids.contact },
      'PUT /ticket/kanban/:ticketId': { tagId: ids.tag },
      'POST /tags/sync': { ticketId: ids.ticket, tags: [{ id: ids.tag, name: 'Tag Secreta A' }] },
      'PUT /tags/:id': { name: 'Invadida por B', color: '#000000' },
      'PUT /queue/:id': { name: 'Invadida por B', color: '#000000' },
      'POST /queue-options': { queueId: ids.queue, title: 'Opção de B' },
      'PUT /queue-options/:id': { queueId: ids.queue, title: 'Invadida por B' },
      'PUT /quick-messages/:id': { shortcode: 'invadido', message: 'invadido por B' },
      'PUT /schedules/:id': {
        body: 'invadido por B',
        contactId: ids.contact,
        sendAt: '2031-01-02T12:00:00.000Z',
      },
      'POST /schedules': {
        body: 'agendamento de B',
        contactId: ids.contact,
        sendAt: '2031-01-02T12:00:00.000Z',
      },
      'PUT /users/:id': { name: 'Invadida por B', email: 'invadida@b.dev', queueIds: [ids.queue] },
      'POST /users': {
        name: 'Usuária de B',
        email: 'nova@b.dev',
        password: 'secret1',
        queueIds: [ids.queue],
      },
      'PUT /whatsapp/:id': { name: 'Invadida por B', queueIds: [ids.queue] },
      'POST /whatsapp': { name: 'Conexão de B', queueIds: [ids.queue], transferQueueId: ids.queue },
      'PUT /companies/:id/schedules': { schedules: [] },
      'PUT /settings/:key': { key: 'userRating', value: 'enabled' },
      'POST /chats': { title: 'Chat de B', users: [ids.user] },
      'PUT /chats/:id': { title: 'Invadido por B', users: [ids.user] },
      'POST /chats/:id/messages': { message: 'invasão de B' },
      'POST /contacts/upload': [{ name: 'Linha de B', number: '5511912340001' }],
      'POST /files': { name: 'Lista de B', message: 'de B', options: [{ name: 'Opção de B' }] },
      'PUT /files/:id': { name: 'Invadida por B', message: 'por B', options: [{ name: 'Nova de B' }] },
      'POST /campaigns': {
        name: 'Campanha de B',
        message1: 'de B',
        whatsappId: ids.whatsapp,
        tagListId: ids.tag,
        scheduledAt: '2031-01-02T12:00:00.000Z',
      },
      'PUT /campaigns/:id': { name: 'Invadida por B', message1: 'por B' },
      'POST /campaign-settings': { settings: { messageInterval: 5 } },
      'POST /contact-lists': { name: 'Lista de B' },
      'PUT /contact-lists/:id': { name: 'Invadida por B' },
      'POST /contact-list-items': {
        contactListId: ids.contactList,
        name: 'Intrusa B',
        number: '5511912340078',
      },
      'PUT /contact-list-items/:id': { name: 'Invadido por B', number: '5511912340079' },
      'POST /subscription': { invoiceId: ids.invoice },
      'PUT /flowbuilder': { name: 'Invadido por B', flowId: ids.flow },
      'POST /flowbuilder/duplicate': { flowId: ids.flow },
      'POST /flowbuilder/flow': {
        idFlow: ids.flow,
        nodes: [{ id: '1', type: 'start', position: { x: 0, y: 0 }, data: {} }],
        connections: [],
      },
      'POST /flowcampaign': { name: 'Frase de B', phrase: 'b', flowId: ids.flow, whatsappId: ids.whatsapp },
      'PUT /flowcampaign': {
        id: ids.flowCampaign,
        name: 'Invadida por B',
        phrase: 'b',
        flowId: ids.flow,
        whatsappId: ids.whatsapp,
        status: false,
      },
      'POST /prompt': {
        name: 'Prompt de B',
        prompt: 'Você é a atendente da empresa B. Responda com educação e em poucas palavras.',
        apiKey: 'sk-chave-de-B-000000000000',
        queueId: ids.queue,
      },
      'POST /queueIntegration': {
        type: 'webhook',
        name: 'Integração de B',
        urlN8N: 'https://b.example/hook',
      },
      'PUT /queueIntegration/:id': {
        type: 'webhook',
        name: 'Invadida por B',
        urlN8N: 'https://b.example/hook',
      },
      'POST /queueIntegration/testSession': {
        projectName: 'b',
        jsonContent: '********',
        language: 'pt',
        integrationId: ids.queueIntegration,
      },
      // A's queue and connection in B's policy: 404, nothing written.
      'POST /sla-policies': {
        name: 'SLA de B',
        queueId: ids.queue,
        whatsappId: ids.whatsapp,
        firstResponseMinutes: 10,
        nextResponseMinutes: null,
        resolutionMinutes: null,
        clock: 'calendar',
      },
      'PUT /sla-policies/:policyId': {
        name: 'Invadida por B',
        queueId: ids.queue,
        firstResponseMinutes: 1,
        nextResponseMinutes: null,
        resolutionMinutes: null,
        clock: 'calendar',
      },
      'PUT /prompt/:id': {
        name: 'Invadido por B',
        prompt: 'Você é a atendente da empresa B. Responda com educação e em poucas palavras.',
        queueId: ids.queue,
      },
    };
    return bodies[`${method} ${url}`] ?? (method === 'GET' || method === 'DELETE' ? undefined : {});
  };

  const swept = () =>
    system.routes.filter(
      (r) =>
        !UNSWEPT[`${r.method} ${r.url}`] &&
        !unsweptPrefix(r.url) &&
        r.method !== 'HEAD' &&
        r.method !== 'OPTIONS',
    );

  it('knows how to cross every route (the inventory is complete)', () => {
    const unknown = swept()
      .filter((r) => r.url.includes(':'))
      .filter((r) => {
        try {
          pathFor(r.method, r.url);
          return false;
        } catch {
          return true;
        }
      });
    expect(unknown.map((r) => `${r.method} ${r.url}`)).toEqual([]);
    expect(swept().length).toBeGreaterThan(60);
  });

  it("shows B nothing of A's, changes nothing of A's, and never fails with a 5xx", async () => {
    // Let A's own deliveries and bot replies settle, so that anything after the mark is B's doing.
    await new Promise((r) => setTimeout(r, 1500));
    const mark = (await system.ctx.pool.query('SELECT max(global_position)::text AS p FROM es_events'))
      .rows[0].p;
    const before = await snapshotOfA();

    const leaks: string[] = [];
    const idsOfA = new Set(Object.values(ids));
    for (const r of swept()) {
      const path = pathFor(r.method, r.url);
      const body = bodyFor(r.method, r.url);
      const res =
        r.method === 'POST' && r.url.endsWith('/media-upload')
          ? await upload(path, b.token)
          : r.url === '/files/uploadList/:id'
            ? await upload(path, b.token, undefined, { id: ids.fileListOption }, 'files')
            : /^\/flowbuilder\/(img|audio|content)$/.test(r.url)
              ? await upload(path, b.token, undefined, { fromMe: 'true' }, 'medias')
              : await api(r.method, path, b.token, body);
      const text = JSON.stringify(res.body ?? '');
      const sent = path + JSON.stringify(body ?? '');
      const call = `${r.method} ${path} → ${res.status}`;
      expect(res.status, call).toBeLessThan(500);
      // What B sent may come back: in an error naming it, or as B's own data that happens to be equal
      // (a phone number). An id of A's in a success answer is A's record reaching B.
      const echoed = (secret: string) => sent.includes(secret) && (res.status >= 400 || !idsOfA.has(secret));
      const shown = secrets.filter((secret) => text.includes(secret) && !echoed(secret));
      if (shown.length) leaks.push(`${call}: ${shown.join(', ')} in ${text.slice(0, 300)}`);
      const targetsA = [...idsOfA, ...Object.values(platform)].some((id) => path.includes(id));
      if (targetsA && r.method !== 'GET' && res.status < 300) leaks.push(`${call}: accepted`);
    }
    expect(leaks).toEqual([]);

    const byB = await system.ctx.pool.query(
      `SELECT type, stream_id FROM es_events
        WHERE global_position > $1 AND (data->>'companyId' = $2 OR metadata->>'companyId' = $2)
          AND metadata->>'actor' NOT LIKE 'system:%'`,
      [mark, ids.company],
    );
    expect(byB.rows, "events appended to A's streams by B's calls").toEqual([]);
    expect(await snapshotOfA()).toEqual(before);
  });

  /** What A's admin reads of A's data; B's sweep must leave it as it was. */
  async function snapshotOfA() {
    const read = async (path: string) => (await api('GET', path, a.token)).body;
    return {
      ticket: await read(`/tickets/${ids.ticket}`),
      messages: await read(`/messages/${ids.ticket}`),
      contact: await read(`/contacts/${ids.contact}`),
      queue: await read(`/queue/${ids.queue}`),
      options: await read(`/queue-options?queueId=${ids.queue}`),
      tag: await read(`/tags/${ids.tag}`),
      quickMessage: await read(`/quick-messages/${ids.quickMessage}`),
      notes: await read(`/ticket-notes/list?ticketId=${ids.ticket}&contactId=${ids.contact}`),
      schedule: await read(`/schedules/${ids.schedule}`),
      user: await read(`/users/${ids.user}`),
      whatsapp: await read(`/whatsapp/${ids.whatsapp}`),
      settings: await read('/settings'),
      hours: await read(`/companies/${ids.company}/schedules`),
      users: await read('/users'),
      contacts: await read('/contacts'),
      chat: await read(`/chats/${ids.chat}`),
      chatMessages: await read(`/chats/${ids.chat}/messages?pageNumber=1`),
      fileList: await read(`/files/${ids.fileList}`),
      flow: await read(`/flowbuilder/flow/${ids.flow}`),
      flowCampaign: await read(`/flowcampaign/${ids.flowCampaign}`),
      prompt: await read(`/prompt/${ids.prompt}`),
      queueIntegration: await read(`/queueIntegration/${ids.queueIntegration}`),
      slaPolicies: await read('/sla-policies'),
      campaign: await read(`/campaigns/${ids.campaign}`),
      campaignSettings: await read('/campaign-settings'),
      contactList: await read(`/contact-lists/${ids.contactList}`),
      contactListItems: await read(`/contact-list-items?contactListId=${ids.contactList}`),
      helps: await read('/helps'),
      plan: await read(`/plans/${platform.plan}`),
      company: await read(`/companies/${ids.company}`),
      announcement: await read(`/announcements/${platform.announcement}`),
      invoices: await read('/invoices/all'),
    };
  }
});
