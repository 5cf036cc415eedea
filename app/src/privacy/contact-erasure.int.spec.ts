import { mkdir, mkdtemp, rm, rmdir, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Client, Connection } from '@temporalio/client';
import { contactStreamId } from '@zelo/services/contacts/handlers';
import { localMediaStorage, storedPath } from '@zelo/services/media/storage';
import { uploadLedger } from '@zelo/services/media/uploads';
import { messageStreamId, queueOutboundMessage } from '@zelo/services/messaging/handlers';
import { systemClock } from '@zelo/services/platform/clock';
import { eventually } from '@zelo/services/testing/eventually';
import { contactErasureWorkflow } from '@zelo/workflows/privacy/erase-contact/workflow';
import { testNamespace } from '@zelo/workflows/testing/namespace';
import { defaultTemporalAddress } from '@zelo/workflows/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';
import { withWorkflows } from '../testing/workflows.ts';

// A contact's erasure (LGPD art. 18, issue 25) on the whole product: the route, the Temporal workflow,
// the key vault, the media folder and the number's next message, with the real dev server.

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2, 3]);
let seq = 0;
const newNumber = () => `55319${String((Date.now() + seq++) % 1_000_000).padStart(6, '0')}${seq % 10}4`;
/** The number as a person types it again in the dialog: +55 (31) 9...-.... */
const typed = (n: string) => `+${n.slice(0, 2)} (${n.slice(2, 4)}) ${n.slice(4, 9)}-${n.slice(9)}`;

describe('contact erasure', () => {
  let system: TestSystem;
  let mediaDir: string;
  let temporal: Client;
  let connection: Connection;
  let admin: string;
  let agent: string;
  let otherAdmin: string;
  let taskQueue: string;

  const call = (token: string, method: string, path: string, body?: unknown) =>
    system.api(method, path, { token, body });
  const query = async <T>(sql: string, values: unknown[] = []) =>
    (await system.ctx.pool.query(sql, values)).rows as T[];

  /** A customer writes from `number` (with a stored picture when `media`); answers its contact id. */
  async function customerWrites(number: string, body: string, media?: { url: string }) {
    const r = await system.api('POST', `/simulator/connections/${DEMO.whatsappId}/inbound`, {
      body: {
        from: number,
        name: 'Maria Erasmo',
        body,
        ...(media ? { mediaType: 'image', mediaUrl: media.url } : {}),
      },
    });
    expect(r.status).toBe(201);
    return eventually(
      async () =>
        (
          await query<{ id: string }>(
            `SELECT c.id FROM contacts c JOIN messages m ON m.contact_id = c.id
              WHERE c.company_id = $1 AND c.number = $2 AND m.body = $3`,
            [DEMO.companyId, number, body],
          )
        )[0]?.id,
      20_000,
      'the message in the read model',
    );
  }
  const storePicture = async () =>
    localMediaStorage(mediaDir, systemClock, uploadLedger(system.ctx.pool)).save(
      DEMO.companyId,
      'documento.png',
      Readable.from([Buffer.from(png)]),
    );
  const exists = (path: string) =>
    stat(path).then(
      () => true,
      () => false,
    );
  const erasedEvents = async (contactId: string) =>
    (await system.deps.store.readStream(contactStreamId(contactId))).events.filter(
      (e) => e.type === 'ContactErased',
    );
  const keyOf = async (subject: string) =>
    (
      await query<{ key: Buffer | null }>('SELECT key FROM personal_data_keys WHERE subject = $1', [subject])
    )[0];
  const erasure = (contactId: string) => temporal.workflow.getHandle(`erase-contact-${contactId}`);

  beforeAll(async () => {
    mediaDir = await mkdtemp(join(tmpdir(), 'zelo-erasure-test-'));
    process.env.ZELO_MEDIA_DIR = mediaDir;
    const env = withWorkflows();
    taskQueue = env.TEMPORAL_TASK_QUEUE;
    system = await startTestSystem({ env });
    connection = await Connection.connect({ address: defaultTemporalAddress });
    temporal = new Client({ connection, namespace: testNamespace() });
    admin = (await system.login(DEMO.email, DEMO.password)).token;
    const made = await call(admin, 'POST', '/users', {
      name: 'Agente Erasmo',
      email: 'agente@erasure.dev',
      password: 'secret1',
      profile: 'user',
    });
    expect(made.status).toBe(201);
    agent = (await system.login('agente@erasure.dev', 'secret1')).token;
    otherAdmin = (await system.signUpCompany('Outra Erasure', 'admin@outra-erasure.dev', 'senhaB1')).token;
  }, 300_000);
  afterAll(async () => {
    await connection?.close();
    await system?.close();
    delete process.env.ZELO_MEDIA_DIR;
    await rm(mediaDir, { recursive: true, force: true });
  });

  it('erases a contact: keys, ContactErased once, media file, and the number comes back as a new contact', async () => {
    const number = newNumber();
    const picture = await storePicture();
    const contactId = await customerWrites(number, 'Meu CPF é 123.456.789-00');
    await customerWrites(number, 'Segue o documento', picture);
    // A file another customer's message names too (a forwarded picture) stays for that customer.
    const shared = await storePicture();
    await customerWrites(number, 'Olha esta foto', shared);
    await customerWrites(newNumber(), 'Recebi esta foto', shared);
    const [ticket] = await query<{ id: string }>('SELECT id FROM tickets WHERE contact_id = $1', [contactId]);
    const [said] = await query<{ id: string }>(
      'SELECT id FROM messages WHERE contact_id = $1 AND body = $2',
      [contactId, 'Meu CPF é 123.456.789-00'],
    );
    expect(await exists(picture.path)).toBe(true);
    // The same person in a contact list, typed with punctuation: erased with the contact.
    const list = await call(admin, 'POST', '/contact-lists', { name: `Lista Erasmo ${number}` });
    const item = await call(admin, 'POST', '/contact-list-items', {
      contactListId: list.body.id,
      name: 'Maria da Lista',
      number: typed(number),
    });
    expect(item.status).toBe(201);
    // And a person of the same list who is not her: kept.
    const other = await call(admin, 'POST', '/contact-list-items', {
      contactListId: list.body.id,
      name: 'Outra Pessoa',
      number: newNumber(),
    });
    expect(other.status).toBe(201);
    // A campaign's recipient with her number (the shipments read model names campaign and index).
    const campaignId = crypto.randomUUID();
    await query(
      `INSERT INTO campaign_shipments (campaign_id, idx, company_id, number, name) VALUES ($1, 0, $2, $3, 'x'), ($1, 1, $2, $4, 'y')`,
      [campaignId, DEMO.companyId, number, newNumber()],
    );

    // A message scheduled to her for next month: it would go out to nobody.
    const schedule = await call(admin, 'POST', '/schedules', {
      body: 'Lembrete do boleto',
      contactId,
      sendAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    });
    expect(schedule.status).toBe(201);

    const r = await call(admin, 'POST', `/contacts/${contactId}/erasure`, { confirmation: typed(number) });
    expect(r.status).toBe(202);
    expect(r.body).toEqual({ contactId, status: 'erasing' });
    // Asked again while it runs: the same answer, nothing new started.
    const again = await call(admin, 'POST', `/contacts/${contactId}/erasure`, {
      confirmation: typed(number),
    });
    expect(again.status).toBe(202);
    await erasure(contactId).result();

    // The keys are destroyed (the rows stay, key NULL): the contact's and its ticket's.
    expect((await keyOf(`contact:${contactId}`))?.key).toBeNull();
    expect((await keyOf(`ticket:${ticket.id}`))?.key).toBeNull();
    expect((await keyOf(`listitem:${item.body.id}`))?.key).toBeNull();
    expect((await keyOf(`listitem:${other.body.id}`))?.key).toBeInstanceOf(Buffer);
    expect((await keyOf(`recipient:${campaignId}:0`))?.key).toBeNull();
    expect(await keyOf(`recipient:${campaignId}:1`)).toBeUndefined();
    expect(await erasedEvents(contactId)).toHaveLength(1);
    expect((await erasedEvents(contactId))[0].metadata.actor).not.toMatch(/^system/);
    // The pending schedule is deleted, as an agent would have.
    const scheduleEvents = (await system.deps.store.readStream(`schedule-${schedule.body.id}`)).events;
    expect(scheduleEvents.map((e) => e.type)).toEqual(['ScheduleCreated', 'ScheduleDeleted']);
    // The media file is gone from the folder, and from the uploads ledger.
    expect(await exists(picture.path)).toBe(false);
    expect(await query('SELECT 1 FROM media_uploads WHERE url = $1', [picture.url])).toEqual([]);
    expect(await exists(shared.path)).toBe(true);
    // Its events read back redacted: the contact's name and number, its message's text.
    const [created] = (await system.deps.store.readStream(contactStreamId(contactId))).events;
    expect(created.data).toMatchObject({ name: 'Contato removido', number: '' });
    const [received] = (await system.deps.store.readStream(messageStreamId(said.id))).events;
    expect(received.data).toMatchObject({ body: 'Contato removido' });
    // The erased contact is not found any more.
    expect((await call(admin, 'GET', `/contacts/${contactId}`)).status).toBe(404);

    // A second run (another run of the workflow, as a retry from scratch would be) records nothing new.
    await temporal.workflow.execute(contactErasureWorkflow, {
      workflowId: `erase-contact-again-${contactId}`,
      taskQueue,
      args: [{ companyId: DEMO.companyId, contactId, userId: null }],
    });
    expect(await erasedEvents(contactId)).toHaveLength(1);
    // After it finished, asking again answers 202 and starts nothing.
    expect((await call(admin, 'POST', `/contacts/${contactId}/erasure`, { confirmation: '' })).status).toBe(
      202,
    );
    expect(await erasedEvents(contactId)).toHaveLength(1);

    // A reply queued for her after the erasure (a flow's late step) fails at once: nobody to send it to.
    const late = await queueOutboundMessage(
      system.deps,
      { companyId: DEMO.companyId, ticketId: ticket.id, userId: null, body: 'Resposta atrasada' },
      { companyId: DEMO.companyId, actor: 'system:test' },
    );
    const failed = await eventually(
      async () =>
        (await system.deps.store.readStream(messageStreamId(late.messageId))).events.find(
          (e) => e.type === 'OutboundMessageFailed',
        ),
      10_000,
      'the late reply failed',
    );
    expect(failed.data).toMatchObject({ reason: 'the contact was erased', attempts: 1 });

    // The same number writes again: a new contact, a new ticket; the old id stays erased.
    const newContactId = await customerWrites(number, 'Oi de novo');
    expect(newContactId).not.toBe(contactId);
    const [newTicket] = await query<{ id: string }>('SELECT id FROM tickets WHERE contact_id = $1', [
      newContactId,
    ]);
    expect(newTicket.id).not.toBe(ticket.id);
    expect((await call(admin, 'GET', `/contacts/${newContactId}`)).body).toMatchObject({ number });
  }, 120_000);

  it('a step failing in the middle is retried, and the erasure ends the same', async () => {
    const number = newNumber();
    // Its "file" is a directory: removing it fails until the test takes the directory away.
    const url = `/public/${DEMO.companyId}/2026/11/${Date.now()}-blocked.png`;
    const blocked = storedPath(mediaDir, url)!;
    await mkdir(blocked, { recursive: true });
    const contactId = await customerWrites(number, 'Foto bloqueada', { url });

    const r = await call(admin, 'POST', `/contacts/${contactId}/erasure`, { confirmation: number });
    expect(r.status).toBe(202);
    await eventually(
      async () => {
        const d = await erasure(contactId).describe();
        return (d.raw.pendingActivities ?? []).some((a) => (a.attempt ?? 0) > 1);
      },
      30_000,
      'the media step failing and retried',
    );
    // The keys went first and the fact is recorded, while the files step keeps failing.
    expect((await keyOf(`contact:${contactId}`))?.key).toBeNull();
    expect(await erasedEvents(contactId)).toHaveLength(1);
    await rmdir(blocked);
    await erasure(contactId).result();
    expect(await erasedEvents(contactId)).toHaveLength(1);
    expect(await exists(blocked)).toBe(false);
    expect(await customerWrites(number, 'Voltei')).not.toBe(contactId);
  }, 120_000);

  describe('the route', () => {
    let contactId: string;
    let number: string;
    beforeAll(async () => {
      number = newNumber();
      contactId = await customerWrites(number, 'Quero ser esquecido');
    }, 60_000);

    it('refuses an agent (403), another company and an unknown id (404)', async () => {
      const byAgent = await call(agent, 'POST', `/contacts/${contactId}/erasure`, { confirmation: number });
      expect(byAgent.status).toBe(403);
      expect(byAgent.body.error).toBe('ERR_NO_PERMISSION');
      const other = await call(otherAdmin, 'POST', `/contacts/${contactId}/erasure`, {
        confirmation: number,
      });
      expect(other.status).toBe(404);
      expect(other.body.error).toBe('ERR_NO_CONTACT_FOUND');
      const unknown = await call(admin, 'POST', `/contacts/${crypto.randomUUID()}/erasure`, {
        confirmation: number,
      });
      expect(unknown.status).toBe(404);
      expect((await keyOf(`contact:${contactId}`))?.key ?? 'kept').not.toBeNull();
    });

    it('a wrong confirmation answers 400 and writes nothing', async () => {
      // The customer's message keeps the chatbot busy meanwhile: count what an erasure would write.
      const written = () =>
        query<{ n: number }>(
          `SELECT count(*)::int AS n FROM es_events
            WHERE stream_id = $1 OR type IN ('ContactErased', 'ContactNumberReleased')`,
          [contactStreamId(contactId)],
        );
      const before = await written();
      for (const confirmation of ['', '5531', `${number}9`, 'Maria Erasmo']) {
        const r = await call(admin, 'POST', `/contacts/${contactId}/erasure`, { confirmation });
        expect(r.status, confirmation).toBe(400);
        expect(r.body.error).toBe('ERR_ERASURE_CONFIRMATION');
      }
      expect(await written()).toEqual(before);
      expect((await keyOf(`contact:${contactId}`))?.key ?? 'kept').not.toBeNull();
      await expect(erasure(contactId).describe()).rejects.toThrow();
      expect((await call(admin, 'GET', `/contacts/${contactId}`)).status).toBe(200);
    });

    it('every route that takes the erased contact id answers 404', async () => {
      const [ticket] = await query<{ id: string }>('SELECT id FROM tickets WHERE contact_id = $1', [
        contactId,
      ]);
      const r = await call(admin, 'POST', `/contacts/${contactId}/erasure`, { confirmation: number });
      expect(r.status).toBe(202);
      await erasure(contactId).result();
      const sendAt = new Date(Date.now() + 3_600_000).toISOString();
      const sweep: [string, string, unknown?][] = [
        ['GET', `/contacts/${contactId}`],
        ['PUT', `/contacts/${contactId}`, { name: 'Outro Nome', number: '5531999990000' }],
        ['DELETE', `/contacts/${contactId}`],
        ['POST', `/contacts/${contactId}/opt-out`],
        ['DELETE', `/contacts/${contactId}/opt-out`],
        ['POST', `/contacts/${contactId}/exports`],
        ['GET', `/ticket-notes/list?ticketId=${ticket.id}&contactId=${contactId}`],
        ['POST', '/ticket-notes', { note: 'Nota sobre o cliente', ticketId: ticket.id, contactId }],
        ['POST', '/schedules', { body: 'Lembrete da consulta', contactId, sendAt }],
        ['GET', `/schedules?contactId=${contactId}`],
        ['POST', '/tickets', { contactId, status: 'open' }],
      ];
      for (const [method, path, body] of sweep) {
        const res = await call(admin, method, path, body);
        expect(res.status, `${method} ${path} ${JSON.stringify(res.body)}`).toBe(404);
        expect(res.body.error, `${method} ${path}`).toBe('ERR_NO_CONTACT_FOUND');
      }
      // Every registered route under /contacts/:id is in the sweep (the erasure itself answers 202).
      const swept = new Set(sweep.map(([m, p]) => `${m} ${p.replace(contactId, ':id')}`));
      const contactRoutes = system.routes
        .filter((rt) => /^\/contacts\/:id(\/|$)/.test(rt.url) && rt.method !== 'HEAD')
        .map((rt) => `${rt.method} ${rt.url}`)
        .filter((rt) => rt !== 'POST /contacts/:id/erasure');
      expect(contactRoutes.filter((rt) => !swept.has(rt))).toEqual([]);
    }, 60_000);
  });
});
