import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from '@zelo/services/testing/eventually';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

// Issue 7: uploads trusted the declared MIME type. The bytes decide now, on every upload path (messages,
// quick messages, the external API all read files through receiveMedia), and /public never serves a
// stored file as something a browser would run.

const realPng = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
);
const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF');
const html = new TextEncoder().encode('<!DOCTYPE html><html><body><script>alert(document.cookie)</script>');
const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');
const text = new TextEncoder().encode('nome;telefone\nAna;5511999990000\n');
const noise = Uint8Array.from({ length: 256 }, (_, i) => (i * 37 + 11) % 251);

type File = { name: string; type: string; bytes: Uint8Array };

describe('uploads are what their bytes say', () => {
  let system: TestSystem;
  let mediaDir: string;
  let admin: string;
  let ticketId: string;

  const form = (field: string, files: File[], fields: Record<string, string> = {}) => {
    const f = new FormData();
    for (const [k, v] of Object.entries(fields)) f.append(k, v);
    for (const file of files)
      f.append(field, new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.type }), file.name);
    return f;
  };
  const post = async (path: string, token: string, body: FormData) => {
    const res = await fetch(`${system.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body,
    });
    return { status: res.status, body: await res.json() };
  };
  const sendMedia = (files: File[]) => post(`/messages/${ticketId}`, admin, form('medias', files));
  const storedFiles = async () =>
    (await readdir(mediaDir, { recursive: true, withFileTypes: true })).filter((d) => d.isFile()).length;
  const served = (url: string) => fetch(`${system.url}${url}`);

  beforeAll(async () => {
    mediaDir = await mkdtemp(join(tmpdir(), 'zelo-sniff-test-'));
    process.env.ZELO_MEDIA_DIR = mediaDir;
    system = await startTestSystem();
    admin = (await system.login(DEMO.email, DEMO.password)).token;
    await system.simulator!.customerSends(DEMO.whatsappId, { number: '5511960000099', name: 'Bia' }, 'oi');
    ticketId = await eventually(async () => {
      const l = await system.api('GET', '/tickets?status=pending&showAll=true', { token: admin });
      return l.body.tickets.find((t: { contact: { name: string } }) => t.contact.name === 'Bia')?.id;
    });
    expect(
      (await system.api('PUT', `/tickets/${ticketId}`, { token: admin, body: { status: 'open' } })).status,
    ).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await system?.close();
    delete process.env.ZELO_MEDIA_DIR;
    await rm(mediaDir, { recursive: true, force: true });
  });

  it('a page or an SVG is refused whatever it is declared as or named, and nothing is stored', async () => {
    const before = await storedFiles();
    for (const file of [
      { name: 'foto.png', type: 'image/png', bytes: html },
      { name: 'page.html', type: 'text/plain', bytes: html },
      { name: 'doc.pdf', type: 'application/pdf', bytes: html },
      { name: 'logo.png', type: 'image/png', bytes: svg },
    ]) {
      const r = await sendMedia([file]);
      expect(r.status, `${file.name} as ${file.type}`).toBe(400);
      expect(r.body.error).toBe('ERR_MEDIA_TYPE_MISMATCH');
    }
    // Bytes no format recognises are no image, audio or video.
    const r = await sendMedia([{ name: 'clip.mp4', type: 'video/mp4', bytes: noise }]);
    expect(r.body.error).toBe('ERR_MEDIA_TYPE_MISMATCH');
    expect(await storedFiles()).toBe(before);
  });

  it('a lie about a real format is corrected: the message and the stored name follow the bytes', async () => {
    const r = await sendMedia([
      { name: 'boleto.png', type: 'image/png', bytes: pdf },
      { name: 'evil.html', type: 'image/png', bytes: realPng },
    ]);
    expect(r.status).toBe(201);
    expect(r.body[0]).toMatchObject({ mediaType: 'application' });
    expect(r.body[0].mediaUrl).toMatch(/-boleto\.png\.pdf$/);
    expect(r.body[1]).toMatchObject({ mediaType: 'image' });
    expect(r.body[1].mediaUrl).toMatch(/-evil\.html\.png$/);

    const image = await served(r.body[1].mediaUrl);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('content-disposition')).toBeNull();
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    // The web app on another origin shows it.
    expect(image.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const document = await served(r.body[0].mediaUrl);
    expect(document.headers.get('content-type')).toBe('application/pdf');
    expect(document.headers.get('content-disposition')).toBe('attachment');
  });

  it("a browser's voice note (audio/webm, a container file-type names video) stays audio", async () => {
    // The EBML header of a WebM file, as MediaRecorder starts one.
    const docType = [0x42, 0x82, 0x84, ...new TextEncoder().encode('webm')];
    const webm = Uint8Array.from([
      0x1a,
      0x45,
      0xdf,
      0xa3,
      0x80 | docType.length,
      ...docType,
      0x18,
      0x53,
      0x80,
      0x67,
      1,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
    ]);
    const r = await sendMedia([
      { name: 'audio-1.webm', type: 'audio/webm;codecs=opus', bytes: webm },
      { name: 'video.webm', type: 'video/webm', bytes: webm },
    ]);
    expect(r.status).toBe(201);
    expect(r.body.map((m: { mediaType: string }) => m.mediaType)).toEqual(['audio', 'video']);
    expect(r.body[0].mediaUrl).toMatch(/-audio-1\.webm$/);
  });

  it('a text document is kept as a document and downloads; a risky extension gains .txt', async () => {
    const r = await sendMedia([
      { name: 'contatos.csv', type: 'text/csv', bytes: text },
      { name: 'notas.js', type: 'text/plain', bytes: text },
    ]);
    expect(r.status).toBe(201);
    expect(r.body[0].mediaUrl).toMatch(/-contatos\.csv$/);
    expect(r.body[1].mediaUrl).toMatch(/-notas\.js\.txt$/);
    for (const m of r.body) {
      const res = await served(m.mediaUrl);
      expect(res.headers.get('content-disposition')).toBe('attachment');
      expect(res.headers.get('content-type')).not.toMatch(/html|javascript/);
    }
  });

  it('a page already in the media folder (stored before, or a customer document) is never served as a page', async () => {
    const dir = join(mediaDir, DEMO.companyId, 'old');
    await mkdir(dir, { recursive: true });
    for (const name of ['legacy.html', 'legacy.svg', 'legacy.js']) {
      await writeFile(join(dir, name), html);
      const res = await served(`/public/${DEMO.companyId}/old/${name}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/octet-stream');
      expect(res.headers.get('content-disposition')).toBe('attachment');
      expect(res.headers.get('content-security-policy')).toContain('sandbox');
    }
  });

  it('quick messages and the external API check the bytes too', async () => {
    const quick = await system.api('POST', '/quick-messages', {
      token: admin,
      body: { shortcode: 'sniff', message: 'Segue' },
    });
    const q = await post(
      `/quick-messages/${quick.body.id}/media-upload`,
      admin,
      form('file', [{ name: 'a.png', type: 'image/png', bytes: html }]),
    );
    expect(q.body.error).toBe('ERR_MEDIA_TYPE_MISMATCH');
    const token = (await system.api('GET', `/whatsapp/${DEMO.whatsappId}`, { token: admin })).body.token;
    const external = await post(
      '/api/messages/send',
      token,
      form('medias', [{ name: 'a.png', type: 'image/png', bytes: html }], { number: '5511960000098' }),
    );
    expect(external.body.error).toBe('ERR_MEDIA_TYPE_MISMATCH');
  });
});

describe('security headers on the API', () => {
  let system: TestSystem;
  beforeAll(async () => {
    system = await startTestSystem();
  }, 60_000);
  afterAll(async () => system?.close());

  it('every answer carries them (a JSON answer, an error), and CORS still lets the web app in', async () => {
    const origin = 'http://localhost:3000';
    for (const path of ['/health', '/tickets', '/nope']) {
      const res = await fetch(`${system.url}${path}`, { headers: { origin } });
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), path).toBe('SAMEORIGIN');
      expect(res.headers.get('strict-transport-security'), path).toMatch(/max-age=\d+/);
      expect(res.headers.get('referrer-policy'), path).toBe('no-referrer');
      expect(res.headers.get('content-security-policy'), path).toContain("default-src 'none'");
      expect(res.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
      expect(res.headers.get('access-control-allow-origin'), path).toBe(origin);
      expect(res.headers.get('access-control-allow-credentials'), path).toBe('true');
    }
    const preflight = await fetch(`${system.url}/auth/login`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
    const login = await fetch(`${system.url}/auth/login`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO.email, password: DEMO.password }),
    });
    expect(login.status).toBe(200);
    expect(login.headers.get('access-control-allow-origin')).toBe(origin);
  });
});
