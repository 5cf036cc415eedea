import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeTypebotRequest {
  method: string;
  path: string;
  body: unknown;
}

export interface FakeTypebot {
  /** The viewer's base URL (the integration's urlN8N). */
  url: string;
  /** The published bot's public ID (the integration's typebotSlug). */
  publicId: string;
  requests: FakeTypebotRequest[];
  /** 'ok' follows the script; the others answer 500, never answer, or answer something not JSON. */
  mode: 'ok' | 'error500' | 'hang' | 'garbage';
  /** Drops a session, as the viewer does once it expires it. */
  forget(sessionId: string): void;
  sessions: Map<string, { step: number; variables: Record<string, unknown> }>;
  close(): Promise<void>;
}

const rich = (...paragraphs: unknown[][]) => paragraphs.map((children) => ({ type: 'p', children }));
const text = (id: string, ...paragraphs: unknown[][]) => ({
  id,
  type: 'text',
  content: { type: 'richText', richText: rich(...paragraphs) },
});
const CHOICES = ['Vendas', 'Suporte'];

/**
 * A local server answering as Typebot's viewer (public chat API v1: startChat, continueChat), with a
 * scripted bot: a greeting that asks the name; then a thanks, an image and a choice (Vendas, Suporte);
 * then a goodbye with a link and no input (the end of the flow). A reply that is not one of the choices
 * gets Typebot's retry message and the same input again; an unknown session answers 404 as Typebot does.
 */
export async function startFakeTypebot(): Promise<FakeTypebot> {
  const publicId = 'zelo-atendimento';
  const requests: FakeTypebotRequest[] = [];
  const sessions: FakeTypebot['sessions'] = new Map();
  const fake = { mode: 'ok' } as FakeTypebot;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString();
    return raw ? JSON.parse(raw) : {};
  };
  // Typebot accepts the legacy string form as well as {type: 'text', text}.
  const textOf = (message: unknown): string | undefined =>
    typeof message === 'string'
      ? message
      : message && typeof message === 'object' && (message as { type?: string }).type === 'text'
        ? String((message as { text?: unknown }).text ?? '')
        : undefined;
  const choiceInput = {
    id: 'input-choice',
    type: 'choice input',
    items: CHOICES.map((content, i) => ({ id: `item-${i}`, content })),
    options: {},
  };

  async function route(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const body = await readBody(req);
    requests.push({ method: req.method ?? '', path, body });
    if (fake.mode === 'hang') return; // never answers
    if (fake.mode === 'error500')
      return send(res, 500, { message: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' });
    if (fake.mode === 'garbage') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end('<html><body>Bad gateway</body></html>');
    }
    const start = /^\/api\/v1\/typebots\/([^/]+)\/startChat$/.exec(path);
    if (req.method === 'POST' && start) {
      if (decodeURIComponent(start[1]) !== publicId)
        return send(res, 404, { message: "Typebot doesn't exist", code: 'NOT_FOUND' });
      const sessionId = randomBytes(12).toString('hex');
      const variables = (body.prefilledVariables ?? {}) as Record<string, unknown>;
      sessions.set(sessionId, { step: 1, variables });
      return send(res, 200, {
        sessionId,
        resultId: randomBytes(8).toString('hex'),
        typebot: { id: 'typebot-1', version: '6', theme: {}, settings: {} },
        messages: [
          text(
            'm1',
            [{ text: 'Olá, ' }, { text: String(variables.pushName ?? ''), bold: true }, { text: '!' }],
            [{ text: 'Bem-vindo ao ' }, { text: 'atendimento', italic: true }, { text: '.' }],
          ),
          text('m2', [{ text: 'Qual é o seu nome?' }]),
        ],
        input: { id: 'input-name', type: 'text input', options: { labels: { placeholder: 'Seu nome' } } },
      });
    }
    const cont = /^\/api\/v1\/sessions\/([^/]+)\/continueChat$/.exec(path);
    if (req.method === 'POST' && cont) {
      const session = sessions.get(decodeURIComponent(cont[1]));
      if (!session) return send(res, 404, { message: 'Session not found.', code: 'NOT_FOUND' });
      const reply = textOf(body.message);
      if (reply === undefined) return send(res, 400, { message: 'Invalid message', code: 'BAD_REQUEST' });
      if (session.step === 1) {
        session.step = 2;
        session.variables.name = reply;
        return send(res, 200, {
          messages: [
            text('m3', [{ text: 'Prazer, ' }, { text: reply, bold: true }, { text: '.' }]),
            { id: 'm4', type: 'image', content: { url: 'https://cdn.example.com/zelo/logo.png' } },
            text('m5', [{ text: 'Com qual setor deseja falar?' }]),
          ],
          input: choiceInput,
        });
      }
      if (session.step === 2) {
        const choice = CHOICES.find((c) => c.toLowerCase() === reply.trim().toLowerCase());
        if (!choice)
          return send(res, 200, {
            messages: [text('retry', [{ text: 'Invalid message. Please, try again.' }])],
            input: choiceInput,
          });
        session.step = 3;
        return send(res, 200, {
          messages: [
            text('m6', [
              { text: `Você escolheu ${choice}. Veja ` },
              {
                type: 'a',
                url: 'https://zelo.example.com/horarios',
                children: [{ text: 'nossos horários' }],
              },
              { text: '.' },
            ]),
          ],
        });
      }
      return send(res, 200, { messages: [] });
    }
    return send(res, 404, { message: 'Not found', code: 'NOT_FOUND' });
  }

  const server = createServer((req, res) => {
    route(req, res).catch((err) => send(res, 500, { message: String(err), code: 'INTERNAL_SERVER_ERROR' }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    publicId,
    requests,
    sessions,
    forget: (sessionId: string) => void sessions.delete(sessionId),
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  });
}
