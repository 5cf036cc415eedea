import { generateKeyPairSync } from 'node:crypto';
import { DomainError } from '@zelo/contracts/errors';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeDialogflow, startFakeDialogflow } from '../testing/fake-dialogflow.ts';
import { type DialogflowConfig, detectIntent, sessionIdFor, testDialogflowSession } from './dialogflow.ts';

const keyPair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
const account = keyPair();
const stranger = keyPair();
const clientEmail = 'zelo-bot@zelo-agent-123.iam.gserviceaccount.com';
// The shape of the key file the Google Cloud console downloads.
const keyFile = (privateKey: string, email = clientEmail) =>
  JSON.stringify({
    type: 'service_account',
    project_id: 'zelo-agent-123',
    private_key_id: 'a1b2c3',
    private_key: privateKey,
    client_email: email,
    client_id: '1234567890',
    auth_uri: 'https://accounts.google.com/o/oauth2/auth',
    token_uri: 'https://oauth2.googleapis.com/token',
    universe_domain: 'googleapis.com',
  });

let google: FakeDialogflow;
let config: DialogflowConfig;
const params = { projectName: 'zelo-agent-123', language: 'pt-BR', jsonContent: keyFile(account.privateKey) };

beforeAll(async () => {
  google = await startFakeDialogflow({
    projectId: 'zelo-agent-123',
    clientEmail,
    publicKey: account.publicKey,
  });
  config = { baseUrl: google.url, tokenUrl: google.tokenUrl, timeoutMs: 2000 };
});
afterAll(() => google.close());
beforeEach(() => {
  google.mode = 'ok';
  google.requests.length = 0;
});

describe('detectIntent', () => {
  it("sends the customer's text to the agent and answers its fulfilment", async () => {
    const answer = await detectIntent({ ...params, sessionId: 'ticket-42', text: 'Oi, bom dia' }, config);
    expect(answer).toEqual({
      fulfillmentText: 'Olá! Como posso ajudar?',
      intent: 'Default Welcome Intent',
      endConversation: false,
    });
    const call = google.requests.find((r) => r.path.endsWith(':detectIntent'));
    expect(call?.path).toBe('/v2/projects/zelo-agent-123/agent/sessions/ticket-42:detectIntent');
    expect(JSON.parse(String(call?.body))).toEqual({
      queryInput: { text: { text: 'Oi, bom dia', languageCode: 'pt-BR' } },
    });
  });

  it('says when the intent ends the conversation', async () => {
    const answer = await detectIntent({ ...params, sessionId: 'ticket-42', text: 'obrigado, tchau' }, config);
    expect(answer).toMatchObject({
      fulfillmentText: 'Até logo!',
      intent: 'Despedida',
      endConversation: true,
    });
  });

  it('asks a token once and reuses it', async () => {
    const tokenCalls = () => google.requests.filter((r) => r.path === '/token').length;
    await detectIntent({ ...params, sessionId: 'ticket-43', text: 'oi' }, config);
    const afterFirst = tokenCalls();
    await detectIntent({ ...params, sessionId: 'ticket-43', text: 'hein?' }, config);
    expect(tokenCalls()).toBe(afterFirst);
    expect(google.requests.filter((r) => r.path.endsWith(':detectIntent'))).toHaveLength(2);
  });

  it('keeps session ids within 36 bytes, stably', () => {
    const long = 'company-7f3a1c/ticket-0193e0a4-5b6c-7d8e-9f00-112233445566';
    expect(sessionIdFor(long)).toHaveLength(36);
    expect(sessionIdFor(long)).toBe(sessionIdFor(long));
    expect(sessionIdFor('ticket-1')).toBe('ticket-1');
  });

  it('refuses content that is not a service account key as a validation error', async () => {
    for (const jsonContent of [
      'not json',
      '{"type":"authorized_user"}',
      keyFile('-----BEGIN PRIVATE KEY-----\nxx\n-----END PRIVATE KEY-----\n'),
    ]) {
      const err = await detectIntent({ ...params, jsonContent, sessionId: 's', text: 'oi' }, config).catch(
        (e) => e,
      );
      expect(err).toBeInstanceOf(DomainError);
      expect(err).toMatchObject({ code: 'ERR_VALIDATION' });
    }
    expect(google.requests).toHaveLength(0);
  });

  it('throws a typed error when Dialogflow hangs or fails', async () => {
    await detectIntent({ ...params, sessionId: 'warm', text: 'oi' }, config);
    google.mode = 'hang';
    await expect(detectIntent({ ...params, sessionId: 'warm', text: 'oi' }, config)).rejects.toMatchObject({
      kind: 'timeout',
    });
    google.mode = 'error500';
    await expect(detectIntent({ ...params, sessionId: 'warm', text: 'oi' }, config)).rejects.toMatchObject({
      kind: 'http',
      status: 500,
    });
  });
});

describe('testDialogflowSession', () => {
  it('answers ok with the agent greeting for good credentials', async () => {
    expect(await testDialogflowSession(params, config)).toEqual({
      ok: true,
      message: 'Olá! Como posso ajudar?',
    });
  });

  it("answers not ok with Google's reason when the key is not the account's", async () => {
    const result = await testDialogflowSession(
      { ...params, jsonContent: keyFile(stranger.privateKey) },
      config,
    );
    expect(result.ok).toBe(false);
    expect(result.message).toContain('invalid_grant: Invalid JWT Signature.');
    expect(google.requests.some((r) => r.path.endsWith(':detectIntent'))).toBe(false);
  });

  it('answers not ok for an unknown account', async () => {
    const result = await testDialogflowSession(
      { ...params, jsonContent: keyFile(account.privateKey, 'other@x.iam.gserviceaccount.com') },
      config,
    );
    expect(result).toMatchObject({ ok: false });
    expect(result.message).toContain('account not found');
  });

  it('answers not ok when the project is not the agent the account may use', async () => {
    const result = await testDialogflowSession({ ...params, projectName: 'someone-else' }, config);
    expect(result.ok).toBe(false);
    expect(result.message).toContain('403 PERMISSION_DENIED');
  });

  it('throws a validation error for invalid JSON content', async () => {
    await expect(testDialogflowSession({ ...params, jsonContent: '{oops' }, config)).rejects.toMatchObject({
      code: 'ERR_VALIDATION',
    });
  });

  it('answers not ok when Google is unreachable', async () => {
    const result = await testDialogflowSession(params, { ...config, baseUrl: 'http://127.0.0.1:1' });
    expect(result.ok).toBe(false);
    expect(result.message).toContain('unreachable');
  });

  it("answers not ok when Google's token endpoint fails", async () => {
    google.mode = 'error500';
    const started = Date.now();
    const result = await testDialogflowSession(
      { ...params, jsonContent: keyFile(account.privateKey, 'fresh@zelo-agent-123.iam.gserviceaccount.com') },
      config,
    );
    expect(result).toMatchObject({ ok: false });
    expect(result.message).toContain('Google refused the service account');
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
