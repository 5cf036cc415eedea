import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getFileListForSending } from '@zelo/projections/file-lists/queries';
import { eventually } from '@zelo/services/testing/eventually';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newLoggedInUser, readySocket } from '../testing/session-clients.ts';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

// File lists over HTTP (doc 2 §2.11, §7): the dialog's calls, each option's upload, the live frames.

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

describe('file lists', () => {
  let system: TestSystem;
  let mediaDir: string;
  let admin: string;
  let agent: string;
  let b: string;

  const call = (token: string, method: string, path: string, body?: unknown) =>
    system.api(method, path, { token, body });
  const upload = async (
    token: string,
    listId: string,
    fields: Record<string, string>,
    file?: { name: string; type: string; bytes: Uint8Array },
  ) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    if (file)
      form.append('files', new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.type }), file.name);
    const res = await fetch(`${system.url}/files/uploadList/${listId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    return { status: res.status, body: await res.json() };
  };
  const fileListEvents = async () =>
    Number(
      (await system.ctx.pool.query(`SELECT count(*)::int AS n FROM es_events WHERE type LIKE 'FileList%'`))
        .rows[0].n,
    );
  const storedFiles = async () =>
    (await readdir(mediaDir, { recursive: true, withFileTypes: true })).filter((d) => d.isFile()).length;
  const newList = async (token = admin, name = 'Catálogo') => {
    const r = await call(token, 'POST', '/files', {
      name,
      message: 'Segue o catálogo',
      options: [{ name: 'Tabela' }, { name: 'Logo' }],
    });
    expect(r.status).toBe(201);
    return r.body;
  };

  beforeAll(async () => {
    mediaDir = await mkdtemp(join(tmpdir(), 'zelo-filelists-test-'));
    process.env.ZELO_MEDIA_DIR = mediaDir;
    system = await startTestSystem();
    admin = (await system.login(DEMO.email, DEMO.password)).token;
    agent = (await newLoggedInUser(system, admin, { name: 'Agente Arquivos', email: 'agente@fl.dev' })).token;
    b = (await system.signUpCompany('Arquivos B', 'admin@fl-b.dev', 'senhaB1')).token;
  }, 60_000);
  afterAll(async () => {
    await system?.close();
    delete process.env.ZELO_MEDIA_DIR;
    await rm(mediaDir, { recursive: true, force: true });
  });

  it('creates a list with its options, finds it by name page by page, edits and deletes it', async () => {
    const created = await call(agent, 'POST', '/files', {
      name: '  Catálogo 2026 ',
      message: 'Segue o catálogo',
      // What the reference client sends besides: userId, and each option's file, path and mediaType.
      userId: DEMO.adminId,
      options: [
        { name: 'Tabela', file: {}, path: '', mediaType: '' },
        { name: 'Logo', id: '' },
      ],
    });
    expect(created.status).toBe(201);
    const list = created.body;
    expect(list).toMatchObject({
      name: 'Catálogo 2026',
      message: 'Segue o catálogo',
      options: [
        { name: 'Tabela', path: null, file: null, mediaType: null },
        { name: 'Logo', path: null, file: null, mediaType: null },
      ],
    });
    expect(list.id).toMatch(/^[0-9a-f-]{36}$/);
    const [tabela, logo] = list.options;
    expect(tabela.id).not.toBe(logo.id);
    expect((await call(agent, 'GET', `/files/${list.id}`)).body).toEqual(list);

    for (let i = 0; i < 20; i++) await newList(admin, `Pagina ${String(i).padStart(2, '0')}`);
    const page1 = await call(admin, 'GET', '/files/?searchParam=pagina&pageNumber=1');
    expect(page1.status).toBe(200);
    expect(page1.body.files).toHaveLength(20);
    expect(page1.body.hasMore).toBe(false);
    const all1 = await call(admin, 'GET', '/files/?pageNumber=1');
    expect(all1.body).toMatchObject({ hasMore: true });
    const all2 = await call(admin, 'GET', '/files/?pageNumber=2');
    expect(all2.body.files.map((f: any) => f.name)).toEqual(['Pagina 19']);
    const found = await call(admin, 'GET', '/files?searchParam=CATÁLOGO%202026&companyId=x');
    expect(found.body.files.map((f: any) => f.id)).toEqual([list.id]);

    // The logo renamed and moved first, the table removed, a new option added.
    const edited = await call(agent, 'PUT', `/files/${list.id}`, {
      name: 'Catálogo 2027',
      message: 'Novo catálogo',
      options: [{ id: logo.id, name: 'Logotipo' }, { name: 'Contrato' }],
    });
    expect(edited.status).toBe(200);
    expect(edited.body.options.map((o: any) => o.name)).toEqual(['Logotipo', 'Contrato']);
    expect(edited.body.options[0].id).toBe(logo.id);
    expect((await call(admin, 'GET', `/files/${list.id}`)).body).toMatchObject({
      name: 'Catálogo 2027',
      message: 'Novo catálogo',
    });

    const byAgent = await call(agent, 'DELETE', `/files/${list.id}`);
    expect(byAgent.status).toBe(403);
    expect(byAgent.body.error).toBe('ERR_NO_PERMISSION');
    expect((await call(admin, 'DELETE', `/files/${list.id}`)).status).toBe(200);
    const gone = await call(admin, 'GET', `/files/${list.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.error).toBe('ERR_NO_FILE_LIST_FOUND');
    expect((await call(admin, 'DELETE', `/files/${list.id}`)).status).toBe(404);
    expect((await call(admin, 'GET', '/files/?searchParam=2027')).body.files).toEqual([]);
  });

  it('uploads a real png and a pdf to their options; a campaign gets them as messages can send them', async () => {
    const list = await newList(agent);
    const [tabela, logo] = list.options;
    const pdf = await upload(
      agent,
      list.id,
      { fileId: list.id, typeArch: 'fileList', mediaType: 'application/pdf', name: 'Tabela', id: tabela.id },
      { name: 'tabela de preços.pdf', type: 'application/pdf', bytes: PDF },
    );
    expect(pdf.status).toBe(200);
    expect(pdf.body.options[0]).toMatchObject({
      id: tabela.id,
      file: 'tabela de preços.pdf',
      mediaType: 'application',
    });
    // The browser calls it octet-stream; the bytes say PNG.
    const png = await upload(
      agent,
      list.id,
      { id: logo.id },
      { name: 'logo.png', type: 'application/octet-stream', bytes: PNG },
    );
    expect(png.status).toBe(200);
    const [p, l] = png.body.options;
    expect(l).toMatchObject({ file: 'logo.png', mediaType: 'image' });
    expect(l.path).toMatch(new RegExp(`^/public/${DEMO.companyId}/`));
    const served = await fetch(`${system.url}${l.path}`);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);

    expect(await getFileListForSending(system.ctx.pool, DEMO.companyId, list.id)).toEqual({
      id: list.id,
      name: 'Catálogo',
      message: 'Segue o catálogo',
      files: [
        { name: 'Tabela', path: p.path, mediaType: 'application', url: p.path },
        { name: 'Logo', path: l.path, mediaType: 'image', url: l.path },
      ],
    });
    expect(await getFileListForSending(system.ctx.pool, DEMO.companyId, DEMO.queueId)).toBeNull();

    // What the campaign runtime hands the outbound path is accepted there as a stored media.
    const contact = await call(admin, 'POST', '/contacts', {
      name: 'Cliente Arquivos',
      number: '5511960000077',
    });
    const ticket = await call(admin, 'POST', '/tickets', {
      contactId: contact.body.id,
      queueId: DEMO.queueId,
      status: 'open',
    });
    for (const f of [p, l]) {
      const sent = await call(admin, 'POST', `/messages/${ticket.body.id}`, { body: '', mediaUrl: f.path });
      expect(sent.status).toBe(201);
      expect(sent.body).toMatchObject({ mediaUrl: f.path, mediaType: f.mediaType });
    }

    // Uploading again replaces the file; editing the list keeps it.
    const again = await upload(
      agent,
      list.id,
      { id: tabela.id },
      { name: 'nova.pdf', type: 'application/pdf', bytes: PDF },
    );
    expect(again.body.options[0]).toMatchObject({ file: 'nova.pdf' });
    expect(again.body.options[0].path).not.toBe(p.path);
    const kept = await call(agent, 'PUT', `/files/${list.id}`, {
      name: 'Catálogo',
      message: 'Outro texto',
      options: again.body.options,
    });
    expect(kept.body.options.map((o: any) => o.file)).toEqual(['nova.pdf', 'logo.png']);
    // A PUT without options (only the text edited) keeps them.
    const textOnly = await call(agent, 'PUT', `/files/${list.id}`, {
      name: 'Catálogo',
      message: 'Só o texto',
    });
    expect(textOnly.body).toMatchObject({ message: 'Só o texto', options: kept.body.options });
  });

  it('refuses bad input with a catalogue code, writing and storing nothing', async () => {
    const list = await newList();
    const [tabela] = list.options;
    const events = await fileListEvents();
    const files = await storedFiles();
    const refused = async (r: Promise<{ status: number; body: any }>, status: number, error: string) => {
      const { status: s, body } = await r;
      expect([s, body.error], JSON.stringify(body)).toEqual([status, error]);
      expect(body.message).toEqual(expect.any(String));
    };
    for (const body of [
      { name: 'Ab', message: 'curto' },
      { name: 'Sem mensagem', message: '   ' },
      { name: 'Sem mensagem' },
      { name: 'Opção vazia', message: 'x', options: [{ name: '' }] },
      {
        name: 'Opção dupla',
        message: 'x',
        options: [
          { id: tabela.id, name: 'a' },
          { id: tabela.id, name: 'b' },
        ],
      },
      { name: 'Muitas', message: 'x', options: Array.from({ length: 31 }, () => ({ name: 'o' })) },
      { name: 'Nul\u0000', message: 'x' },
    ]) {
      await refused(call(admin, 'POST', '/files', body), 400, 'ERR_VALIDATION');
      await refused(call(admin, 'PUT', `/files/${list.id}`, body), 400, 'ERR_VALIDATION');
    }
    // An option id the list does not have, on edit and on upload.
    await refused(
      call(admin, 'PUT', `/files/${list.id}`, {
        name: 'Catálogo',
        message: 'x',
        options: [{ id: DEMO.queueId, name: 'a' }],
      }),
      400,
      'ERR_VALIDATION',
    );
    await refused(
      upload(admin, list.id, { id: DEMO.queueId }, { name: 'a.pdf', type: 'application/pdf', bytes: PDF }),
      400,
      'ERR_VALIDATION',
    );
    await refused(
      upload(admin, list.id, {}, { name: 'a.pdf', type: 'application/pdf', bytes: PDF }),
      400,
      'ERR_VALIDATION',
    );
    await refused(upload(admin, list.id, { id: tabela.id }), 400, 'ERR_VALIDATION');
    await refused(
      call(admin, 'POST', `/files/uploadList/${list.id}`, { id: tabela.id }),
      400,
      'ERR_VALIDATION',
    );
    // Bytes that are not what the type says: a page called a PNG, text called a PNG.
    const page = new TextEncoder().encode('<html><script>alert(1)</script></html>');
    await refused(
      upload(admin, list.id, { id: tabela.id }, { name: 'logo.png', type: 'image/png', bytes: page }),
      400,
      'ERR_MEDIA_TYPE_MISMATCH',
    );
    const text = new TextEncoder().encode('just some words, no picture');
    await refused(
      upload(admin, list.id, { id: tabela.id }, { name: 'foto.png', type: 'image/png', bytes: text }),
      400,
      'ERR_MEDIA_TYPE_MISMATCH',
    );
    await refused(
      upload(admin, list.id, { id: tabela.id }, { name: 'x.html', type: 'text/html', bytes: page }),
      400,
      'ERR_VALIDATION',
    );
    // Over the cap.
    const big = new Uint8Array(16 * 1024 * 1024 + 1);
    big.set(PDF);
    await refused(
      upload(admin, list.id, { id: tabela.id }, { name: 'grande.pdf', type: 'application/pdf', bytes: big }),
      413,
      'ERR_MEDIA_TOO_LARGE',
    );
    await refused(call(admin, 'GET', '/files/?pageNumber=0'), 400, 'ERR_VALIDATION');
    await refused(call(admin, 'GET', '/files/nao-e-uuid'), 400, 'ERR_VALIDATION');

    expect(await fileListEvents()).toBe(events);
    expect(await storedFiles()).toBe(files);
    expect((await call(admin, 'GET', `/files/${list.id}`)).body).toEqual(list);
  });

  it("another company neither sees, changes, uploads to nor deletes a company's list", async () => {
    const list = await newList(admin, 'Segredo de A');
    const events = await fileListEvents();
    const files = await storedFiles();
    const notFound = (r: { status: number; body: any }) =>
      expect([r.status, r.body.error]).toEqual([404, 'ERR_NO_FILE_LIST_FOUND']);
    notFound(await call(b, 'GET', `/files/${list.id}`));
    notFound(await call(b, 'PUT', `/files/${list.id}`, { name: 'Invadido', message: 'por B' }));
    notFound(await call(b, 'DELETE', `/files/${list.id}`));
    notFound(
      await upload(
        b,
        list.id,
        { id: list.options[0].id },
        { name: 'b.pdf', type: 'application/pdf', bytes: PDF },
      ),
    );
    expect((await call(b, 'GET', '/files/?searchParam=segredo')).body).toEqual({ files: [], hasMore: false });
    expect(await fileListEvents()).toBe(events);
    expect(await storedFiles()).toBe(files);
    expect((await call(admin, 'GET', `/files/${list.id}`)).body).toEqual(list);
  });

  it('pushes company-<id>-file frames on create, update (an upload too) and delete, to that company only', async () => {
    const mine = await readySocket(system, agent);
    const theirs = await readySocket(system, b);
    try {
      const event = `company-${DEMO.companyId}-file`;
      const frameFor = (action: string, id: string) =>
        eventually(
          async () =>
            mine.frames.some((f: any) => f.event === event && f.data.action === action && f.data.id === id),
          10_000,
          `${action} frame`,
        );
      const list = await newList(admin, 'Ao vivo');
      await frameFor('create', list.id);
      await call(admin, 'PUT', `/files/${list.id}`, {
        name: 'Ao vivo 2',
        message: 'x',
        options: list.options,
      });
      await frameFor('update', list.id);
      const before = mine.frames.filter((f: any) => f.event === event && f.data.action === 'update').length;
      await upload(
        admin,
        list.id,
        { id: list.options[1].id },
        { name: 'logo.png', type: 'image/png', bytes: PNG },
      );
      await eventually(
        async () =>
          mine.frames.filter((f: any) => f.event === event && f.data.action === 'update').length > before,
        10_000,
        'upload frame',
      );
      await call(admin, 'DELETE', `/files/${list.id}`);
      await frameFor('delete', list.id);
      expect(theirs.frames.filter((f) => f.event.endsWith('-file'))).toEqual([]);
    } finally {
      mine.ws.close();
      theirs.ws.close();
    }
  });
});
