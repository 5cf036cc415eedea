import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeTypebot, startFakeTypebot } from '../testing/fake-typebot.ts';
import {
  continueTypebotChat,
  runTypebotTurn,
  startTypebotChat,
  TypebotError,
  type TypebotIntegration,
} from './typebot.ts';
import type { TypebotSession } from './typebot-session.ts';

let bot: FakeTypebot;
let integration: TypebotIntegration;
const contact = { number: '5511999990000', pushName: 'Maria' };
const t0 = new Date('2026-11-26T15:00:00Z');
const later = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

beforeAll(async () => {
  bot = await startFakeTypebot();
});
afterAll(() => bot.close());
beforeEach(() => {
  bot.mode = 'ok';
  bot.requests.length = 0;
  integration = {
    urlN8N: `${bot.url}/`,
    typebotSlug: bot.publicId,
    typebotDelayMessage: 1000,
    typebotExpires: 1,
    typebotKeywordFinish: 'sair',
    typebotKeywordRestart: '#reiniciar',
    typebotRestartMessage: 'Recomeçando!',
    typebotUnknownMessage: 'Desculpe, só entendo texto.',
  };
});

describe('The client', () => {
  it('starts a chat with the number and push name as prefilled variables', async () => {
    const chat = await startTypebotChat({
      baseUrl: bot.url,
      publicId: bot.publicId,
      prefilledVariables: { number: contact.number, pushName: contact.pushName },
    });
    expect(chat.sessionId).toMatch(/\w+/);
    expect(chat.messages).toHaveLength(2);
    expect(bot.requests[0]).toEqual({
      method: 'POST',
      path: `/api/v1/typebots/${bot.publicId}/startChat`,
      body: {
        prefilledVariables: { number: '5511999990000', pushName: 'Maria' },
        textBubbleContentFormat: 'richText',
      },
    });
  });

  it('continues a chat with the message in the published {type, text} form', async () => {
    const { sessionId } = await startTypebotChat({
      baseUrl: bot.url,
      publicId: bot.publicId,
      prefilledVariables: {},
    });
    const chat = await continueTypebotChat({ baseUrl: bot.url, sessionId, message: 'Maria' });
    expect(chat.input?.type).toBe('choice input');
    expect(bot.requests[1].body).toEqual({
      message: { type: 'text', text: 'Maria' },
      textBubbleContentFormat: 'richText',
    });
  });

  it('throws a typed error for an unknown bot', async () => {
    const err = await startTypebotChat({ baseUrl: bot.url, publicId: 'nope', prefilledVariables: {} }).catch(
      (e) => e,
    );
    expect(err).toBeInstanceOf(TypebotError);
    expect(err).toMatchObject({ kind: 'http', status: 404 });
    expect(err.message).toContain("Typebot doesn't exist");
  });

  it('throws a typed error when Typebot fails, hangs, answers garbage or is not there', async () => {
    const params = { baseUrl: bot.url, publicId: bot.publicId, prefilledVariables: {} };
    bot.mode = 'error500';
    await expect(startTypebotChat(params)).rejects.toMatchObject({ kind: 'http', status: 500 });
    bot.mode = 'garbage';
    await expect(startTypebotChat(params)).rejects.toMatchObject({ kind: 'garbage' });
    bot.mode = 'hang';
    const started = Date.now();
    await expect(startTypebotChat(params, { timeoutMs: 300 })).rejects.toMatchObject({ kind: 'timeout' });
    expect(Date.now() - started).toBeLessThan(3000);
    await expect(startTypebotChat({ ...params, baseUrl: 'http://127.0.0.1:1' })).rejects.toMatchObject({
      kind: 'unreachable',
    });
  });
});

describe('A conversation through runTypebotTurn', () => {
  const turn = (session: TypebotSession | null, body: string, now: Date, mediaType = 'chat') =>
    runTypebotTurn({ session, message: { body, mediaType }, integration, contact, now });

  it('greets, asks, shows media and numbered choices, and ends when the flow does', async () => {
    const first = await turn(null, 'oi', t0);
    expect(first.replies).toEqual([
      { body: 'Olá, *Maria*!\nBem-vindo ao _atendimento_.' },
      { body: 'Qual é o seu nome?' },
    ]);
    expect(first.delayMs).toBe(1000);
    expect(first.ended).toBeNull();
    expect(first.session).toMatchObject({ lastActivityAt: t0.toISOString() });

    const second = await turn(first.session, 'Ana', later(20));
    expect(second.replies).toEqual([
      { body: 'Prazer, *Ana*.' },
      { body: '', mediaType: 'image', mediaUrl: 'https://cdn.example.com/zelo/logo.png' },
      { body: 'Com qual setor deseja falar?' },
      { body: '*1* - Vendas\n*2* - Suporte' },
    ]);
    expect(second.session?.choices).toEqual(['Vendas', 'Suporte']);

    const third = await turn(second.session, '2', later(40));
    expect(bot.requests.at(-1)?.body).toMatchObject({ message: { type: 'text', text: 'Suporte' } });
    expect(third.replies).toEqual([
      { body: 'Você escolheu Suporte. Veja nossos horários (https://zelo.example.com/horarios).' },
    ]);
    expect(third).toMatchObject({ session: null, ended: 'completed' });
  });

  it('answers media with the unknown message without calling Typebot', async () => {
    const first = await turn(null, 'oi', t0);
    const calls = bot.requests.length;
    const media = await turn(first.session, '', later(5), 'image');
    expect(media.replies).toEqual([{ body: 'Desculpe, só entendo texto.' }]);
    expect(media.session?.sessionId).toBe(first.session?.sessionId);
    expect(bot.requests).toHaveLength(calls);
  });

  it('finishes on the keyword without calling Typebot: the ticket goes to a human', async () => {
    const first = await turn(null, 'oi', t0);
    const calls = bot.requests.length;
    expect(await turn(first.session, 'Sair', later(5))).toMatchObject({
      replies: [],
      session: null,
      ended: 'keyword',
    });
    expect(bot.requests).toHaveLength(calls);
  });

  it('restarts on the keyword: the restart message, then the greeting of a new session', async () => {
    const first = await turn(null, 'oi', t0);
    const again = await turn(first.session, '#reiniciar', later(5));
    expect(again.replies.map((r) => r.body)).toEqual([
      'Recomeçando!',
      'Olá, *Maria*!\nBem-vindo ao _atendimento_.',
      'Qual é o seu nome?',
    ]);
    expect(again.session?.sessionId).not.toBe(first.session?.sessionId);
  });

  it('starts a new session when the old one was idle longer than typebotExpires', async () => {
    const first = await turn(null, 'oi', t0);
    const back = await turn(first.session, 'Ana', later(61));
    expect(back.replies[1]).toEqual({ body: 'Qual é o seu nome?' });
    expect(back.session?.sessionId).not.toBe(first.session?.sessionId);
    expect(bot.requests.map((r) => r.path.split('/').at(-1))).toEqual(['startChat', 'startChat']);
  });

  it('starts over when Typebot no longer knows the session', async () => {
    const first = await turn(null, 'oi', t0);
    bot.forget(first.session?.sessionId ?? '');
    const back = await turn(first.session, 'Ana', later(5));
    expect(back.replies[1]).toEqual({ body: 'Qual é o seu nome?' });
    expect(bot.requests.map((r) => r.path.split('/').at(-1))).toEqual([
      'startChat',
      'continueChat',
      'startChat',
    ]);
  });

  it('throws a TypebotError when Typebot is down, so the caller can hand the ticket to a human', async () => {
    const first = await turn(null, 'oi', t0);
    bot.mode = 'error500';
    await expect(turn(first.session, 'Ana', later(5))).rejects.toBeInstanceOf(TypebotError);
  });
});
