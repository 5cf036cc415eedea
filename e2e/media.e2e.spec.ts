import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, type TestSystem } from '../app/src/testing/system.ts';
import { closeAll, logIn, openPage, startProductAndWeb, type startWeb } from './browser.ts';

// Doc 1 §2 Message input (file attach) and Message list (image fetched as a blob): an agent attaches
// an image, sees it as an image, and the simulated phone receives it with its mediaUrl.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('an agent sends an image in the browser', () => {
  let system: TestSystem;
  let web: Awaited<ReturnType<typeof startWeb>>;
  let browser: Browser;
  let page: Page;
  let mediaDir: string;
  const number = '5511988886666';

  beforeAll(async () => {
    mediaDir = await mkdtemp(join(tmpdir(), 'zelo-media-e2e-'));
    process.env.ZELO_MEDIA_DIR = mediaDir;
    ({ system, web } = await startProductAndWeb());
    ({ browser, page } = await openPage());
  }, 120_000);

  afterAll(async () => {
    await closeAll({ browser, web, system });
    delete process.env.ZELO_MEDIA_DIR;
    await rm(mediaDir, { recursive: true, force: true });
  });

  it('attaches an image, shows it as an image, and the phone receives its mediaUrl', async () => {
    await logIn(page, web.url, DEMO.email, DEMO.password);
    await page.getByTestId('tab-pending').click();
    await page.waitForTimeout(500);
    await system.simulator!.customerSends(DEMO.whatsappId, { number, name: 'Rita Foto' }, 'Manda a foto?');
    const row = page.getByTestId('ticket-row').filter({ hasText: 'Rita Foto' });
    await row.waitFor({ timeout: 5_000 });
    // The queue chatbot greets the new ticket first (one queue on the demo connection).
    await row.filter({ hasText: 'Olá! Como podemos ajudar?' }).waitFor({ timeout: 5_000 });
    await row.hover();
    await page.getByTestId('ticket-accept').first().click();
    await expect(page.getByTestId('message-input').isEnabled({ timeout: 10_000 })).resolves.toBe(true);

    await page
      .getByTestId('attach-input')
      .setInputFiles({ name: 'produto.png', mimeType: 'image/png', buffer: PNG });
    await page.getByTestId('attachment-chip').filter({ hasText: 'produto.png' }).waitFor({ timeout: 5_000 });
    await page.getByTestId('attachment-caption').fill('Aqui está');
    await page.getByTestId('message-send').click();

    const image = page.getByTestId('message').getByTestId('message-image');
    await image.waitFor({ timeout: 10_000 });
    await expect(image.getAttribute('src')).resolves.toMatch(/^blob:/);
    await expect(page.getByTestId('attachments').count()).resolves.toBe(0);
    await image.click();
    await page.getByTestId('message-lightbox').waitFor({ timeout: 5_000 });
    await page.screenshot({ path: 'e2e/screenshots/media-image.png' });
    await page.keyboard.press('Escape');

    let received: { direction: string; mediaType: string; mediaUrl: string | null; body: string }[] = [];
    for (let i = 0; i < 100 && received.length < 2; i++) {
      received = (await system.simulator!.phoneMessages(DEMO.whatsappId, number)).filter(
        (m) => m.direction === 'outbound',
      );
      if (received.length < 2) await new Promise((r) => setTimeout(r, 100));
    }
    // The bot's greeting (text), then the agent's image with its caption.
    expect(received).toHaveLength(2);
    expect(received[0]).toMatchObject({ body: 'Olá! Como podemos ajudar?', mediaUrl: null });
    expect(received[1]).toMatchObject({ mediaType: 'image', body: 'Aqui está' });
    expect(received[1].mediaUrl).toMatch(/^\/public\/.+-produto\.png$/);
    const served = await fetch(`${system.url}${received[1].mediaUrl}`);
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
  }, 60_000);
});
