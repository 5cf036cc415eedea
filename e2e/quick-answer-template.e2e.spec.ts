import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, type TestSystem } from '../app/src/testing/system.ts';
import { closeAll, logIn, openPage, startProductAndWeb, type startWeb } from './browser.ts';

// Doc 1 §2 "Message input" and §3 message variables: the agent picks /boleto, a quick answer with a
// PNG and "Segue o boleto, {{name}}."; the customer's phone gets the image with that caption, the
// contact's name in place of {{name}}.
describe('a quick answer with an attachment and variables, from the composer to the phone', () => {
  let system: TestSystem;
  let web: Awaited<ReturnType<typeof startWeb>>;
  let browser: Browser;
  let page: Page;
  let token: string;
  let ticketId: string;
  const number = '5511944443333';
  /** A real 1×1 PNG, so the phone can draw it. */
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  );

  beforeAll(async () => {
    ({ system, web } = await startProductAndWeb());
    token = (await system.login(DEMO.email, DEMO.password)).token;
    const contact = await system.api('POST', '/contacts', { token, body: { name: 'Rita Souza', number } });
    const ticket = await system.api('POST', '/tickets', {
      token,
      body: { contactId: contact.body.id, queueId: DEMO.queueId, status: 'open' },
    });
    expect(ticket.status).toBe(201);
    ticketId = ticket.body.id;
    const quick = await system.api('POST', '/quick-messages', {
      token,
      body: { shortcode: 'boleto', message: 'Segue o boleto, {{name}}.' },
    });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'boleto.png');
    const uploaded = await fetch(`${system.url}/quick-messages/${quick.body.id}/media-upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    ({ browser, page } = await openPage());
    await logIn(page, web.url, DEMO.email, DEMO.password);
  }, 120_000);

  afterAll(async () => {
    await closeAll({ browser, web, system });
  });

  it('picks /boleto with the keyboard and the phone gets the image, captioned, the name filled in', async () => {
    await page.goto(`${web.url}/tickets/${ticketId}`);
    const input = page.getByTestId('message-input');
    await expect(input.isEnabled({ timeout: 10_000 })).resolves.toBe(true);
    // The sign switch would put the agent's name above the caption: off, to read the caption alone.
    if (await page.getByTestId('sign-switch').isChecked()) await page.locator('.composer-sign').click();
    await input.fill('/bol');
    await page.getByTestId('quick-answer').first().waitFor({ timeout: 5_000 });
    await input.press('Enter');
    await page.getByTestId('stored-attachment').filter({ hasText: 'boleto.png' }).waitFor({ timeout: 5_000 });
    await expect(input.inputValue()).resolves.toBe('Segue o boleto, {{name}}.');
    await input.press('Enter');
    await page.getByTestId('stored-attachment').waitFor({ state: 'detached', timeout: 5_000 });

    const deadline = Date.now() + 10_000;
    let received: { mediaType: string; mediaUrl: string | null; body: string }[] = [];
    while (Date.now() < deadline) {
      received = (await system.simulator!.phoneMessages(DEMO.whatsappId, number)).filter(
        (m: { direction: string }) => m.direction === 'outbound',
      );
      if (received.some((m) => m.mediaType === 'image')) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(received).toEqual([
      expect.objectContaining({ mediaType: 'image', body: 'Segue o boleto, Rita Souza.' }),
    ]);
    expect(received[0].mediaUrl).toBeTruthy();
    // The agent's view shows what the customer got.
    await page
      .getByTestId('message')
      .filter({ hasText: 'Segue o boleto, Rita Souza.' })
      .waitFor({ timeout: 5_000 });
  });

  it("shows the picture and its caption on the simulator's phone", async () => {
    await page.goto(`${web.url}/simulator`);
    await page.getByTestId('sim-number').fill(number);
    const bubble = page.getByTestId('sim-message').filter({ hasText: 'Segue o boleto, Rita Souza.' });
    await bubble.waitFor({ timeout: 10_000 });
    const image = bubble.getByTestId('sim-image');
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
        timeout: 5_000,
      })
      .toBe(1);
    await page.screenshot({ path: 'e2e/screenshots/quick-answer-template.png' });
  });
});
