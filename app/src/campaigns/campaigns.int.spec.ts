import type { CampaignCommand } from '@zelo/services/campaigns/domain/campaign';
import { runCampaignCommand } from '@zelo/services/campaigns/handlers';
import { eventually } from '@zelo/services/testing/eventually';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readySocket } from '../testing/session-clients.ts';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

// Campaigns over HTTP (doc 2 §2.9, §4, §7): the spec's calls, each editing rule refused with its code
// and nothing written, the settings, tenants, roles and plans, the admins' frames, and the read model
// and report as the runtime's commands (start, shipments, finish) move a campaign along.

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
  'base64',
);
const HOUR = 60 * 60 * 1000;
const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();
const recipients = [
  { number: '5511988880000', name: 'Maria', email: 'maria@example.com' },
  { number: '5511988881111', name: 'João', email: '' },
  { number: '5511988882222', name: 'Ana', email: '' },
];

describe('campaigns', () => {
  let system: TestSystem;
  let admin: string;
  let agent: string;
  let other: { token: string; companyId: string };
  let contactListId: string;
  let tagId: string;
  let fileListId: string;

  const call = (token: string, method: string, path: string, body?: unknown) =>
    system.api(method, path, { token, body });
  const upload = async (token: string, id: string) => {
    const form = new FormData();
    form.append('file', new Blob([PNG]), 'banner.png');
    const res = await fetch(`${system.url}/campaigns/${id}/media-upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    return { status: res.status, body: await res.json() };
  };
  const draft = (over: Record<string, unknown> = {}) => ({
    name: 'Black Friday',
    message1: 'Olá {nome}, temos ofertas!',
    message2: '',
    message3: '',
    message4: '',
    message5: '',
    whatsappId: '',
    scheduledAt: '',
    contactListId: '',
    tagListId: '',
    fileListId: '',
    status: 'INATIVA',
    companyId: DEMO.companyId,
    ...over,
  });
  const scheduled = (ms = 2 * HOUR, over: Record<string, unknown> = {}) =>
    draft({ whatsappId: DEMO.whatsappId, contactListId, scheduledAt: inMs(ms), ...over });
  const create = async (body: unknown) => {
    const r = await call(admin, 'POST', '/campaigns', body);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body as { id: string; status: string; scheduledAt: string | null } & Record<string, unknown>;
  };
  const eventsOf = async (id: string) =>
    Number(
      (
        await system.ctx.pool.query('SELECT count(*) AS n FROM es_events WHERE stream_id = $1', [
          `campaign-${id}`,
        ])
      ).rows[0].n,
    );
  /** A command the runtime would send, then the read model caught up with it. */
  const runtime = async (command: CampaignCommand) => {
    const r = await runCampaignCommand(system.ctx.deps, command, {
      companyId: command.companyId,
      actor: 'system:campaigns',
    });
    await system.ctx.watcher.waitFor(r.position, ['campaigns']);
    return r;
  };
  const ref = (campaignId: string) => ({ campaignId, companyId: DEMO.companyId });
  const started = async (id: string) =>
    runtime({
      type: 'StartCampaign',
      ...ref(id),
      whatsappId: DEMO.whatsappId,
      recipients,
      startedAt: inMs(0),
    });
  const sent = (id: string, index: number) =>
    runtime({
      type: 'RecordMessageQueued',
      ...ref(id),
      index,
      number: recipients[index]?.number ?? '',
      messageId: crypto.randomUUID(),
      ticketId: crypto.randomUUID(),
      variant: 1,
      queuedAt: inMs(0),
    });

  beforeAll(async () => {
    system = await startTestSystem();
    admin = (await system.login(DEMO.email, DEMO.password)).token;
    const made = await call(admin, 'POST', '/users', {
      name: 'Agente Campanhas',
      email: 'agente@campanhas.dev',
      password: 'agente1',
      profile: 'user',
      queueIds: [DEMO.queueId],
    });
    expect(made.status).toBe(201);
    agent = (await system.login('agente@campanhas.dev', 'agente1')).token;
    other = await system.signUpCompany('Outra Campanhas', 'admin@outra-campanhas.dev', 'senhaB1', 1);
    contactListId = (await call(admin, 'POST', '/contact-lists', { name: 'Clientes VIP' })).body.id;
    tagId = (await call(admin, 'POST', '/tags', { name: 'Promoção', color: '#ff0000' })).body.id;
    const files = await call(admin, 'POST', '/files', { name: 'Catálogo', message: 'Segue o catálogo' });
    expect(files.status, JSON.stringify(files.body)).toBe(201);
    fileListId = files.body.id;
  }, 90_000);

  afterAll(async () => system?.close());

  it('creates, lists, searches, edits and deletes campaigns at the spec paths', async () => {
    const a = await create(draft({ name: 'Rascunho de natal', message1: '' }));
    expect(a).toMatchObject({ status: 'INATIVA', scheduledAt: null, whatsappId: null, message1: '' });
    const b = await create(scheduled(2 * HOUR, { name: 'Dia das mães', tagListId: tagId, fileListId }));
    expect(b).toMatchObject({
      status: 'PROGRAMADA',
      whatsapp: { id: DEMO.whatsappId },
      contactList: { id: contactListId, name: 'Clientes VIP' },
      tagId,
      tagListId: tagId,
      fileList: { id: fileListId, name: 'Catálogo' },
      validContacts: 0,
      pending: 0,
    });
    const listed = await call(admin, 'GET', '/campaigns/?searchParam=natal&pageNumber=1');
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({ records: [expect.objectContaining({ id: a.id })], hasMore: false });
    expect(
      (await call(admin, 'GET', '/campaigns?pageNumber=1')).body.records.map((r: { id: string }) => r.id),
    ).toEqual(expect.arrayContaining([a.id, b.id]));
    expect((await call(admin, 'GET', `/campaigns/${b.id}`)).body).toMatchObject({
      id: b.id,
      name: 'Dia das mães',
    });

    const scheduledNow = await call(
      admin,
      'PUT',
      `/campaigns/${a.id}`,
      scheduled(3 * HOUR, { name: 'Natal' }),
    );
    expect(scheduledNow.status, JSON.stringify(scheduledNow.body)).toBe(200);
    expect(scheduledNow.body).toMatchObject({
      name: 'Natal',
      status: 'PROGRAMADA',
      message1: 'Olá {nome}, temos ofertas!',
    });
    const unscheduled = await call(admin, 'PUT', `/campaigns/${a.id}`, draft({ name: 'Natal' }));
    expect(unscheduled.body).toMatchObject({ status: 'INATIVA', scheduledAt: null });

    expect((await call(admin, 'POST', '/campaigns', draft({ name: 'X' }))).status).toBe(400);
    expect((await call(admin, 'POST', '/campaigns', draft({ name: 'x'.repeat(51) }))).status).toBe(400);

    expect((await call(admin, 'DELETE', `/campaigns/${a.id}`)).status).toBe(200);
    expect((await call(admin, 'GET', `/campaigns/${a.id}`)).body.error).toBe('ERR_NO_CAMPAIGN_FOUND');
    expect((await call(admin, 'GET', '/campaigns/?searchParam=natal')).body.records).toEqual([]);
  });

  it('refuses to schedule what cannot run, with its code, and writes nothing', async () => {
    const before = Number(
      (await system.ctx.pool.query("SELECT count(*) AS n FROM es_events WHERE type LIKE 'Campaign%'")).rows[0]
        .n,
    );
    const foreignList = (await call(other.token, 'POST', '/contact-lists', { name: 'Lista B' })).body.id;
    const foreignTag = (await call(other.token, 'POST', '/tags', { name: 'Tag B', color: '#00ff00' })).body
      .id;
    const refusals: [Record<string, unknown>, number, string][] = [
      [scheduled(2 * HOUR, { message1: '  ' }), 400, 'ERR_CAMPAIGN_NO_MESSAGES'],
      [scheduled(2 * HOUR, { whatsappId: '' }), 404, 'ERR_NO_WAPP_FOUND'],
      [scheduled(2 * HOUR, { contactListId: '' }), 400, 'ERR_CAMPAIGN_NO_AUDIENCE'],
      [scheduled(-5 * 60_000), 400, 'ERR_CAMPAIGN_SCHEDULED_IN_PAST'],
      [scheduled(2 * HOUR, { contactListId: foreignList }), 404, 'ERR_NO_CONTACT_LIST_FOUND'],
      [scheduled(2 * HOUR, { contactListId: '', tagListId: foreignTag }), 404, 'ERR_NO_TAG_FOUND'],
      [scheduled(2 * HOUR, { fileListId: crypto.randomUUID() }), 404, 'ERR_NO_FILE_LIST_FOUND'],
      [draft({ whatsappId: crypto.randomUUID() }), 404, 'ERR_NO_WAPP_FOUND'],
    ];
    for (const [body, status, code] of refusals) {
      const r = await call(admin, 'POST', '/campaigns', body);
      expect([r.status, r.body.error]).toEqual([status, code]);
    }
    const after = Number(
      (await system.ctx.pool.query("SELECT count(*) AS n FROM es_events WHERE type LIKE 'Campaign%'")).rows[0]
        .n,
    );
    expect(after).toBe(before);
  });

  it('applies each editing rule of its status, answering its code and writing nothing', async () => {
    const refused = async (id: string, body: unknown, code: string) => {
      const n = await eventsOf(id);
      const r = await call(admin, 'PUT', `/campaigns/${id}`, body);
      expect([r.status, r.body.error]).toEqual([409, code]);
      expect(await eventsOf(id)).toBe(n);
    };
    // PROGRAMADA less than an hour ahead: read-only.
    const soon = await create(scheduled(30 * 60_000));
    await refused(soon.id, scheduled(3 * HOUR), 'ERR_CAMPAIGN_NOT_EDITABLE');
    expect((await upload(admin, soon.id)).body.error).toBe('ERR_CAMPAIGN_NOT_EDITABLE');

    // EM_ANDAMENTO: read-only; restart refused; cancel allowed.
    const running = await create(scheduled(2 * HOUR));
    await started(running.id);
    await refused(running.id, scheduled(3 * HOUR), 'ERR_CAMPAIGN_NOT_EDITABLE');
    const restartRunning = await call(admin, 'POST', `/campaigns/${running.id}/restart`);
    expect([restartRunning.status, restartRunning.body.error]).toEqual([
      409,
      'ERR_CAMPAIGN_INVALID_TRANSITION',
    ]);
    const cancelled = await call(admin, 'POST', `/campaigns/${running.id}/cancel`);
    expect(cancelled.body).toMatchObject({ id: running.id, status: 'CANCELADA' });

    // CANCELADA: only the messages and the file list change; cancel again refused.
    const kept = { ...scheduled(), scheduledAt: running.scheduledAt };
    await refused(running.id, { ...kept, name: 'Outro nome' }, 'ERR_CAMPAIGN_NOT_EDITABLE');
    const content = await call(admin, 'PUT', `/campaigns/${running.id}`, {
      ...kept,
      message2: 'Última chance!',
      fileListId,
    });
    expect(content.status, JSON.stringify(content.body)).toBe(200);
    expect(content.body).toMatchObject({ status: 'CANCELADA', message2: 'Última chance!', fileListId });
    const again = await call(admin, 'POST', `/campaigns/${running.id}/cancel`);
    expect([again.status, again.body.error]).toEqual([409, 'ERR_CAMPAIGN_INVALID_TRANSITION']);
    expect((await call(admin, 'POST', `/campaigns/${running.id}/restart`)).body.status).toBe('EM_ANDAMENTO');

    // INATIVA: cancel and restart refused.
    const idle = await create(draft());
    for (const action of ['cancel', 'restart']) {
      const r = await call(admin, 'POST', `/campaigns/${idle.id}/${action}`);
      expect([r.status, r.body.error]).toEqual([409, 'ERR_CAMPAIGN_INVALID_TRANSITION']);
    }

    // FINALIZADA: read-only.
    const done = await create(scheduled(2 * HOUR));
    await started(done.id);
    for (const i of [0, 1, 2]) await sent(done.id, i);
    await runtime({ type: 'FinishCampaign', ...ref(done.id), completedAt: inMs(0) });
    await refused(done.id, scheduled(3 * HOUR), 'ERR_CAMPAIGN_NOT_EDITABLE');
  });

  it('attaches and removes a file, stored like other media', async () => {
    const c = await create(draft());
    const r = await upload(admin, c.id);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ mediaName: 'banner.png' });
    expect(r.body.mediaPath).toBeTruthy();
    const served = await fetch(`${system.url}/${String(r.body.mediaUrl).replace(/^\//, '')}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    const removed = await call(admin, 'DELETE', `/campaigns/${c.id}/media-upload`);
    expect(removed.body).toMatchObject({ mediaPath: null, mediaName: null, mediaUrl: null });
  });

  it('keeps the report as the runtime starts, sends, fails, delivers and finishes', async () => {
    const c = await create(scheduled());
    const socket = await readySocket(system, admin);
    const from = socket.frames.length;
    await started(c.id);
    await sent(c.id, 0);
    await runtime({
      type: 'RecordMessageFailed',
      ...ref(c.id),
      index: 1,
      number: recipients[1]?.number ?? '',
      reason: 'ERR_WAPP_INVALID_CONTACT',
      failedAt: inMs(0),
    });
    await runtime({ type: 'RecordMessageSent', ...ref(c.id), index: 0, sentAt: inMs(0) });
    // Repeats change nothing.
    expect((await sent(c.id, 0)).appended).toEqual([]);
    expect((await call(admin, 'GET', `/campaigns/${c.id}`)).body).toMatchObject({
      status: 'EM_ANDAMENTO',
      validContacts: 3,
      sent: 1,
      delivered: 1,
      failed: 1,
      pending: 1,
    });
    const shipments = await call(admin, 'GET', `/campaigns/${c.id}/shipments?pageNumber=1`);
    expect(shipments.body.records.map((s: { name: string; status: string }) => [s.name, s.status])).toEqual([
      ['Maria', 'delivered'],
      ['João', 'failed'],
      ['Ana', 'pending'],
    ]);
    await expect(
      runtime({ type: 'FinishCampaign', ...ref(c.id), completedAt: inMs(0) }),
    ).rejects.toMatchObject({
      code: 'ERR_CAMPAIGN_INVALID_TRANSITION',
    });
    await sent(c.id, 2);
    await runtime({ type: 'FinishCampaign', ...ref(c.id), completedAt: inMs(0) });
    const done = (await call(admin, 'GET', `/campaigns/${c.id}`)).body;
    expect(done).toMatchObject({ status: 'FINALIZADA', sent: 2, failed: 1, pending: 0 });
    expect(done.completedAt).toBeTruthy();
    // The admin's socket heard the run: the campaign's figures and each shipment.
    await eventually(
      async () =>
        socket.frames
          .slice(from)
          .some(
            (f) =>
              f.event === `company-${DEMO.companyId}-campaign` &&
              (f.data as unknown as { record?: { id: string; status: string } }).record?.status ===
                'FINALIZADA',
          ),
      8_000,
      'the finished campaign frame',
    );
    const shipmentFrames = socket.frames
      .slice(from)
      .map(
        (f) =>
          f.data as unknown as {
            action?: string;
            campaignId?: string;
            shipment?: { index: number; status: string };
          },
      )
      .filter((d) => d.action === 'shipment' && d.campaignId === c.id);
    expect(shipmentFrames.map((d) => [d.shipment?.index, d.shipment?.status])).toEqual(
      expect.arrayContaining([
        [1, 'failed'],
        [2, 'sent'],
      ]),
    );
    socket.ws.close();
  });

  it('pushes campaign frames to the company admins only', async () => {
    const adminSocket = await readySocket(system, admin);
    const agentSocket = await readySocket(system, agent);
    const otherSocket = await readySocket(system, other.token);
    const c = await create(draft({ name: 'Frame' }));
    const event = `company-${DEMO.companyId}-campaign`;
    await eventually(
      async () =>
        adminSocket.frames.some(
          (f) =>
            f.event === event &&
            (f.data as unknown as { action: string; record?: { id: string } }).record?.id === c.id,
        ),
      8_000,
      'the create frame',
    );
    await call(admin, 'DELETE', `/campaigns/${c.id}`);
    await eventually(
      async () =>
        adminSocket.frames.some(
          (f) => f.event === event && (f.data as unknown as { action: string; id?: string }).id === c.id,
        ),
      8_000,
      'the delete frame',
    );
    expect(agentSocket.frames.filter((f) => f.event.endsWith('-campaign'))).toEqual([]);
    expect(otherSocket.frames.filter((f) => f.event.endsWith('-campaign'))).toEqual([]);
    for (const s of [adminSocket, agentSocket, otherSocket]) s.ws.close();
  });

  it('keeps the settings: defaults, choices enforced, a duplicate key ignored, partial saves merged', async () => {
    const settings = async () =>
      Object.fromEntries(
        ((await call(admin, 'GET', '/campaign-settings')).body as { key: string; value: string }[]).map(
          (r) => [r.key, JSON.parse(r.value)],
        ),
      );
    expect(await settings()).toMatchObject({
      messageInterval: 20,
      longerIntervalAfter: 20,
      greaterInterval: 60,
      variables: [],
    });
    const bad = await call(admin, 'POST', '/campaign-settings', { settings: { messageInterval: 7 } });
    expect([bad.status, bad.body.error]).toEqual([400, 'ERR_VALIDATION']);
    const badLonger = await call(admin, 'POST', '/campaign-settings', { settings: { greaterInterval: 50 } });
    expect(badLonger.status).toBe(400);
    const saved = await call(admin, 'POST', '/campaign-settings', {
      settings: {
        messageInterval: 5,
        variables: [
          { key: 'loja', value: 'Centro' },
          { key: 'loja', value: 'Bairro' },
          { key: 'site', value: 'zelo.dev' },
        ],
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toContainEqual({
      key: 'variables',
      value: JSON.stringify([
        { key: 'loja', value: 'Centro' },
        { key: 'site', value: 'zelo.dev' },
      ]),
    });
    await call(admin, 'POST', '/campaign-settings', { settings: { greaterInterval: '120' } });
    expect(await settings()).toMatchObject({
      messageInterval: 5,
      greaterInterval: 120,
      longerIntervalAfter: 20,
      variables: [
        { key: 'loja', value: 'Centro' },
        { key: 'site', value: 'zelo.dev' },
      ],
    });
    // Another company still has the defaults.
    const theirs = (await call(other.token, 'GET', '/campaign-settings')).body as {
      key: string;
      value: string;
    }[];
    expect(theirs).toContainEqual({ key: 'messageInterval', value: '20' });
  });

  it("answers another company's campaign as unknown on every route, and changes nothing of it", async () => {
    const c = await create(scheduled());
    const n = await eventsOf(c.id);
    const b = other.token;
    const answers = [
      await call(b, 'GET', `/campaigns/${c.id}`),
      await call(b, 'PUT', `/campaigns/${c.id}`, draft()),
      await call(b, 'DELETE', `/campaigns/${c.id}`),
      await call(b, 'POST', `/campaigns/${c.id}/cancel`),
      await call(b, 'POST', `/campaigns/${c.id}/restart`),
      await upload(b, c.id),
      await call(b, 'DELETE', `/campaigns/${c.id}/media-upload`),
      await call(b, 'GET', `/campaigns/${c.id}/shipments`),
    ];
    expect(answers.map((r) => [r.status, r.body.error])).toEqual(
      answers.map(() => [404, 'ERR_NO_CAMPAIGN_FOUND']),
    );
    expect((await call(b, 'GET', '/campaigns/')).body.records).toEqual([]);
    expect(await eventsOf(c.id)).toBe(n);
  });

  it('is refused to agents and to a company whose plan has no campaigns', async () => {
    for (const [method, path] of [
      ['GET', '/campaigns/'],
      ['POST', '/campaigns'],
      ['GET', '/campaign-settings'],
    ]) {
      const r = await call(agent, method, path, method === 'POST' ? draft() : undefined);
      expect([path, r.status, r.body.error]).toEqual([path, 403, 'ERR_NO_PERMISSION']);
    }
    const basic = await system.signUpCompany('Plano Básico', 'admin@basico-campanhas.dev', 'senhaC1', 0);
    for (const [method, path] of [
      ['GET', '/campaigns/'],
      ['POST', '/campaigns'],
      ['GET', '/campaign-settings'],
      ['POST', '/campaign-settings'],
    ]) {
      const body = method === 'POST' ? (path === '/campaigns' ? draft() : { settings: {} }) : undefined;
      const r = await call(basic.token, method, path, body);
      expect([path, r.status, r.body.error]).toEqual([path, 403, 'ERR_PLAN_FEATURE_DISABLED']);
    }
  });
});
