import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local server speaking the published OpenAI API as far as Zelo uses it (api reference "Chat
// Completions: create" and "Audio: create transcription"): Bearer authentication, POST
// /v1/chat/completions answering a `chat.completion` object, POST /v1/audio/transcriptions taking a
// multipart form (`file`, `model`) and answering `{ text }`, errors as `{ error: { message, type,
// param, code } }`. Tests script its answers and read what it was sent.

/** What the next call answers: a text, after a delay, or a failure. */
export interface FakeOpenAiStep {
  /** The assistant's content (chat) or the transcript (audio). */
  text?: string;
  /** Wait this long before answering (a slow server; the client's timeout may end it first). */
  delayMs?: number;
  /** Answer this HTTP status with an OpenAI error body instead. */
  status?: number;
  /** Answer 200 with a body that is not the API's: `not-json` text, or JSON without choices/text. */
  garbage?: 'not-json' | 'wrong-shape';
}

export interface ChatCompletionCall {
  authorization: string | undefined;
  body: {
    model: string;
    messages: { role: string; content: string }[];
    max_tokens?: number;
    max_completion_tokens?: number;
    temperature?: number;
  };
}

export interface TranscriptionCall {
  authorization: string | undefined;
  model: string;
  filename: string;
  bytes: Uint8Array;
}

export interface FakeOpenAi {
  /** What to give OPENAI_BASE_URL / `baseURL`: the server's address with `/v1`. */
  baseURL: string;
  /** The only key it accepts (any key starting `sk-test` works too). */
  apiKey: string;
  chats: ChatCompletionCall[];
  transcriptions: TranscriptionCall[];
  /** Queues answers, one per call (chat and audio alike), in order; then `fallback` answers. */
  script(...steps: FakeOpenAiStep[]): void;
  /** Forgets the calls and the steps not yet used. */
  reset(): void;
  /** What a call with no scripted step answers. */
  fallback: FakeOpenAiStep;
  close(): Promise<void>;
}

const error = (res: ServerResponse, status: number, message: string, type: string, code: string | null) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { message, type, param: null, code } }));
};

const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const steps: FakeOpenAiStep[] = [];
  const fake: FakeOpenAi = {
    baseURL: '',
    apiKey: `sk-test-${randomBytes(12).toString('hex')}`,
    chats: [],
    transcriptions: [],
    script: (...more) => void steps.push(...more),
    reset() {
      steps.length = 0;
      fake.chats.length = 0;
      fake.transcriptions.length = 0;
    },
    fallback: { text: 'Olá! Como posso ajudar?' },
    close: async () => {},
  };
  let nextId = 1;

  const authorized = (req: IncomingMessage) => {
    const auth = req.headers.authorization ?? '';
    const key = auth.startsWith('Bearer ') ? auth.slice(7) : '';
    return key === fake.apiKey || key.startsWith('sk-test');
  };

  /** Applies a step's delay and failure; true when it answered already. */
  async function failed(res: ServerResponse, step: FakeOpenAiStep): Promise<boolean> {
    if (step.delayMs) await new Promise((r) => setTimeout(r, step.delayMs));
    if (res.destroyed) return true;
    if (step.status && step.status >= 400) {
      const type = step.status >= 500 ? 'server_error' : 'invalid_request_error';
      error(
        res,
        step.status,
        `The server had an error while processing your request (${step.status}).`,
        type,
        null,
      );
      return true;
    }
    if (step.garbage === 'not-json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('<html>502 Bad Gateway</html>');
      return true;
    }
    if (step.garbage === 'wrong-shape') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ hello: 'world' }));
      return true;
    }
    return false;
  }

  async function chat(req: IncomingMessage, res: ServerResponse) {
    let body: ChatCompletionCall['body'];
    try {
      body = JSON.parse((await readBody(req)).toString('utf8'));
    } catch {
      return error(
        res,
        400,
        'We could not parse the JSON body of your request.',
        'invalid_request_error',
        null,
      );
    }
    if (typeof body?.model !== 'string')
      return error(res, 400, 'you must provide a model parameter', 'invalid_request_error', null);
    if (!Array.isArray(body.messages) || body.messages.length === 0)
      return error(res, 400, "'messages' is a required property", 'invalid_request_error', null);
    fake.chats.push({ authorization: req.headers.authorization, body });
    const step = steps.shift() ?? fake.fallback;
    if (await failed(res, step)) return;
    const content = step.text ?? '';
    const promptTokens = body.messages.reduce((n, m) => n + Math.ceil(String(m.content).length / 4), 0);
    const completionTokens = Math.ceil(content.length / 4);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: `chatcmpl-${nextId++}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content, refusal: null },
            logprobs: null,
            finish_reason: 'stop',
          },
        ],
        usage: {
          prompt_tokens: promptTokens,
          completion_tokens: completionTokens,
          total_tokens: promptTokens + completionTokens,
        },
        system_fingerprint: null,
      }),
    );
  }

  async function transcription(req: IncomingMessage, res: ServerResponse) {
    const raw = await readBody(req);
    let form: FormData;
    try {
      // The multipart body parsed as a fetch Request would (undici, in Node itself).
      form = await new Request('http://fake/', {
        method: 'POST',
        headers: { 'content-type': req.headers['content-type'] ?? '' },
        body: raw,
      }).formData();
    } catch {
      return error(res, 400, 'Could not parse multipart form', 'invalid_request_error', null);
    }
    const file = form.get('file');
    const model = form.get('model');
    if (!(file instanceof Blob))
      return error(
        res,
        400,
        '1 validation error for Request body -> file field required',
        'invalid_request_error',
        null,
      );
    if (typeof model !== 'string')
      return error(res, 400, 'you must provide a model parameter', 'invalid_request_error', null);
    fake.transcriptions.push({
      authorization: req.headers.authorization,
      model,
      filename: (file as File).name,
      bytes: new Uint8Array(await file.arrayBuffer()),
    });
    const step = steps.shift() ?? fake.fallback;
    if (await failed(res, step)) return;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ text: step.text ?? '' }));
  }

  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    const route =
      req.method === 'POST' && path === '/v1/chat/completions'
        ? chat
        : req.method === 'POST' && path === '/v1/audio/transcriptions'
          ? transcription
          : null;
    if (!route) return error(res, 404, `Invalid URL (${req.method} ${path})`, 'invalid_request_error', null);
    if (!authorized(req))
      return error(res, 401, 'Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key');
    route(req, res).catch((err) => {
      if (!res.headersSent) error(res, 500, String(err), 'server_error', null);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.baseURL = `http://127.0.0.1:${port}/v1`;
  fake.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
