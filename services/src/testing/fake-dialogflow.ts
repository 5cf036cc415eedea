import { createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What Google checks the assertion's audience against (the JWT bearer grant, RFC 7523). */
const GOOGLE_TOKEN_AUDIENCE = 'https://oauth2.googleapis.com/token';
const SCOPES = [
  'https://www.googleapis.com/auth/cloud-platform',
  'https://www.googleapis.com/auth/dialogflow',
];

export interface FakeDialogflowRequest {
  method: string;
  path: string;
  body: unknown;
}

export interface FakeDialogflow {
  /** The base URL to give DIALOGFLOW_BASE_URL. */
  url: string;
  /** The token endpoint (the OAuth2 JWT bearer grant), for DIALOGFLOW_TOKEN_URL. */
  tokenUrl: string;
  requests: FakeDialogflowRequest[];
  /** 'ok' answers as Google does; 'error500' every call a 500, 'hang' never answers. */
  mode: 'ok' | 'error500' | 'hang';
  close(): Promise<void>;
}

/**
 * A local server answering as Google's OAuth2 token endpoint (JWT bearer grant: the assertion's RS256
 * signature checked against the service account's public key, its iss, aud, exp and scope) and as
 * Dialogflow ES v2's `projects.agent.sessions.detectIntent` for one project, with a small agent: a
 * greeting intent (oi, olá), a goodbye that ends the interaction (tchau, obrigado) and the fallback.
 */
export async function startFakeDialogflow(account: {
  projectId: string;
  clientEmail: string;
  /** PEM of the service account's public key. */
  publicKey: string;
}): Promise<FakeDialogflow> {
  const publicKey = createPublicKey(account.publicKey);
  const tokens = new Set<string>();
  const requests: FakeDialogflowRequest[] = [];
  const fake = { mode: 'ok' } as FakeDialogflow;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
    res.end(JSON.stringify(body));
  };
  const googleError = (res: ServerResponse, code: number, status: string, message: string) =>
    send(res, code, { error: { code, message, status } });
  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return Buffer.concat(chunks).toString();
  };

  function checkAssertion(assertion: string): string | null {
    const [header, payload, signature] = assertion.split('.');
    if (!header || !payload || !signature)
      return 'Invalid JWT: Token must be a short-lived token and in a reasonable timeframe';
    const h = JSON.parse(Buffer.from(header, 'base64url').toString());
    const p = JSON.parse(Buffer.from(payload, 'base64url').toString());
    if (h.alg !== 'RS256') return 'Invalid JWT Signature.';
    const signed = verify(
      'RSA-SHA256',
      Buffer.from(`${header}.${payload}`),
      publicKey,
      Buffer.from(signature, 'base64url'),
    );
    if (p.iss !== account.clientEmail) return 'Invalid grant: account not found';
    if (!signed) return 'Invalid JWT Signature.';
    const now = Math.floor(Date.now() / 1000);
    if (p.aud !== GOOGLE_TOKEN_AUDIENCE || !(p.exp > now) || p.iat > now + 300)
      return 'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe.';
    const scopes = String(p.scope ?? '').split(' ');
    if (!scopes.some((s) => SCOPES.includes(s))) return 'invalid_scope';
    return null;
  }

  function agent(text: string): { intent: string; reply: string; end: boolean } {
    // Whole words, accents included (\b does not know them).
    const words = text.toLowerCase().split(/[^\p{L}]+/u);
    if (words.some((w) => /^(tchau|obrigad[oa])$/.test(w)))
      return { intent: 'Despedida', reply: 'Até logo!', end: true };
    if (words.some((w) => /^(oi|olá|ola)$/.test(w)))
      return { intent: 'Default Welcome Intent', reply: 'Olá! Como posso ajudar?', end: false };
    return { intent: 'Default Fallback Intent', reply: 'Desculpe, não entendi.', end: false };
  }

  async function route(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const raw = await readBody(req);
    requests.push({ method: req.method ?? '', path, body: raw });
    if (fake.mode === 'hang') return;
    if (fake.mode === 'error500') return googleError(res, 500, 'INTERNAL', 'Internal error encountered.');
    if (req.method === 'POST' && path === '/token') {
      const form = new URLSearchParams(raw);
      if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer')
        return send(res, 400, { error: 'unsupported_grant_type', error_description: 'Invalid grant_type: ' });
      const problem = checkAssertion(form.get('assertion') ?? '');
      if (problem)
        return send(
          res,
          400,
          problem === 'invalid_scope'
            ? {
                error: 'invalid_scope',
                error_description: 'Invalid OAuth scope or ID token audience provided.',
              }
            : { error: 'invalid_grant', error_description: problem },
        );
      const token = `ya29.${randomBytes(24).toString('base64url')}`;
      tokens.add(token);
      return send(res, 200, { access_token: token, expires_in: 3599, token_type: 'Bearer' });
    }
    const detect = /^\/v2\/projects\/([^/]+)\/agent\/sessions\/([^/]+):detectIntent$/.exec(path);
    if (req.method === 'POST' && detect) {
      const bearer = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
      if (!tokens.has(bearer))
        return googleError(res, 401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.');
      const project = decodeURIComponent(detect[1]);
      if (project !== account.projectId)
        return googleError(
          res,
          403,
          'PERMISSION_DENIED',
          `IAM permission 'dialogflow.sessions.detectIntent' on 'projects/${project}/agent' denied.`,
        );
      const session = decodeURIComponent(detect[2]);
      if (Buffer.byteLength(session) > 36)
        return googleError(res, 400, 'INVALID_ARGUMENT', 'Session ID must not exceed 36 bytes.');
      const body = JSON.parse(raw || '{}');
      const text = body.queryInput?.text;
      if (!text?.text || !text.languageCode)
        return googleError(
          res,
          400,
          'INVALID_ARGUMENT',
          'Invalid query input: text and languageCode are required.',
        );
      const { intent, reply, end } = agent(String(text.text));
      return send(res, 200, {
        responseId: randomBytes(16).toString('hex'),
        queryResult: {
          queryText: text.text,
          languageCode: text.languageCode,
          allRequiredParamsPresent: true,
          fulfillmentText: reply,
          fulfillmentMessages: [{ text: { text: [reply] } }],
          intent: {
            name: `projects/${project}/agent/intents/${randomBytes(8).toString('hex')}`,
            displayName: intent,
            ...(end ? { endInteraction: true } : {}),
          },
          intentDetectionConfidence: intent === 'Default Fallback Intent' ? 1 : 0.9,
          ...(end ? { diagnosticInfo: { end_conversation: true } } : {}),
        },
      });
    }
    return googleError(res, 404, 'NOT_FOUND', `Method not found: ${path}`);
  }

  const server = createServer((req, res) => {
    route(req, res).catch((err) => googleError(res, 500, 'INTERNAL', String(err)));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return Object.assign(fake, {
    url,
    tokenUrl: `${url}/token`,
    requests,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  });
}
