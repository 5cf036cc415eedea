import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, type TestSystem } from '../app/src/testing/system.ts';
import { browserToken, closeAll, logIn, openPage, startProductAndWeb, type startWeb } from './browser.ts';

// Doc 1 §2 "Message input" and §4 "Recording": the sign switch puts the agent's name above a text,
// and Chromium's fake microphone (a beep) records an audio that goes out as multipart `medias`.
describe('the message composer: signature and audio', () => {
  let system: TestSystem;
  let web: Awaited<ReturnType<typeof startWeb>>;
  let browser: Browser;
  let page: Page;
  let token: string;
  let ticketId: string;
  const number = '5511966665555';
  const uploads: { request: Request; status: number }[] = [];
  /** The demo queue's greeting, which the chatbot sends before any agent does. */
  const GREETING = 'Olá! Como podemos ajudar?';

  const outbound = async (count: number) => {
    const deadline = Date.now() + 10_000;
    let bodies: string[] = [];
    while (Date.now() < deadline) {
      bodies = (await system.simulator!.phoneMessages(DEMO.whatsappId, number))
        .filter((m) => m.direction === 'outbound')
        .map((m) => m.body);
      if (bodies.length >= count) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    return bodies;
  };

  beforeAll(async () => {
    ({ system, web } = await startProductAndWeb());
    token = (await system.login(DEMO.email, DEMO.password)).token;
    ({ browser, page } = await openPage({
      chromiumArgs: ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
    }));
    // Every multipart send is kept for inspection, then goes on to the real API.
    await page.route(
      (url) => url.pathname.startsWith('/messages/'),
      async (route) => {
        const request = route.request();
        if (request.method() !== 'POST' || !request.headers()['content-type']?.startsWith('multipart/')) {
          return route.continue();
        }
        const response = await route.fetch();
        uploads.push({ request, status: response.status() });
        await route.fulfill({ response });
      },
    );
  }, 120_000);

  afterAll(async () => {
    await closeAll({ browser, web, system });
  });

  it('opens an accepted conversation', async () => {
    await logIn(page, web.url, DEMO.email, DEMO.password);
    token = await browserToken(page); // the API login's token ended with this one
    await page.getByTestId('tab-pending').click();
    await page.waitForTimeout(500); // the socket has joined its rooms
    await system.simulator!.customerSends(DEMO.whatsappId, { number, name: 'Caio Áudio' }, 'Oi!');
    const row = page.getByTestId('ticket-row').filter({ hasText: 'Caio Áudio' });
    await row.waitFor({ timeout: 5_000 });
    ticketId = (await row.getAttribute('data-ticket-id'))!;
    // The queue chatbot greets the new ticket first (one queue on the demo connection).
    await row.filter({ hasText: GREETING }).waitFor({ timeout: 5_000 });
    await row.getByTestId('ticket-accept').click();
    await page.waitForURL(new RegExp(`/tickets/${ticketId}`));
    await expect(page.getByTestId('message-input').isEnabled({ timeout: 10_000 })).resolves.toBe(true);
  });

  it('signs a text with the agent name by default, and not once the switch is off', async () => {
    const sign = page.getByTestId('sign-switch'); // Blueprint puts the test id on the checkbox
    await expect(sign.isChecked()).resolves.toBe(true);
    const input = page.getByTestId('message-input');
    await input.fill('Posso ajudar?');
    await input.press('Enter');
    await expect(outbound(2)).resolves.toEqual([GREETING, '*Zelo Demo:*\nPosso ajudar?']);

    await page.locator('.composer-sign').click();
    await expect(sign.isChecked()).resolves.toBe(false);
    await expect(page.evaluate(() => localStorage.getItem('signOption'))).resolves.toBe('false');
    await input.fill('Sem assinatura');
    await input.press('Enter');
    await expect(outbound(3)).resolves.toEqual([GREETING, '*Zelo Demo:*\nPosso ajudar?', 'Sem assinatura']);
    // The box empties once the send has come back; typing before that would be wiped.
    await expect.poll(() => input.inputValue()).toBe('');
  });

  it('inserts an emoji at the caret', async () => {
    const input = page.getByTestId('message-input');
    await input.fill('olá mundo');
    await input.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(4, 4));
    await page.getByTestId('emoji-button').click();
    const emoji = page.locator('[data-epr-unified]').first();
    await emoji.waitFor({ timeout: 10_000 });
    const chosen = (await emoji.getAttribute('data-epr-unified'))!
      .split('-')
      .map((hex) => String.fromCodePoint(Number.parseInt(hex, 16)))
      .join('');
    await emoji.click();
    await expect(input.inputValue()).resolves.toBe(`olá ${chosen}mundo`);
    await page.keyboard.press('Escape');
    await input.fill('');
  });

  it('cancels a recording without sending anything and frees the box', async () => {
    await page.getByTestId('audio-record').click();
    await page.getByTestId('audio-timer').waitFor();
    await expect(page.getByTestId('message-input').isDisabled()).resolves.toBe(true);
    await page.getByTestId('audio-cancel').click();
    await page.getByTestId('audio-record').waitFor();
    await expect(page.getByTestId('message-input').isEnabled()).resolves.toBe(true);
    expect(uploads).toHaveLength(0);
  });

  it('drops a recording under 10000 bytes silently', async () => {
    await page.getByTestId('audio-record').click();
    await page.getByTestId('audio-send').click(); // a few ms of audio: far under 10000 bytes
    await page.getByTestId('audio-record').waitFor();
    await page.waitForTimeout(300);
    expect(uploads).toHaveLength(0);
  });

  it('records ~2 s and sends it as one multipart media without a caption', async () => {
    await page.getByTestId('audio-record').click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="audio-timer"]')?.textContent === '00:02',
      undefined,
      { timeout: 5_000 },
    );
    await page.getByTestId('audio-send').click();
    await page.getByTestId('audio-record').waitFor({ timeout: 10_000 });
    expect(uploads).toHaveLength(1);

    const { request, status } = uploads[0]!;
    const form = request.postDataBuffer()!.toString('latin1');
    expect(form).toMatch(/name="medias"; filename="audio-\d+\.webm"\r\nContent-Type: audio\/webm/);
    // No caption goes with a recording.
    expect(form).not.toMatch(/name="body"\r\n\r\n[^\r]/);
    expect(request.postDataBuffer()!.length).toBeGreaterThan(10_000);
    expect(request.headers().authorization).toMatch(/^Bearer /);

    expect(status).toBe(201);
    const page1 = await system.api('GET', `/messages/${ticketId}`, { token });
    const audio = (page1.body.messages as { mediaType: string | null; fromMe: boolean }[]).filter(
      (m) => m.mediaType === 'audio',
    );
    expect(audio).toMatchObject([{ fromMe: true }]);
    await page.screenshot({ path: 'e2e/screenshots/composer-audio.png' });
  });
});
