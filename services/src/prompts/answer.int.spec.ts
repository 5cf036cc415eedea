import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeOpenAi, startFakeOpenAi } from '../testing/fake-openai.ts';
import {
  answerWithPrompt,
  PromptAnswerError,
  type RuntimePrompt,
  TRANSFER_MARKER,
  transcribe,
} from './answer.ts';

// The AI answer against a local server that speaks OpenAI's published chat-completions and
// audio-transcriptions API (testing/fake-openai.ts), through the real `openai` client.

let fake: FakeOpenAi;
let prompt: RuntimePrompt;

beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(async () => fake?.close());
beforeEach(() => {
  fake.reset();
  prompt = {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Pizzaria',
    prompt: 'Você é a atendente da Pizzaria Zelo. Responda sobre sabores, preços e horários.',
    model: 'gpt-4o-mini',
    maxTokens: 120,
    temperature: 0.7,
    apiKey: fake.apiKey,
    queueId: '00000000-0000-4000-8000-000000000002',
    maxMessages: 3,
  };
});

const failureOf = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PromptAnswerError);
  return (err as PromptAnswerError).failure;
};

describe('answerWithPrompt', () => {
  it('sends the system message, the last maxMessages turns oldest first, then the new message', async () => {
    fake.script({ text: 'Temos calabresa e muçarela, Ana!' });
    const history = [
      { fromMe: false, body: 'primeira, fora da janela' },
      { fromMe: false, body: 'Oi' },
      { fromMe: true, body: 'Olá, Ana! Em que posso ajudar?' },
      { fromMe: false, body: 'Vocês abrem hoje?' },
    ];
    const answer = await answerWithPrompt({
      prompt,
      history,
      message: 'Quais sabores vocês têm?',
      contactName: 'Ana',
      baseURL: fake.baseURL,
    });
    expect(answer).toEqual({ text: 'Temos calabresa e muçarela, Ana!', transfer: false });

    const [call] = fake.chats;
    expect(call.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(call.body).toMatchObject({ model: 'gpt-4o-mini', max_tokens: 120, temperature: 0.7 });
    const [system, ...turns] = call.body.messages;
    expect(system.role).toBe('system');
    expect(system.content).toContain(prompt.prompt);
    expect(system.content).toContain('Ana');
    expect(system.content).toContain('120 tokens');
    expect(system.content).toContain(TRANSFER_MARKER);
    expect(turns).toEqual([
      { role: 'user', content: 'Oi' },
      { role: 'assistant', content: 'Olá, Ana! Em que posso ajudar?' },
      { role: 'user', content: 'Vocês abrem hoje?' },
      { role: 'user', content: 'Quais sabores vocês têm?' },
    ]);
  });

  it('takes OPENAI_BASE_URL when no baseURL is given', async () => {
    const before = process.env.OPENAI_BASE_URL;
    process.env.OPENAI_BASE_URL = fake.baseURL;
    try {
      await answerWithPrompt({ prompt, history: [], message: 'Oi', contactName: 'Ana' });
      expect(fake.chats).toHaveLength(1);
    } finally {
      if (before === undefined) delete process.env.OPENAI_BASE_URL;
      else process.env.OPENAI_BASE_URL = before;
    }
  });

  it('an answer that begins with the marker transfers, and the customer reads it without the marker', async () => {
    fake.script({ text: `${TRANSFER_MARKER}\nVou te passar para um atendente, Ana.` });
    const answer = await answerWithPrompt({
      prompt,
      history: [],
      message: 'Quero falar com uma pessoa',
      contactName: 'Ana',
      baseURL: fake.baseURL,
    });
    expect(answer).toEqual({ text: 'Vou te passar para um atendente, Ana.', transfer: true });
  });

  it('finds the marker written in bold, and not in the middle of an answer', async () => {
    fake.script(
      { text: `**${TRANSFER_MARKER}.** Um momento.` },
      { text: `Se precisar, diga "${TRANSFER_MARKER}".` },
    );
    const ask = () =>
      answerWithPrompt({ prompt, history: [], message: 'Oi', contactName: 'Ana', baseURL: fake.baseURL });
    expect(await ask()).toEqual({ text: 'Um momento.', transfer: true });
    expect((await ask()).transfer).toBe(false);
  });

  it('a server error, after its one retry, is a thrown error the caller turns into a fallback', async () => {
    fake.script({ status: 500 }, { status: 500 });
    const failure = await failureOf(
      answerWithPrompt({ prompt, history: [], message: 'Oi', contactName: 'Ana', baseURL: fake.baseURL }),
    );
    expect(failure).toBe('unavailable');
    expect(fake.chats).toHaveLength(2);
  });

  it('a slow server is a timeout', async () => {
    fake.script({ delayMs: 2_000, text: 'tarde demais' });
    const started = Date.now();
    const failure = await failureOf(
      answerWithPrompt({
        prompt,
        history: [],
        message: 'Oi',
        contactName: 'Ana',
        baseURL: fake.baseURL,
        timeoutMs: 300,
        maxRetries: 0,
      }),
    );
    expect(failure).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('garbage and an empty answer are errors, never a message to the customer', async () => {
    fake.script({ garbage: 'not-json' }, { garbage: 'wrong-shape' }, { text: '   ' });
    const ask = () =>
      answerWithPrompt({ prompt, history: [], message: 'Oi', contactName: 'Ana', baseURL: fake.baseURL });
    expect(await failureOf(ask())).toBe('garbage');
    expect(await failureOf(ask())).toBe('garbage');
    expect(await failureOf(ask())).toBe('empty');
  });

  it('a wrong key is refused (401), not retried', async () => {
    const failure = await failureOf(
      answerWithPrompt({
        prompt: { ...prompt, apiKey: 'wrong-key' },
        history: [],
        message: 'Oi',
        contactName: 'Ana',
        baseURL: fake.baseURL,
      }),
    );
    expect(failure).toBe('refused');
  });
});

describe('transcribe', () => {
  it('sends the voice note as a multipart file with model whisper-1 and returns its text', async () => {
    fake.script({ text: ' Quero uma pizza de calabresa. ' });
    const audio = new Uint8Array([0x4f, 0x67, 0x67, 0x53, 1, 2, 3, 4]);
    const text = await transcribe({
      audio,
      filename: 'audio.ogg',
      apiKey: fake.apiKey,
      baseURL: fake.baseURL,
    });
    expect(text).toBe('Quero uma pizza de calabresa.');
    const [call] = fake.transcriptions;
    expect(call).toMatchObject({
      model: 'whisper-1',
      filename: 'audio.ogg',
      authorization: `Bearer ${fake.apiKey}`,
    });
    expect([...call.bytes]).toEqual([...audio]);
  });

  it('a failing transcription throws', async () => {
    fake.script({ status: 503 }, { status: 503 });
    const audio = new Uint8Array([1, 2, 3]);
    expect(
      await failureOf(transcribe({ audio, filename: 'a.ogg', apiKey: fake.apiKey, baseURL: fake.baseURL })),
    ).toBe('unavailable');
  });
});
