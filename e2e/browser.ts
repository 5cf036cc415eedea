import { createServer as createNetServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createNetServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Debian's Chromium, headless, with the flags this machine's closed network needs; `extraArgs` adds
 * more (the composer test's fake microphone).
 */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

/**
 * Where the tests' Vite servers keep their pre-bundled dependencies. Never Vite's default
 * (`web/node_modules/.vite`): `npm start`'s server serves from there, and a test server rewriting it
 * underneath makes the running app load React twice (blank pages, "Invalid hook call").
 */
export const TEST_VITE_CACHE = fileURLToPath(
  // One per vitest worker: test files run in parallel, and two dev servers optimising into one folder
  // at once make one of them reload its page halfway through a test.
  new URL(`../web/node_modules/.vite-tests/${process.env.VITEST_POOL_ID ?? '1'}`, import.meta.url),
);

/** The web app's Vite dev server on a free port, talking to the API at `apiUrl`. */
export async function startWeb(
  apiUrl: string,
  port: number,
): Promise<{ url: string; server: ViteDevServer }> {
  process.env.VITE_API_URL = apiUrl;
  const server = await createServer({
    root: fileURLToPath(new URL('../web', import.meta.url)),
    configFile: fileURLToPath(new URL('../web/vite.config.ts', import.meta.url)),
    server: { port, strictPort: true, host: '127.0.0.1' },
    cacheDir: TEST_VITE_CACHE,
    logLevel: 'error',
  });
  await server.listen();
  const address = server.httpServer?.address();
  if (!address || typeof address === 'string') throw new Error('vite did not start');
  return { url: `http://127.0.0.1:${address.port}`, server };
}

/**
 * The whole product on a fresh database plus the web app, on free ports that know each other.
 * `env` adds to the test system's settings (say, `ZELO_ROLES` with the workflows role).
 */
export async function startProductAndWeb(env: Record<string, string> = {}): Promise<{
  system: import('../app/src/testing/system.ts').TestSystem;
  web: Awaited<ReturnType<typeof startWeb>>;
}> {
  const { startTestSystem } = await import('../app/src/testing/system.ts');
  const [apiPort, webPort] = [await freePort(), await freePort()];
  const system = await startTestSystem({
    env: { ...env, PORT: String(apiPort), WEB_ORIGIN: `http://127.0.0.1:${webPort}` },
  });
  const web = await startWeb(system.url, webPort);
  return { system, web };
}

/** Logs in through the login screen, as a person would, and waits for the app. */
export async function logIn(
  page: import('playwright-core').Page,
  webUrl: string,
  email: string,
  password: string,
) {
  await page.goto(`${webUrl}/login`);
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/(tickets.*)?$/, { timeout: 15_000 });
}

/**
 * The app's page in Chromium as browser tests use it: 1400×900, the page's console errors printed in
 * the test output. `chromiumArgs` and `page` add to those defaults.
 */
export async function openPage(
  options: { chromiumArgs?: string[]; page?: BrowserContextOptions } = {},
): Promise<{ browser: Browser; page: Page }> {
  const browser = await launchChromium(options.chromiumArgs);
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 }, ...options.page });
  page.on('console', (m) => m.type() === 'error' && console.error('[browser]', m.text()));
  return { browser, page };
}

/** Stops what a browser test started, whatever part of it got started. */
export async function closeAll(parts: {
  browser?: Browser;
  web?: { server: ViteDevServer };
  system?: { close(): Promise<void> };
}) {
  await parts.browser?.close();
  await parts.web?.server.close();
  await parts.system?.close();
}

/**
 * The access token the page's session holds. One session per user (doc 1 §4): a browser login ends
 * the API token a test took earlier for that user, so API calls after it use the browser's own.
 */
export async function browserToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  if (!token) throw new Error('the page holds no session');
  return token;
}

/**
 * What most browser tests begin with: the product and the web app started (`env` adds to the test
 * system's settings), Chromium open (`open`), the page logged in through the login screen as the demo
 * admin (or `as`), and the access token that session holds.
 */
export async function startLoggedIn(
  options: {
    env?: Record<string, string>;
    open?: Parameters<typeof openPage>[0];
    as?: { email: string; password: string };
  } = {},
) {
  const { DEMO } = await import('../app/src/testing/system.ts');
  const { system, web } = await startProductAndWeb(options.env);
  const { browser, page } = await openPage(options.open);
  const as = options.as ?? DEMO;
  await logIn(page, web.url, as.email, as.password);
  return { system, web, browser, page, token: await browserToken(page) };
}
