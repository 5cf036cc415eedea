import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ContactExportView } from '@zelo/contracts/contacts/privacy';
import { ticketRated, ticketVariableSet } from '@zelo/contracts/testing/events';
import type { TicketNoteView } from '@zelo/contracts/ticket-notes/read-models';
import { decideContact } from '@zelo/services/contacts/domain/contact';
import type { ArchivedHistoryEvent, ArchivedTicket } from '@zelo/services/contacts/export-html';
import { contactAggregate, contactStreamId } from '@zelo/services/contacts/handlers';
import { handle, recordable } from '@zelo/services/platform/command-handler';
import { eventually } from '@zelo/services/testing/eventually';
import { ticketStreamId } from '@zelo/services/tickets/handlers';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newLoggedInUser, readySocket } from '../testing/session-clients.ts';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';
import { withWorkflows } from '../testing/workflows.ts';

// LGPD art. 18 (issue 25): an admin exports a contact's data as one zip, built by a Temporal workflow
// with its progress pushed to the requester only; the requester downloads it once, before it expires
// (a few seconds here instead of 24 h), and nobody else can.

const TTL_MS = 10_000;

describe('export of a contact', () => {
  let system: TestSystem;
  let dataDir: string;
  let exportDir: string;
  let admin: { token: string; user: { id: string } };
  let otherAdmin: { token: string };
  let agent: { token: string };
  let otherCompany: { token: string };
  let contactId: string;
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 7, 7, 7, 42]);

  const api = (method: string, path: string, token: string, body?: unknown) =>
    system.api(method, path, { token, body });
  const ok = async (method: string, path: string, body?: unknown) => {
    const r = await api(method, path, admin.token, body);
    expect(r.status, `${method} ${path} ${JSON.stringify(r.body)}`).toBeLessThan(300);
    return r.body;
  };
  const download = (exportId: string, token: string) =>
    fetch(`${system.url}/contacts/exports/${exportId}/download`, {
      headers: { authorization: `Bearer ${token}` },
    });
  const archives = async () =>
    (await readdir(exportDir, { recursive: true, withFileTypes: true }))
      .filter((d) => d.isFile())
      .map((d) => d.name);
  const readyExport = async () => {
    const requested = await api('POST', `/contacts/${contactId}/exports`, admin.token);
    expect(requested.status, JSON.stringify(requested.body)).toBe(202);
    const id = requested.body.id as string;
    const ready = await eventually(
      async () => {
        const r = await api('GET', `/contacts/exports/${id}`, admin.token);
        return r.body.status === 'ready' && r.body;
      },
      30_000,
      'the export ready',
    );
    return { requested: requested.body, ready };
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'zelo-export-test-'));
    process.env.ZELO_MEDIA_DIR = join(dataDir, 'media');
    exportDir = join(dataDir, 'exports');
    process.env.ZELO_EXPORT_DIR = exportDir;
    system = await startTestSystem({ env: withWorkflows({ ZELO_CONTACT_EXPORT_TTL_MS: String(TTL_MS) }) });
    admin = await system.login(DEMO.email, DEMO.password);
    otherAdmin = await newLoggedInUser(system, admin.token, {
      name: 'Outra Admin',
      email: 'outra-admin@export.dev',
      profile: 'admin',
    });
    agent = await newLoggedInUser(system, admin.token, { name: 'Agente', email: 'agente@export.dev' });
    otherCompany = await system.signUpCompany('Empresa Export B', 'admin@export-b.dev', 'secret1', 1);

    // A contact with two tickets (the first closed), a media file, a quoted reply and a note.
    const contact = await ok('POST', '/contacts', {
      name: 'Cliente Exportada',
      number: '5511970000123',
      email: 'cliente@export.dev',
      extraInfo: [{ name: 'CPF', value: 'cpf-da-cliente' }],
    });
    contactId = contact.id;
    const first = await ok('POST', '/tickets', { contactId, queueId: DEMO.queueId, status: 'open' });
    const hostile = await ok('POST', `/messages/${first.id}`, {
      body: 'primeira <script>alert(1)</script> mensagem',
    });
    await ok('POST', `/messages/${first.id}`, { body: 'resposta citando', quotedMsg: { id: hostile.id } });
    const form = new FormData();
    form.append('medias', new Blob([png], { type: 'image/png' }), 'comprovante.png');
    form.append('body', 'legenda-da-imagem');
    form.append('fromMe', 'true');
    const media = await fetch(`${system.url}/messages/${first.id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}` },
      body: form,
    });
    expect(media.status).toBeLessThan(300);
    await ok('POST', '/ticket-notes', { note: 'nota-sobre-a-cliente', ticketId: first.id, contactId });
    // What a flow's question and the rating would have recorded on the ticket.
    const ref = { ticketId: first.id, companyId: DEMO.companyId };
    await system.deps.store.appendToStream(
      ticketStreamId(first.id),
      recordable(
        system.deps,
        [
          ticketVariableSet({ ...ref, key: 'pedido', value: 'pedido-12345' }),
          ticketRated({ ...ref, inReplyTo: hostile.id, rate: 2 }),
        ],
        { companyId: DEMO.companyId, actor: 'system:test' },
      ),
      'any',
    );
    await ok('PUT', `/tickets/${first.id}`, { status: 'closed' });
    const second = await ok('POST', '/tickets', { contactId, queueId: DEMO.queueId, status: 'open' });
    await ok('POST', `/messages/${second.id}`, { body: 'mensagem-do-segundo-atendimento' });
  }, 120_000);

  afterAll(async () => {
    await system?.close();
    delete process.env.ZELO_MEDIA_DIR;
    delete process.env.ZELO_EXPORT_DIR;
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is an admin’s to ask for, for a contact of the company', async () => {
    expect((await api('POST', `/contacts/${contactId}/exports`, agent.token)).status).toBe(403);
    const crossed = await api('POST', `/contacts/${contactId}/exports`, otherCompany.token);
    expect([crossed.status, crossed.body.error]).toEqual([404, 'ERR_NO_CONTACT_FOUND']);
    const unknown = await api('POST', `/contacts/${crypto.randomUUID()}/exports`, admin.token);
    expect([unknown.status, unknown.body.error]).toEqual([404, 'ERR_NO_CONTACT_FOUND']);
  });

  it('builds one zip with everything, shows progress to its requester only, and downloads once', async () => {
    const mine = await readySocket(system, admin.token);
    const theirs = await readySocket(system, otherAdmin.token);
    const { requested, ready } = await readyExport();
    expect(requested).toMatchObject({
      contactId,
      status: 'pending',
      progress: 0,
      readyAt: null,
      bytes: null,
    });
    expect(ready).toMatchObject({ id: requested.id, status: 'ready', progress: 100 });
    expect(Date.parse(ready.expiresAt) - Date.parse(ready.readyAt)).toBe(TTL_MS);

    // The requester's socket heard the progress and the outcome; the other admin's heard nothing of it.
    const frames = await eventually(
      async () => {
        const f = mine.frames.filter((x) => x.event === `company-${DEMO.companyId}-contactExport`);
        return (
          f.some((x) => (x.data as ContactExportView).status === 'ready') &&
          (f as unknown as { event: string; data: ContactExportView }[])
        );
      },
      8_000,
      'the ready frame',
    );
    expect(
      frames.some((f) => f.data.status === 'pending' && f.data.progress > 0 && f.data.progress < 100),
    ).toBe(true);
    expect(frames.every((f) => f.data.id === requested.id)).toBe(true);
    expect(theirs.frames.filter((f) => f.event.endsWith('-contactExport'))).toEqual([]);
    mine.ws.close();
    theirs.ws.close();

    // Nobody but the requester sees or downloads it.
    for (const token of [otherAdmin.token, otherCompany.token, agent.token]) {
      const seen = await api('GET', `/contacts/exports/${requested.id}`, token);
      expect([seen.status, seen.body.error]).toEqual([404, 'ERR_NO_EXPORT_FOUND']);
      const taken = await download(requested.id, token);
      expect(taken.status).toBe(404);
      expect((await taken.json()).error).toBe('ERR_NO_EXPORT_FOUND');
    }

    const res = await download(requested.id, admin.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const disposition = res.headers.get('content-disposition') ?? '';
    expect(disposition).toMatch(/^attachment; filename=".+\.zip"$/);
    expect(disposition).not.toContain('Cliente');
    const zip = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const text = (name: string) => strFromU8(zip[name]);

    const contact = JSON.parse(text('contact.json'));
    expect(contact).toMatchObject({ id: contactId, name: 'Cliente Exportada', number: '5511970000123' });
    expect(contact.extraInfo).toEqual([{ name: 'CPF', value: 'cpf-da-cliente' }]);
    expect(contact.optedOut).toBe(false);
    const tickets: ArchivedTicket[] = JSON.parse(text('tickets.json'));
    expect(tickets).toHaveLength(2);
    expect(tickets[0].messages.map((m) => m.body)).toEqual([
      'primeira <script>alert(1)</script> mensagem',
      'resposta citando',
      'legenda-da-imagem',
    ]);
    expect(tickets[0].messages[1].quotedMsg?.body).toBe('primeira <script>alert(1)</script> mensagem');
    expect(tickets[1].messages.map((m) => m.body)).toEqual(['mensagem-do-segundo-atendimento']);
    expect(tickets[0].ratings.map((r) => r.rate)).toEqual([2]);
    expect(tickets[0].variables.map((v) => [v.key, v.value])).toEqual([['pedido', 'pedido-12345']]);
    const mediaFile = tickets[0].messages[2].mediaFile as string;
    expect(mediaFile).toMatch(/^media\//);
    expect([...zip[mediaFile]]).toEqual([...png]);
    expect((JSON.parse(text('notes.json')) as TicketNoteView[]).map((n) => n.note)).toEqual([
      'nota-sobre-a-cliente',
    ]);
    const history: ArchivedHistoryEvent[] = JSON.parse(text('history.json'));
    const types = history.map((e) => e.type);
    expect(types).toContain('ContactCreated');
    expect(types.filter((t: string) => t === 'TicketCreated')).toHaveLength(2);
    expect(types).toContain('TicketClosed');
    const created = history.find((e) => e.type === 'ContactCreated');
    expect((created?.data as { name?: string } | undefined)?.name).toBe('Cliente Exportada');

    const html = text('index.html');
    expect(html).toContain('primeira &lt;script&gt;alert(1)&lt;/script&gt; mensagem');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('nota-sobre-a-cliente');
    expect(html).toContain('Cliente Exportada');

    // Once: the second download is refused, the archive is gone, and the export says so.
    const again = await download(requested.id, admin.token);
    expect(again.status).toBe(410);
    expect((await again.json()).error).toBe('ERR_EXPORT_GONE');
    await eventually(
      async () => !(await archives()).includes(`${requested.id}.zip`),
      5_000,
      'the archive deleted',
    );
    await eventually(
      async () =>
        (await api('GET', `/contacts/exports/${requested.id}`, admin.token)).body.status === 'downloaded',
      5_000,
      'status downloaded',
    );
  }, 90_000);

  it('of two racing downloads, one gets the archive and the other 410', async () => {
    const { requested } = await readyExport();
    const [a, b] = await Promise.all([
      download(requested.id, admin.token),
      download(requested.id, admin.token),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 410]);
    await Promise.all([a.arrayBuffer(), b.arrayBuffer()]);
  }, 60_000);

  it('expires when nobody downloads it: the archive is deleted and the download is 410', async () => {
    const { requested, ready } = await readyExport();
    expect(await archives()).toContain(`${requested.id}.zip`);
    await eventually(
      async () =>
        (await api('GET', `/contacts/exports/${requested.id}`, admin.token)).body.status === 'expired',
      TTL_MS + 15_000,
      'the export expired',
    );
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(ready.expiresAt));
    expect(await archives()).not.toContain(`${requested.id}.zip`);
    const late = await download(requested.id, admin.token);
    expect(late.status).toBe(410);
  }, 60_000);

  it('a retried request with its Idempotency-Key gets the same export, not a second one', async () => {
    const count = async () =>
      (
        await system.ctx.pool.query('SELECT count(*)::int AS n FROM contact_exports WHERE contact_id = $1', [
          contactId,
        ])
      ).rows[0].n as number;
    const before = await count();
    const post = () =>
      fetch(`${system.url}/contacts/${contactId}/exports`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin.token}`, 'idempotency-key': `export-${contactId}` },
      });
    const first = await post();
    const second = await post();
    expect([first.status, second.status]).toEqual([202, 202]);
    const [a, b] = [await first.json(), await second.json()];
    expect(b.id).toBe(a.id);
    expect(await count()).toBe(before + 1);
  });

  // Last: the contact is gone afterwards.
  it("expires the contact's exports when the contact is erased, long before their time", async () => {
    const { requested, ready } = await readyExport();
    await handle(
      system.deps,
      contactStreamId(contactId),
      contactAggregate,
      (c) => decideContact({ type: 'EraseContact', userId: admin.user.id, at: new Date().toISOString() }, c),
      { companyId: DEMO.companyId, actor: admin.user.id },
    );
    await eventually(
      async () =>
        (await api('GET', `/contacts/exports/${requested.id}`, admin.token)).body.status === 'expired',
      8_000,
      'the export expired by the erasure',
    );
    expect(Date.now()).toBeLessThan(Date.parse(ready.expiresAt));
    expect(await archives()).not.toContain(`${requested.id}.zip`);
    expect((await download(requested.id, admin.token)).status).toBe(410);
    // And an erased contact's data cannot be asked for again.
    const refused = await api('POST', `/contacts/${contactId}/exports`, admin.token);
    expect([refused.status, refused.body.error]).toEqual([404, 'ERR_NO_CONTACT_FOUND']);
  }, 60_000);
});
