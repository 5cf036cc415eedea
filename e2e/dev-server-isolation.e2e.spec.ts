import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, launchChromium, startWeb, TEST_VITE_CACHE } from './browser.ts';

// `npm test` beside a running `npm start`: the tests' Vite servers pre-bundle React and the other
// dependencies into a cache of their own. Writing into the default one (web/node_modules/.vite) while
// the developer's server serves from it made that app load React twice and go blank.
const DEV_CACHE = fileURLToPath(new URL('../web/node_modules/.vite', import.meta.url));

/** Every file under `dir` with its size and modification time; empty when the folder is absent. */
function snapshot(dir: string): Record<string, string> {
  if (!existsSync(dir)) return {};
  const files: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      const s = statSync(path);
      if (s.isDirectory()) walk(path);
      else files[path] = `${s.size}:${s.mtimeMs}`;
    }
  };
  walk(dir);
  return files;
}

describe('the tests’ web server beside npm start', () => {
  let browser: Browser;
  let web: Awaited<ReturnType<typeof startWeb>>;
  let before: Record<string, string>;

  beforeAll(async () => {
    before = snapshot(DEV_CACHE);
    // No API behind it: the login page renders without one.
    web = await startWeb('http://127.0.0.1:9', await freePort());
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await web?.server.close();
  });

  it('pre-bundles into its own cache and leaves the one npm start serves from untouched', async () => {
    const page = await browser.newPage();
    await page.goto(`${web.url}/login`);
    await page.getByTestId('login-email').waitFor({ timeout: 30_000 });
    // The lazy pages' dependencies are bundled on first use: open one so that they are.
    await page.goto(`${web.url}/signup`);
    await page.waitForLoadState('networkidle');
    expect(existsSync(join(TEST_VITE_CACHE, 'deps'))).toBe(true);
    expect(snapshot(DEV_CACHE)).toEqual(before);
  }, 60_000);
});
