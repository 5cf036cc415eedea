import { eventually } from '@zelo/services/testing/eventually';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

// Doc 1 §6 roles, on every route that changes something: each is classified here as open to agents
// (profile user) or kept for admins, and a plain agent of the same company is refused every admin one
// with 403 ERR_NO_PERMISSION, leaving the company's data as it was. A new route must be classified
// here before this file passes.

const ADMIN_ONLY = new Set([
  'DELETE /tickets/:id',
  'DELETE /contacts/:id',
  'POST /contacts/:id/opt-out',
  'DELETE /contacts/:id/opt-out',
  'POST /contacts/:id/exports',
  'POST /contacts/:id/erasure',
  'DELETE /tags/:id',
  'POST /whatsapp',
  'PUT /whatsapp/:id',
  'DELETE /whatsapp/:id',
  'POST /whatsappsession/:id',
  'PUT /whatsappsession/:id',
  'DELETE /whatsappsession/:id',
  'POST /users',
  'DELETE /users/:id',
  'POST /queue',
  'PUT /queue/:id',
  'DELETE /queue/:id',
  'POST /queue-options',
  'PUT /queue-options/:id',
  'DELETE /queue-options/:id',
  'PUT /settings/:key',
  'PUT /companies/:id/schedules',
  'GET /dashboard',
  'GET /dashboard/ticketsUsers',
  'GET /dashboard/ticketsDay',
  // Reports (issue 24): the admins' (supervisors'), like the dashboard.
  'GET /reports',
  'GET /reports/export',
  'DELETE /files/:id',
  // Prompts: the admins' (doc 1 §5 admin block); any user of the company reads them (prompts.int.spec.ts).
  'POST /prompt',
  'PUT /prompt/:id',
  'DELETE /prompt/:id',
  // Queue integrations: the admins'; any user of the company reads them (queue-integrations.int.spec.ts).
  'POST /queueIntegration',
  'PUT /queueIntegration/:id',
  'DELETE /queueIntegration/:id',
  'POST /queueIntegration/testSession',
  // SLA policies (issue 24): the admins', reads included (sla/sla-policies.int.spec.ts).
  'GET /sla-policies',
  'POST /sla-policies',
  'PUT /sla-policies/:policyId',
  'DELETE /sla-policies/:policyId',
  // Flows and phrase campaigns are the admins' (flows int specs), reads included.
  'GET /flowbuilder',
  'POST /flowbuilder',
  'PUT /flowbuilder',
  'DELETE /flowbuilder/:id',
  'POST /flowbuilder/duplicate',
  'POST /flowbuilder/img',
  'POST /flowbuilder/audio',
  'POST /flowbuilder/content',
  'GET /flowbuilder/flow/:id',
  'POST /flowbuilder/flow',
  'GET /flowcampaign',
  'GET /flowcampaign/:id',
  'POST /flowcampaign',
  'PUT /flowcampaign',
  'DELETE /flowcampaign/:id',
  // Campaigns and their settings are the admins' (doc 2 §2.9, §6), reads included.
  'GET /campaigns',
  'GET /campaigns/:id',
  'POST /campaigns',
  'PUT /campaigns/:id',
  'DELETE /campaigns/:id',
  'POST /campaigns/:id/cancel',
  'POST /campaigns/:id/restart',
  'POST /campaigns/:id/media-upload',
  'DELETE /campaigns/:id/media-upload',
  'GET /campaigns/:id/shipments',
  'GET /campaign-settings',
  'POST /campaign-settings',
  // Contact lists: deleting, like a contact's, is for admins (doc 2 §6); adding and importing are not.
  'DELETE /contact-lists/:id',
  'DELETE /contact-list-items/:id',
  // Helps and announcements are the platform's: only super users write them (helps and announcements
  // int specs show an admin of another company refused too).
  'POST /helps',
  'PUT /helps/:id',
  'DELETE /helps/:id',
  'POST /announcements',
  'PUT /announcements/:id',
  'DELETE /announcements/:id',
  'POST /announcements/:id/media-upload',
  'DELETE /announcements/:id/media-upload',
  // Plans and companies are the platform's: the super user's only (tenancy/companies.int.spec.ts).
  'POST /plans',
  'PUT /plans/:id',
  'DELETE /plans/:id',
  'POST /companies',
  'PUT /companies/:id',
  'DELETE /companies/:id',
  // Billing is the admins' (/financeiro, the checkout); marking paid is the super user's (billing int spec).
  'POST /subscription',
  'GET /invoices/all',
  'POST /invoices/:id/pay',
]);

/** Changes an agent may make (their own tickets, contacts, tags, notes, quick replies, schedules, profile). */
const OPEN_TO_AGENTS = new Set([
  'POST /tickets',
  'PUT /tickets/:id',
  'POST /messages/:ticketId',
  'DELETE /messages/:id',
  'POST /contacts',
  'PUT /contacts/:id',
  'POST /contacts/import',
  'POST /contacts/upload',
  'POST /ticket-notes',
  'DELETE /ticket-notes/:id',
  'POST /tags',
  'PUT /tags/:id',
  'POST /tags/sync',
  'POST /quick-messages',
  'PUT /quick-messages/:id',
  'DELETE /quick-messages/:id',
  'POST /quick-messages/:id/media-upload',
  'DELETE /quick-messages/:id/media-upload',
  'POST /schedules',
  'PUT /schedules/:id',
  'DELETE /schedules/:id',
  // The schedule dialog's image, like the rest of the dialog (schedule-media.int.spec.ts).
  'POST /schedules/:id/media-upload',
  'DELETE /schedules/:id/media-upload',
  'PUT /users/:id',
  'POST /users/set-language/:lang',
  // Any screen of anyone may fail: its error screen reports it (client-errors.int.spec.ts).
  'POST /client-errors',
  // The kanban: agents move the cards of the tickets they may see (kanban.int.spec.ts).
  'PUT /ticket/kanban/:ticketId',
  'DELETE /ticket-tags/:ticketId',
  'PUT /ticket-tags/:ticketId/:tagId',
  // Internal chat: every user; membership and ownership decide (chats.int.spec.ts).
  'POST /chats',
  'PUT /chats/:id',
  'DELETE /chats/:id',
  'POST /chats/:id/messages',
  'POST /chats/:id/read',
  // File lists: the company's, like tags and contacts (file-lists.int.spec.ts); deleting is for admins.
  'POST /files',
  'PUT /files/:id',
  'POST /files/uploadList/:id',
  'POST /contact-lists',
  'PUT /contact-lists/:id',
  'POST /contact-lists/:id/upload',
  'POST /contact-list-items',
  'PUT /contact-list-items/:id',
  // Sessions and public calls.
  'POST /auth/login',
  'POST /auth/refresh_token',
  'DELETE /auth/logout',
  'POST /companies/cadastro',
  'POST /forgetpassword/:email',
  'POST /resetpasswords/:email/:token/:newPassword',
  'POST /api/messages/send',
  'POST /graphql',
  // Efí's notices: no session, the provider's secret (billing.int.spec.ts).
  'POST /webhooks/efi/pix',
]);

const slaPolicyBody = (name: string) => ({
  name,
  queueId: DEMO.queueId,
  firstResponseMinutes: 15,
  nextResponseMinutes: null,
  resolutionMinutes: null,
  clock: 'calendar',
});
const integrationBody = (name: string) => ({ type: 'webhook', name, urlN8N: 'https://crm.example/hook' });
const promptBody = (name: string) => ({
  name,
  prompt: 'Você é a atendente virtual da empresa. Responda com educação e em poucas palavras.',
  apiKey: 'sk-papel-0000000000000000',
  queueId: DEMO.queueId,
});

describe('a plain agent on the admin routes of their own company', () => {
  let system: TestSystem;
  let admin: { token: string };
  let agent: { token: string };
  const ids: Record<string, string> = {};

  const api = (method: string, path: string, token: string, body?: unknown) =>
    system.api(method, path, { token, body });

  beforeAll(async () => {
    system = await startTestSystem();
    admin = await system.login(DEMO.email, DEMO.password);
    const made = await api('POST', '/users', admin.token, {
      name: 'Agente Comum',
      email: 'agente@zelo.dev',
      password: 'secret1',
      profile: 'user',
      queueIds: [DEMO.queueId],
    });
    expect(made.status).toBe(201);
    ids.agent = made.body.id;
    agent = await system.login('agente@zelo.dev', 'secret1');

    await system.simulator!.customerSends(
      DEMO.whatsappId,
      { number: '5511912349999', name: 'Cliente Papel' },
      'Olá',
    );
    const ticket = await eventually(
      async () =>
        (await api('GET', '/tickets?showAll=true&searchParam=papel', admin.token)).body.tickets?.[0],
    );
    ids.ticket = ticket.id;
    ids.contact = ticket.contact.id;
    ids.tag = (await api('POST', '/tags', admin.token, { name: 'Tag Papel', color: '#D9822B' })).body.id;
    ids.option = (
      await api('POST', '/queue-options', admin.token, { queueId: DEMO.queueId, title: 'Vendas' })
    ).body.id;
    ids.fileList = (
      await api('POST', '/files', admin.token, { name: 'Lista Papel', message: 'Arquivos', options: [] })
    ).body.id;
    ids.campaign = (await api('POST', '/campaigns', admin.token, { name: 'Campanha Papel' })).body.id;
    ids.flow = (await api('POST', '/flowbuilder', admin.token, { name: 'Fluxo Papel' })).body.id;
    ids.flowCampaign = (
      await api('POST', '/flowcampaign', admin.token, {
        name: 'Frase Papel',
        phrase: 'papel',
        flowId: ids.flow,
        whatsappId: DEMO.whatsappId,
      })
    ).body.id;
    ids.prompt = (await api('POST', '/prompt', admin.token, promptBody('Prompt Papel'))).body.id;
    ids.queueIntegration = (
      await api('POST', '/queueIntegration', admin.token, integrationBody('Integração Papel'))
    ).body.id;
    ids.contactList = (await api('POST', '/contact-lists', admin.token, { name: 'Lista Papel' })).body.id;
    ids.slaPolicy = (await api('POST', '/sla-policies', admin.token, slaPolicyBody('SLA Papel'))).body.id;
    ids.contactListItem = (
      await api('POST', '/contact-list-items', admin.token, {
        contactListId: ids.contactList,
        name: 'Item Papel',
        number: '5511912348888',
      })
    ).body.id;
    ids.plan = (await api('GET', '/plans/list', admin.token)).body[0].id;
    ids.help = (
      await api('POST', '/helps', admin.token, { title: 'Ajuda Papel', video: 'dQw4w9WgXcQ' })
    ).body.id;
    ids.announcement = (
      await api('POST', '/announcements', admin.token, { title: 'Aviso Papel', text: 'para todos' })
    ).body.id;
    // WhatsApp's answer lands a moment later: before the snapshots, not between them.
    await eventually(
      async () =>
        (await api('GET', `/contact-list-items/${ids.contactListItem}`, admin.token)).body.isWhatsappValid !==
        null,
    );
  }, 60_000);

  afterAll(async () => system?.close());

  it('classifies every route that changes something, or is an admin report', () => {
    const unclassified = system.routes
      .filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS')
      .filter((r) => r.method !== 'GET' || r.url.startsWith('/dashboard') || r.url.startsWith('/reports'))
      .filter((r) => !r.url.startsWith('/simulator'))
      .map((r) => `${r.method} ${r.url}`)
      .filter((key) => !ADMIN_ONLY.has(key) && !OPEN_TO_AGENTS.has(key));
    expect(unclassified).toEqual([]);
  });

  it('refuses the agent every admin route with 403 ERR_NO_PERMISSION and changes nothing', async () => {
    const path = (url: string) =>
      url
        .replace('/tickets/:id', `/tickets/${ids.ticket}`)
        .replace('/contacts/:id', `/contacts/${ids.contact}`)
        .replace('/tags/:id', `/tags/${ids.tag}`)
        .replace('/whatsappsession/:id', `/whatsappsession/${DEMO.whatsappId}`)
        .replace('/whatsapp/:id', `/whatsapp/${DEMO.whatsappId}`)
        .replace('/users/:id', `/users/${DEMO.adminId}`)
        .replace('/queue-options/:id', `/queue-options/${ids.option}`)
        .replace('/queue/:id', `/queue/${DEMO.queueId}`)
        .replace('/settings/:key', '/settings/userRating')
        .replace('/companies/:id', `/companies/${DEMO.companyId}`)
        .replace('/files/:id', `/files/${ids.fileList}`)
        .replace('/flowbuilder/flow/:id', `/flowbuilder/flow/${ids.flow}`)
        .replace('/flowbuilder/:id', `/flowbuilder/${ids.flow}`)
        .replace('/flowcampaign/:id', `/flowcampaign/${ids.flowCampaign}`)
        .replace('/prompt/:id', `/prompt/${ids.prompt}`)
        .replace('/queueIntegration/:id', `/queueIntegration/${ids.queueIntegration}`)
        .replace('/sla-policies/:policyId', `/sla-policies/${ids.slaPolicy}`)
        .replace('/campaigns/:id', `/campaigns/${ids.campaign}`)
        .replace('/contact-lists/:id', `/contact-lists/${ids.contactList}`)
        .replace('/contact-list-items/:id', `/contact-list-items/${ids.contactListItem}`)
        .replace('/helps/:id', `/helps/${ids.help}`)
        .replace('/announcements/:id', `/announcements/${ids.announcement}`)
        .replace('/invoices/:id', `/invoices/${DEMO.companyId}`)
        .replace('/plans/:id', `/plans/${ids.plan}`);
    const bodies: Record<string, unknown> = {
      'POST /whatsapp': { name: 'Conexão do agente' },
      'PUT /whatsapp/:id': { name: 'Renomeada pelo agente' },
      'POST /users': { name: 'Outro', email: 'outro@zelo.dev', password: 'secret1', profile: 'admin' },
      'POST /queue': { name: 'Fila do agente', color: '#123456' },
      'PUT /queue/:id': { name: 'Renomeada pelo agente', color: '#123456' },
      'POST /queue-options': { queueId: DEMO.queueId, title: 'Opção do agente' },
      'PUT /queue-options/:id': { queueId: DEMO.queueId, title: 'Renomeada pelo agente' },
      'PUT /settings/:key': { key: 'userRating', value: 'enabled' },
      'PUT /companies/:id/schedules': { schedules: [] },
      'POST /campaigns': { name: 'Campanha do agente' },
      'POST /prompt': promptBody('Prompt do agente'),
      'PUT /prompt/:id': promptBody('Renomeado pelo agente'),
      'POST /queueIntegration': integrationBody('Integração do agente'),
      'PUT /queueIntegration/:id': integrationBody('Renomeada pelo agente'),
      'POST /queueIntegration/testSession': { projectName: 'p', jsonContent: '{}', language: 'pt' },
      'POST /sla-policies': { ...slaPolicyBody('SLA do agente'), whatsappId: DEMO.whatsappId },
      'PUT /sla-policies/:policyId': slaPolicyBody('Renomeada pelo agente'),
      'PUT /campaigns/:id': { name: 'Renomeada pelo agente' },
      'POST /campaign-settings': { settings: { messageInterval: 5 } },
      'POST /helps': { title: 'Ajuda do agente', video: 'dQw4w9WgXcQ' },
      'PUT /helps/:id': { title: 'Renomeada pelo agente', video: 'dQw4w9WgXcQ' },
      'POST /announcements': { title: 'Aviso do agente', text: 'oi' },
      'PUT /announcements/:id': { title: 'Renomeado pelo agente', text: 'oi' },
      'POST /subscription': { invoiceId: DEMO.companyId },
      'POST /plans': { name: 'Plano do agente', users: 1, connections: 1, queues: 1, value: 0 },
      'PUT /plans/:id': { name: 'Renomeado pelo agente', users: 1, connections: 1, queues: 1, value: 0 },
      'POST /companies': {
        name: 'Empresa do agente',
        email: 'empresa@agente.dev',
        password: 'secret1',
        planId: ids.plan,
      },
      'PUT /companies/:id': { status: false },
    };
    const before = await snapshot();
    const mark = (await system.ctx.pool.query('SELECT max(global_position)::text AS p FROM es_events'))
      .rows[0].p;
    const answers: string[] = [];
    for (const key of ADMIN_ONLY) {
      const [method, url] = key.split(' ');
      const query = url.startsWith('/dashboard')
        ? '?initialDate=2020-01-01&finalDate=2040-01-01'
        : url.startsWith('/reports')
          ? '?from=2026-01-01&to=2026-12-31'
          : '';
      const r = await api(method, path(url) + query, agent.token, bodies[key]);
      answers.push(`${key} → ${r.status} ${r.body?.error ?? ''}`);
    }
    expect(answers).toEqual([...ADMIN_ONLY].map((key) => `${key} → 403 ERR_NO_PERMISSION`));
    const byAgent = await system.ctx.pool.query(
      `SELECT type FROM es_events WHERE global_position > $1 AND metadata->>'actor' = $2`,
      [mark, ids.agent],
    );
    expect(byAgent.rows).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('does not let the agent edit another user, nor make themself an admin', async () => {
    const other = await api('PUT', `/users/${DEMO.adminId}`, agent.token, {
      name: 'Tomado',
      email: DEMO.email,
    });
    expect(other.status).toBe(403);
    const self = await api('PUT', `/users/${ids.agent}`, agent.token, {
      name: 'Agente Comum',
      email: 'agente@zelo.dev',
      profile: 'admin',
      allTicket: 'enabled',
      queueIds: [],
    });
    // The own-profile dialog hides profile, queues and allTicket (doc 1 §6); the server ignores them.
    expect(self.status).toBeLessThan(300);
    const after = (await api('GET', `/users/${ids.agent}`, admin.token)).body;
    expect(after).toMatchObject({ profile: 'user', allTicket: 'desabled' });
    expect(after.queues.map((q: { id: string }) => q.id)).toEqual([DEMO.queueId]);
  });

  async function snapshot() {
    const read = async (p: string) => (await api('GET', p, admin.token)).body;
    return {
      ticket: await read(`/tickets/${ids.ticket}`),
      contact: await read(`/contacts/${ids.contact}`),
      tag: await read(`/tags/${ids.tag}`),
      queues: await read('/queue'),
      options: await read(`/queue-options?queueId=${DEMO.queueId}`),
      whatsapps: await read('/whatsapp'),
      users: await read('/users'),
      settings: await read('/settings'),
      hours: await read(`/companies/${DEMO.companyId}/schedules`),
      fileList: await read(`/files/${ids.fileList}`),
      flow: await read(`/flowbuilder/flow/${ids.flow}`),
      flowCampaign: await read(`/flowcampaign/${ids.flowCampaign}`),
      prompt: await read(`/prompt/${ids.prompt}`),
      queueIntegration: await read(`/queueIntegration/${ids.queueIntegration}`),
      slaPolicies: await read('/sla-policies'),
      campaign: await read(`/campaigns/${ids.campaign}`),
      campaignSettings: await read('/campaign-settings'),
      contactList: await read(`/contact-lists/${ids.contactList}`),
      contactListItem: await read(`/contact-list-items/${ids.contactListItem}`),
      helps: await read('/helps'),
      announcement: await read(`/announcements/${ids.announcement}`),
    };
  }
});
