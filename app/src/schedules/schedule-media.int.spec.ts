import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runScheduleCommand, scheduledMessageId } from '@zelo/services/schedules/handlers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';
import { withWorkflows } from '../testing/workflows.ts';

// A schedule's attachment (doc 2 §2.8: png, jpg, jpeg; §7 media-upload) over HTTP, and the scheduled
// send carrying it to the customer's phone: every process role, the real Temporal dev server.

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2, 3]);
const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 2, 3]);
const gif = new TextEncoder().encode('GIF89a\x01\x00\x01\x00\x00\x00\x00;');
const pdf = new TextEncoder().encode('%PDF-1.4 pretend');

async function eventually<T>(fn: () => Promise<T | null | undefined | false>, what: string, ms = 20_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn().catch(() => null);
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('schedule attachments', () => {
  let system: TestSystem;
  let mediaDir: string;
  let admin: string;
  let b: string;
  let contactId: string;
  const number = `55319${String(Date.now() % 1_000_000).padStart(6, '0')}77`;

  const call = (token: string, method: string, path: string, body?: unknown) =>
    system.api(method, path, { token, body });
  const upload = async (token: string, id: string, name: string, type: string, bytes: Uint8Array) => {
    const form = new FormData();
    form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), name);
    const res = await fetch(`${system.url}/schedules/${id}/media-upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    return { status: res.status, body: await res.json() };
  };
  const storedFiles = async () =>
    (await readdir(mediaDir, { recursive: true, withFileTypes: true })).filter((d) => d.isFile()).length;
  const scheduleEvents = async () =>
    Number(
      (await system.ctx.pool.query(`SELECT count(*)::int AS n FROM es_events WHERE type LIKE 'Schedule%'`))
        .rows[0].n,
    );
  const newSchedule = async (sendAt: string, body = 'Lembrete da sua consulta') => {
    const r = await call(admin, 'POST', '/schedules', { body, contactId, sendAt });
    expect(r.status).toBe(201);
    return r.body.id as string;
  };
  const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

  beforeAll(async () => {
    mediaDir = await mkdtemp(join(tmpdir(), 'zelo-schedule-media-test-'));
    process.env.ZELO_MEDIA_DIR = mediaDir;
    system = await startTestSystem({
      env: withWorkflows(),
    });
    admin = (await system.login(DEMO.email, DEMO.password)).token;
    b = (await system.signUpCompany('Agenda B', 'admin@agenda-b.dev', 'senhaB1')).token;
    const contact = await call(admin, 'POST', '/contacts', { name: 'Cliente Agenda', number });
    expect(contact.status).toBe(201);
    contactId = contact.body.id;
  }, 300_000);
  afterAll(async () => {
    await system?.close();
    delete process.env.ZELO_MEDIA_DIR;
    await rm(mediaDir, { recursive: true, force: true });
  });

  it('attaches an image, replaces it, keeps it through an edit and removes it', async () => {
    const id = await newSchedule(inAnHour());

    const first = await upload(admin, id, 'lembrete.png', 'image/png', png);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id, mediaName: 'lembrete.png', status: 'PENDENTE' });
    expect(first.body.mediaPath).toMatch(new RegExp(`^/public/${DEMO.companyId}/.*lembrete\\.png$`));
    expect(first.body.mediaUrl).toBe(first.body.mediaPath);
    const served = await fetch(`${system.url}${first.body.mediaUrl}`);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(Buffer.from(png));

    const second = await upload(admin, id, 'foto.jpeg', 'image/jpeg', jpeg);
    expect(second.status).toBe(200);
    expect(second.body.mediaName).toBe('foto.jpeg');
    expect(second.body.mediaPath).not.toBe(first.body.mediaPath);
    expect((await call(admin, 'GET', `/schedules/${id}`)).body).toMatchObject({
      mediaName: 'foto.jpeg',
      mediaPath: second.body.mediaPath,
    });
    const listed = (await call(admin, 'GET', '/schedules')).body.schedules.find(
      (s: { id: string }) => s.id === id,
    );
    expect(listed).toMatchObject({ mediaName: 'foto.jpeg', mediaUrl: second.body.mediaPath });

    const edited = await call(admin, 'PUT', `/schedules/${id}`, {
      body: 'Lembrete remarcado',
      contactId,
      sendAt: inAnHour(),
    });
    expect(edited.body).toMatchObject({ body: 'Lembrete remarcado', mediaName: 'foto.jpeg' });

    const removed = await call(admin, 'DELETE', `/schedules/${id}/media-upload`);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ mediaPath: null, mediaName: null, mediaUrl: null });
    // A repeated click changes nothing and is no error.
    expect((await call(admin, 'DELETE', `/schedules/${id}/media-upload`)).status).toBe(200);
  });

  it('an agent attaches and removes an image like the rest of the dialog', async () => {
    const made = await call(admin, 'POST', '/users', {
      name: 'Agente Agenda',
      email: 'agente@agenda.dev',
      password: 'secret1',
      profile: 'user',
    });
    expect(made.status).toBe(201);
    const agent = (await system.login('agente@agenda.dev', 'secret1')).token;
    const id = await newSchedule(inAnHour());
    const up = await upload(agent, id, 'lembrete.jpg', 'image/jpeg', jpeg);
    expect(up.status).toBe(200);
    expect(up.body.mediaName).toBe('lembrete.jpg');
    const del = await call(agent, 'DELETE', `/schedules/${id}/media-upload`);
    expect(del.status).toBe(200);
    expect(del.body.mediaName).toBeNull();
  });

  it('refuses anything but a png, jpg or jpeg, judged by its bytes, storing nothing', async () => {
    const id = await newSchedule(inAnHour());
    const files = await storedFiles();
    const events = await scheduleEvents();
    const refusals: [string, string, Uint8Array, string][] = [
      ['animacao.gif', 'image/gif', gif, 'ERR_MEDIA_TYPE_MISMATCH'],
      ['tabela.pdf', 'application/pdf', pdf, 'ERR_MEDIA_TYPE_MISMATCH'],
      // Named and declared a PNG, but the bytes are a PDF.
      ['falsa.png', 'image/png', pdf, 'ERR_MEDIA_TYPE_MISMATCH'],
      ['pagina.html', 'text/html', new TextEncoder().encode('<html><script>1</script>'), 'ERR_VALIDATION'],
      ['vazia.png', 'image/png', new Uint8Array(0), 'ERR_VALIDATION'],
    ];
    for (const [name, type, bytes, code] of refusals) {
      const r = await upload(admin, id, name, type, bytes);
      expect(r.status, name).toBe(400);
      expect(r.body.error, name).toBe(code);
      expect(r.body.message, name).toEqual(expect.any(String));
    }
    // No file at all, or JSON instead of a form.
    const empty = await fetch(`${system.url}/schedules/${id}/media-upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
      body: new FormData(),
    });
    expect(empty.status).toBe(400);
    const json = await call(admin, 'POST', `/schedules/${id}/media-upload`, { file: 'x' });
    expect(json.status).toBe(400);
    expect(json.body.error).toBe('ERR_VALIDATION');
    // Over the size cap (16 MB).
    const big = new Uint8Array(16 * 1024 * 1024 + 1);
    big.set(png);
    const tooBig = await upload(admin, id, 'grande.png', 'image/png', big);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error).toBe('ERR_MEDIA_TOO_LARGE');

    expect(await storedFiles()).toBe(files);
    expect(await scheduleEvents()).toBe(events);
    expect((await call(admin, 'GET', `/schedules/${id}`)).body.mediaPath).toBeNull();
  });

  it("company B neither attaches to nor removes company A's attachment", async () => {
    const id = await newSchedule(inAnHour());
    expect((await upload(admin, id, 'lembrete.png', 'image/png', png)).status).toBe(200);
    const files = await storedFiles();
    const events = await scheduleEvents();

    const up = await upload(b, id, 'b.png', 'image/png', png);
    expect(up.status).toBe(404);
    expect(up.body.error).toBe('ERR_NO_SCHEDULE_FOUND');
    const del = await call(b, 'DELETE', `/schedules/${id}/media-upload`);
    expect(del.status).toBe(404);
    expect(del.body.error).toBe('ERR_NO_SCHEDULE_FOUND');

    expect(await storedFiles()).toBe(files);
    expect(await scheduleEvents()).toBe(events);
    expect((await call(admin, 'GET', `/schedules/${id}`)).body.mediaName).toBe('lembrete.png');
  });

  it('a sent schedule keeps its attachment: neither replaced nor removed', async () => {
    const id = await newSchedule(inAnHour());
    expect((await upload(admin, id, 'lembrete.png', 'image/png', png)).status).toBe(200);
    // Recorded as sent the way the workflow records it (its time is an hour away).
    await runScheduleCommand(
      system.deps,
      {
        type: 'MarkScheduleSent',
        scheduleId: id,
        companyId: DEMO.companyId,
        messageId: scheduledMessageId(id),
        sentAt: new Date().toISOString(),
      },
      { companyId: DEMO.companyId, actor: 'system:schedules' },
    );
    await eventually(
      async () => (await call(admin, 'GET', `/schedules/${id}`)).body.status === 'ENVIADA',
      'the schedule shown sent',
    );
    const files = await storedFiles();
    const events = await scheduleEvents();

    const up = await upload(admin, id, 'outra.jpg', 'image/jpeg', jpeg);
    expect(up.status).toBe(400);
    expect(up.body.error).toBe('ERR_SCHEDULE_ALREADY_SENT');
    const del = await call(admin, 'DELETE', `/schedules/${id}/media-upload`);
    expect(del.status).toBe(400);
    expect(del.body.error).toBe('ERR_SCHEDULE_ALREADY_SENT');

    expect(await storedFiles()).toBe(files);
    expect(await scheduleEvents()).toBe(events);
    expect((await call(admin, 'GET', `/schedules/${id}`)).body.mediaName).toBe('lembrete.png');
  });

  it('a schedule due in 2 s arrives on the phone once, as the image captioned with its body', async () => {
    const sendAt = new Date(Date.now() + 2_000).toISOString();
    const id = await newSchedule(sendAt, 'Sua consulta é amanhã, segue o mapa');
    const attached = await upload(admin, id, 'mapa.png', 'image/png', png);
    expect(attached.status).toBe(200);

    const phone = async () =>
      (await system.simulator!.phoneMessages(DEMO.whatsappId, number)).filter(
        (m) => m.direction === 'outbound',
      );
    const [received] = await eventually(async () => {
      const got = await phone();
      return got.length > 0 && got;
    }, 'the scheduled image on the phone');
    expect(new Date(received.createdAt).getTime()).toBeGreaterThanOrEqual(Date.parse(sendAt) - 50);
    expect(received).toMatchObject({
      body: 'Sua consulta é amanhã, segue o mapa',
      mediaType: 'image',
      mediaUrl: attached.body.mediaPath,
    });
    const image = await fetch(`${system.url}${received.mediaUrl}`);
    expect(Buffer.from(await image.arrayBuffer())).toEqual(Buffer.from(png));

    await eventually(
      async () => (await call(admin, 'GET', `/schedules/${id}`)).body.status === 'ENVIADA',
      'the schedule shown sent',
    );
    // Sent once: nothing more arrives.
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await phone()).toHaveLength(1);
  });
});
