import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { build, type PreviewServer, preview, resolveConfig } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestSystem, type TestSystem } from '../app/src/testing/system.ts';
import { securityHeadersInclude } from '../deploy/load-balancer.mjs';
import { securityHeaders } from '../web/security-headers.ts';
import { closeAll, freePort, launchChromium, logIn, startWeb } from './browser.ts';

/** A page in a context of its own (no cookie of an earlier run), recording every policy violation
 *  it meets from before the app's first script. */
async function recordingPage(browser: Browser): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  page.on('console', (m) => m.type() === 'error' && console.error('[browser]', m.text()));
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.effectiveDirective} ${e.blockedURI}`),
    );
  });
  return page;
}

const webRoot = fileURLToPath(new URL('../web', import.meta.url));
const viteConfig = join(webRoot, 'vite.config.ts');

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The policy as a map of directive to its sources. */
function directives(csp: string): Record<string, string[]> {
  return Object.fromEntries(
    csp.split(';').map((d) => {
      const [name, ...sources] = d.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

// Issue 7 "no security headers on the served web app": the page `npm start` serves (Vite's dev server),
// `vite preview` and the Docker image's nginx all carry a Content-Security-Policy the app works with,
// nosniff, a referrer policy, no framing, and a permissions policy that allows only the microphone.
describe('the served web app sends security headers and works under them', () => {
  let system: TestSystem;
  let web: Awaited<ReturnType<typeof startWeb>>;
  /** The production build served by `vite preview`: the strict policy, no inline script at all. */
  let built: { url: string; server: PreviewServer; dir: string };
  let browser: Browser;

  beforeAll(async () => {
    const [apiPort, webPort, previewPort] = [await freePort(), await freePort(), await freePort()];
    system = await startTestSystem({
      env: {
        PORT: String(apiPort),
        WEB_ORIGIN: `http://127.0.0.1:${webPort},http://127.0.0.1:${previewPort}`,
      },
    });
    web = await startWeb(system.url, webPort);
    const dir = await mkdtemp(join(tmpdir(), 'zelo-web-build-'));
    await build({ root: webRoot, configFile: viteConfig, logLevel: 'error', build: { outDir: dir } });
    const server = await preview({
      root: webRoot,
      configFile: viteConfig,
      logLevel: 'error',
      build: { outDir: dir },
      preview: { port: previewPort, strictPort: true, host: '127.0.0.1' },
    });
    built = { url: `http://127.0.0.1:${previewPort}`, server, dir };
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await built?.server.close();
    if (built) await rm(built.dir, { recursive: true, force: true });
    await closeAll({ browser, web, system });
  });

  it('the dev server answers every page with the headers, naming the API for data and media', async () => {
    for (const path of ['/', '/login', '/tickets/123']) {
      const res = await fetch(`${web.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('permissions-policy')).toContain('microphone=(self)');
      expect(res.headers.get('permissions-policy')).toContain('camera=()');
      const csp = directives(res.headers.get('content-security-policy') ?? '');
      const api = new URL(system.url);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['connect-src']).toEqual(expect.arrayContaining([api.origin, `ws://${api.host}`]));
      expect(csp['img-src']).toContain(api.origin);
      expect(csp['media-src']).toContain(api.origin);
      // Scripts: the app's own and the dev server's one stamped inline preamble; never any inline or eval.
      expect(csp['script-src']).not.toContain("'unsafe-inline'");
      expect(csp['script-src']).not.toContain("'unsafe-eval'");
      expect(csp['script-src'].filter((s) => s.startsWith("'nonce-"))).toHaveLength(1);
    }
  });

  it('vite preview and nginx (cluster and compose) carry the same headers, without a nonce', async () => {
    const served = await fetch(`${built.url}/tickets`);
    expect(
      Object.fromEntries(
        Object.keys(securityHeaders({ apiUrl: system.url })).map((h) => [h, served.headers.get(h)]),
      ),
    ).toEqual(securityHeaders({ apiUrl: system.url }));

    const apiUrl = 'https://api.zelo.example';
    const expected = securityHeaders({ apiUrl });
    expect(expected['Content-Security-Policy']).not.toContain('nonce');

    process.env.VITE_API_URL = apiUrl;
    try {
      const resolved = await resolveConfig(
        { configFile: viteConfig, logLevel: 'silent' },
        'serve',
        'production',
        'production',
        true,
      );
      expect(resolved.preview.headers).toEqual(expected);
    } finally {
      process.env.VITE_API_URL = system.url;
    }

    const conf = securityHeadersInclude(apiUrl);
    for (const [name, value] of Object.entries(expected)) {
      expect(conf).toContain(`add_header ${name} "${value}" always;`);
    }
    expect(conf).toContain("connect-src 'self' https://api.zelo.example wss://api.zelo.example");
    // nginx (the cluster's and the compose image's) includes that function's output in the web server.
    const template = await readFile(new URL('../deploy/nginx/zelo.conf.template', import.meta.url), 'utf8');
    expect(template).toContain('include ${ZELO_SECURITY_HEADERS};');
    const dockerfile = await readFile(new URL('../Dockerfile', import.meta.url), 'utf8');
    expect(dockerfile).toContain('node deploy/load-balancer.mjs security-headers "$VITE_API_URL"');
  });

  it.each([
    ['the dev server', () => web.url, '5511977770001'],
    ['the production build', () => built.url, '5511977770002'],
  ])(
    'in Chromium, from %s, the app loads, logs in, hears the socket, shows media and the emoji picker, with no violation',
    async (_, url, number) => {
      const page = await recordingPage(browser);
      await logIn(page, url(), DEMO.email, DEMO.password);
      await page.goto(`${url()}/tickets`);
      await page.getByTestId('tab-pending').click();
      await page.waitForTimeout(500); // the socket has joined its rooms

      // A customer's first message reaches the list through the socket, no reload.
      await system.simulator!.customerSends(DEMO.whatsappId, { number, name: `Carla ${number}` }, 'Oi');
      const row = page.getByTestId('ticket-row').filter({ hasText: number });
      await row.waitFor({ timeout: 10_000 });
      await row.hover();
      await page.getByTestId('ticket-accept').first().click();
      await expect(page.getByTestId('message-input').isEnabled({ timeout: 10_000 })).resolves.toBe(true);

      // An image goes out and is shown, fetched from the API.
      await page
        .getByTestId('attach-input')
        .setInputFiles({ name: 'politica.png', mimeType: 'image/png', buffer: PNG });
      await page
        .getByTestId('attachment-chip')
        .filter({ hasText: 'politica.png' })
        .waitFor({ timeout: 5_000 });
      await page.getByTestId('message-send').click();
      const image = page.getByTestId('message').getByTestId('message-image').last();
      await image.waitFor({ timeout: 10_000 });
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);

      // The emoji picker injects its own stylesheet: it still lays out.
      await page.getByTestId('emoji-button').click();
      const picker = page.locator('.EmojiPickerReact');
      await picker.waitFor({ timeout: 10_000 });
      expect((await picker.boundingBox())?.height).toBeGreaterThan(200);
      await page.keyboard.press('Escape');
      await page.screenshot({ path: `e2e/screenshots/security-headers-app-${number}.png` });

      expect(
        await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
      ).toEqual([]);
    },
    60_000,
  );
});
