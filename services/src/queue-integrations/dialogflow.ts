// Dialogflow ES through Google's published REST API (v2):
//   POST {DIALOGFLOW_BASE_URL}/v2/projects/{project}/agent/sessions/{session}:detectIntent
//        {queryInput: {text: {text, languageCode}}} -> {responseId, queryResult: {fulfillmentText, intent, ...}}
// authorised by an OAuth2 access token that google-auth-library's JWT client obtains for the service
// account of the integration's jsonContent (JWT bearer grant, scope cloud-platform).
import { createHash, createPrivateKey, randomUUID } from 'node:crypto';
import { DomainError } from '@zelo/contracts/errors';
import { JWT } from 'google-auth-library';
import * as v from 'valibot';

const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
const SCOPE = 'https://www.googleapis.com/auth/cloud-platform';

export interface DialogflowConfig {
  /** Defaults to https://dialogflow.googleapis.com (DIALOGFLOW_BASE_URL). */
  baseUrl?: string;
  /**
   * Where the access token is asked, defaults to Google's (DIALOGFLOW_TOKEN_URL). The key's own
   * `token_uri` is not followed: a company admin pastes that JSON, and the server must not post signed
   * assertions to whatever URL it names.
   */
  tokenUrl?: string;
  /** Per request; defaults to 10 s. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export function dialogflowConfigFromEnv(env: NodeJS.ProcessEnv = process.env): DialogflowConfig {
  return {
    baseUrl: env.DIALOGFLOW_BASE_URL || undefined,
    tokenUrl: env.DIALOGFLOW_TOKEN_URL || undefined,
  };
}

export type DialogflowFailure = 'auth' | 'http' | 'timeout' | 'unreachable' | 'garbage';

/** Dialogflow (or Google's token endpoint) could not be used; `message` says why. */
export class DialogflowError extends Error {
  constructor(
    readonly kind: DialogflowFailure,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'DialogflowError';
  }
}

const ServiceAccount = v.looseObject({
  type: v.literal('service_account'),
  client_email: v.pipe(v.string(), v.email()),
  private_key: v.pipe(v.string(), v.includes('PRIVATE KEY')),
  private_key_id: v.optional(v.string()),
  project_id: v.optional(v.string()),
});
export type ServiceAccount = v.InferOutput<typeof ServiceAccount>;

/** The integration's jsonContent as a service account key, or ERR_VALIDATION saying what is wrong. */
export function parseServiceAccount(jsonContent: string): ServiceAccount {
  let json: unknown;
  try {
    json = JSON.parse(jsonContent);
  } catch {
    throw new DomainError('ERR_VALIDATION', 'jsonContent is not JSON: paste the service account key file');
  }
  const parsed = v.safeParse(ServiceAccount, json);
  if (!parsed.success)
    throw new DomainError(
      'ERR_VALIDATION',
      `jsonContent is not a service account key (type "service_account", client_email, private_key): ${v.summarize(parsed.issues)}`,
    );
  try {
    createPrivateKey(parsed.output.private_key);
  } catch {
    throw new DomainError('ERR_VALIDATION', 'jsonContent: private_key is not a readable PEM private key');
  }
  return parsed.output;
}

const Params = v.object({
  projectName: v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^[A-Za-z0-9.:_-]{1,100}$/, 'projectName: a Google Cloud project ID'),
  ),
  language: v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'language: a language code such as pt-BR'),
  ),
});

const DetectIntentResponse = v.looseObject({
  responseId: v.optional(v.string()),
  queryResult: v.looseObject({
    fulfillmentText: v.optional(v.string()),
    fulfillmentMessages: v.optional(
      v.array(v.looseObject({ text: v.optional(v.looseObject({ text: v.optional(v.array(v.string())) })) })),
    ),
    intent: v.optional(
      v.looseObject({ displayName: v.optional(v.string()), endInteraction: v.optional(v.boolean()) }),
    ),
    diagnosticInfo: v.optional(v.looseObject({ end_conversation: v.optional(v.boolean()) })),
  }),
});

export interface DetectIntentResult {
  /** What the agent answers; empty when it has nothing to say. */
  fulfillmentText: string;
  /** The matched intent's display name, or null. */
  intent: string | null;
  /** The intent ends the interaction: the automation should end and hand the ticket to a human. */
  endConversation: boolean;
}

export async function detectIntent(
  params: { jsonContent: string; projectName: string; language: string; sessionId: string; text: string },
  config: DialogflowConfig = {},
): Promise<DetectIntentResult> {
  const key = parseServiceAccount(params.jsonContent);
  const checked = v.safeParse(Params, params);
  if (!checked.success) throw new DomainError('ERR_VALIDATION', v.summarize(checked.issues));
  const { projectName, language } = checked.output;
  const token = await accessToken(key, config);
  const base = (config.baseUrl ?? 'https://dialogflow.googleapis.com').replace(/\/+$/, '');
  const url = `${base}/v2/projects/${encodeURIComponent(projectName)}/agent/sessions/${sessionIdFor(params.sessionId)}:detectIntent`;
  // TextInput takes at most 256 characters.
  const body = { queryInput: { text: { text: params.text.slice(0, 256), languageCode: language } } };
  const json = await postJson(url, body, token, config);
  const parsed = v.safeParse(DetectIntentResponse, json);
  if (!parsed.success)
    throw new DialogflowError('garbage', 'Dialogflow answered something that is not a detectIntent response');
  const result = parsed.output.queryResult;
  const fromMessages = (result.fulfillmentMessages ?? []).flatMap((m) => m.text?.text ?? []).join('\n');
  return {
    fulfillmentText: (result.fulfillmentText || fromMessages).trim(),
    intent: result.intent?.displayName ?? null,
    endConversation:
      result.intent?.endInteraction === true || result.diagnosticInfo?.end_conversation === true,
  };
}

/**
 * The integration dialog's "test session": the credentials obtain a token and the agent answers a
 * greeting. Invalid JSON content throws ERR_VALIDATION; anything Google refuses comes back not ok.
 */
export async function testDialogflowSession(
  params: { jsonContent: string; projectName: string; language: string },
  config: DialogflowConfig = {},
): Promise<{ ok: boolean; message: string }> {
  parseServiceAccount(params.jsonContent);
  try {
    const answer = await detectIntent(
      { ...params, sessionId: `zelo-test-${randomUUID().slice(0, 8)}`, text: 'Olá' },
      config,
    );
    return { ok: true, message: answer.fulfillmentText || `intent ${answer.intent ?? '(none)'}` };
  } catch (err) {
    if (err instanceof DialogflowError) return { ok: false, message: err.message };
    throw err;
  }
}

/** Dialogflow's session IDs are at most 36 bytes: a longer or odd one becomes a stable digest of itself. */
export function sessionIdFor(id: string): string {
  if (/^[A-Za-z0-9_-]{1,36}$/.test(id)) return id;
  return createHash('sha256').update(id).digest('base64url').slice(0, 36);
}

// One JWT client per key and token URL: it keeps its access token until it nears expiry.
const clients = new Map<string, JWT>();

async function accessToken(key: ServiceAccount, config: DialogflowConfig): Promise<string> {
  const tokenUrl = config.tokenUrl ?? GOOGLE_TOKEN_URL;
  const id = createHash('sha256')
    .update(`${tokenUrl}\n${key.client_email}\n${key.private_key}`)
    .digest('hex');
  let client = clients.get(id);
  if (!client) {
    client = new JWT({
      email: key.client_email,
      key: key.private_key,
      keyId: key.private_key_id,
      scopes: [SCOPE],
      transporterOptions: { timeout: config.timeoutMs ?? 10_000 },
    });
    if (tokenUrl !== GOOGLE_TOKEN_URL) redirectTokenRequests(client, tokenUrl);
    if (clients.size >= 100) clients.delete(clients.keys().next().value as string);
    clients.set(id, client);
  }
  try {
    const { token } = await client.getAccessToken();
    if (!token) throw new Error('no access token in the answer');
    return token;
  } catch (err) {
    clients.delete(id);
    throw new DialogflowError('auth', `Google refused the service account: ${(err as Error).message}`);
  }
}

/** google-auth-library posts the grant to Google's token URL (a constant): sent to the configured one. */
function redirectTokenRequests(client: JWT, tokenUrl: string) {
  client.transporter.interceptors.request.add({
    resolved: async (options) => {
      if (options.url.href === GOOGLE_TOKEN_URL) options.url = new URL(tokenUrl);
      return options;
    },
  });
}

async function postJson(
  url: string,
  body: unknown,
  token: string,
  config: DialogflowConfig,
): Promise<unknown> {
  const timeoutMs = config.timeoutMs ?? 10_000;
  let res: Response;
  let text: string;
  try {
    res = await (config.fetch ?? fetch)(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    text = await res.text();
  } catch (err) {
    const name = (err as Error)?.name;
    if (name === 'TimeoutError' || name === 'AbortError')
      throw new DialogflowError('timeout', `Dialogflow did not answer within ${timeoutMs} ms`);
    throw new DialogflowError('unreachable', `Dialogflow unreachable: ${(err as Error)?.message ?? err}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new DialogflowError(
      'garbage',
      `Dialogflow answered ${res.status} with something that is not JSON`,
      res.status,
    );
  }
  if (!res.ok) {
    const error = (json as { error?: { status?: string; message?: string } }).error;
    throw new DialogflowError(
      'http',
      `Dialogflow answered ${res.status} ${error?.status ?? ''}: ${error?.message ?? text.slice(0, 200)}`,
      res.status,
    );
  }
  return json;
}
