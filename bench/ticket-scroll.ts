/**
 * Scroll benchmark (issue 3): the tickets page in Chromium for one company with 100 000 tickets and
 * 2 000 000 messages. Reuses the database bench/ticket-list.ts builds (BENCH_DB=<url>, or builds one
 * through it and drops it at the end), starts the real API on it and the Vite-served web app, logs in
 * as the seeded admin, opens the busiest tab and scrolls the ticket list like a wheel would until
 * BENCH_PAGES more pages have loaded, measuring inside the page with requestAnimationFrame and the
 * long-task observer.
 * Usage: npm run bench:scroll   (BENCH_PAGES=15; BENCH_TAB=closed|open|pending; BENCH_DB=<url>)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, preview } from 'vite';
import { startZelo } from '../app/src/system.ts';
import { freePort, launchChromium, startWeb } from '../e2e/browser.ts';
import { loadConfig } from '../services/src/platform/config.ts';
import { createPool, dropDatabase } from '../services/src/platform/db.ts';
import { hashPassword } from '../services/src/users/password.ts';

const PAGES = Number(process.env.BENCH_PAGES ?? 15);
const TAB = process.env.BENCH_TAB ?? 'closed'; // 88 % of the tickets are closed: the longest list
const PASSWORD = 'bench123';

/** Builds the list benchmark's database through that script (one run per query), keeps it. */
function buildDatabase(): Promise<string> {
  console.error('building the database with bench/ticket-list.ts (BENCH_KEEP=1)…');
  const child = spawn('npx', ['tsx', fileURLToPath(new URL('./ticket-list.ts', import.meta.url))], {
    env: { ...process.env, BENCH_KEEP: '1', BENCH_RUNS: '1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr.on('data', (d) => {
    err += d;
  });
  return new Promise((resolve, reject) =>
    child.on('exit', (code) => {
      const url = /database kept: (\S+)/.exec(err)?.[1];
      if (code === 0 && url) resolve(url);
      else reject(new Error(`bench/ticket-list.ts failed (${code}):\n${err}`));
    }),
  );
}

const reused = process.env.BENCH_DB;
const dbUrl = reused ?? (await buildDatabase());
const pool = createPool(dbUrl, 2);
// The same real password bench/ticket-list.ts gives the seeded users with BENCH_HTTP=1.
await pool.query(`UPDATE users SET password_hash = $1 WHERE email LIKE '%@bench.test'`, [
  await hashPassword(PASSWORD),
]);
await pool.end();

const [apiPort, webPort] = [await freePort(), await freePort()];
// API role only: no projection may touch the hand-filled read models.
const zelo = await startZelo(
  loadConfig({
    DATABASE_URL: dbUrl,
    PORT: String(apiPort),
    HOST: '127.0.0.1',
    WEB_ORIGIN: `http://127.0.0.1:${webPort}`,
    ZELO_ROLES: 'api',
    ZELO_LOG: 'false',
    ZELO_SEED_DEMO: 'false',
  }),
);
// BENCH_PROD=1 serves a production build (no StrictMode double renders, no dev checks) instead.
const web = process.env.BENCH_PROD
  ? await startBuiltWeb(zelo.url ?? '', webPort)
  : await startWeb(zelo.url ?? '', webPort);
const browser = await launchChromium();

async function startBuiltWeb(apiUrl: string, port: number) {
  process.env.VITE_API_URL = apiUrl;
  const root = fileURLToPath(new URL('../web', import.meta.url));
  const configFile = `${root}/vite.config.ts`;
  const outDir = mkdtempSync(join(tmpdir(), 'zelo-scroll-'));
  await build({ root, configFile, logLevel: 'error', build: { outDir, emptyOutDir: true } });
  const server = await preview({
    root,
    configFile,
    logLevel: 'error',
    build: { outDir },
    preview: { port, strictPort: true, host: '127.0.0.1' },
  });
  return {
    url: `http://127.0.0.1:${port}`,
    server: {
      async close() {
        await server.close();
        rmSync(outDir, { recursive: true });
      },
    },
  };
}

/**
 * Runs in the page, kept as plain text so that no build helper leaks into it. Scrolls 120 px per
 * frame to the bottom (the list asks for the next page within 100 px of it), waits for the rows, and
 * repeats; every frame's duration and every long task are recorded meanwhile.
 */
const measure = `(async (pages) => {
  const list = document.querySelector('[data-testid="ticket-list"]');
  const rows = () => list.querySelectorAll('[data-testid="ticket-row"]').length;
  const frame = () => new Promise((r) => requestAnimationFrame(r));
  const frames = [];
  const longTasks = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) longTasks.push(e.duration); })
    .observe({ type: 'longtask' });
  let running = true;
  let last = performance.now();
  (function tick(now) {
    frames.push({ at: now, ms: now - last });
    last = now;
    if (running) requestAnimationFrame(tick);
  })(performance.now());
  const loads = [];
  for (let p = 0; p < pages; p++) {
    const before = rows();
    while (list.scrollHeight - list.scrollTop - list.clientHeight >= 100) {
      list.scrollTop += 120;
      await frame();
    }
    const t0 = performance.now();
    const deadline = t0 + 20000;
    while (rows() === before && performance.now() < deadline) await frame();
    await frame(); // the frame that paints the new rows
    const t1 = performance.now();
    const worst = Math.max(0, ...frames.filter((f) => f.at >= t0 && f.at <= t1).map((f) => f.ms));
    loads.push({ rows: rows(), ms: t1 - t0, worstFrame: worst });
    if (rows() === before) break;
  }
  running = false;
  return { frames: frames.slice(1).map((f) => f.ms), longTasks, loads, nodes: document.getElementsByTagName('*').length };
})`;

try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  page.on('console', (m) => m.type() === 'error' && console.error('[browser]', m.text()));
  await page.goto(`${web.url}/login`);
  await page.getByTestId('login-email').fill('agent1@bench.test'); // the seeded admin
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/tickets/, { timeout: 30_000 });
  await page.getByTestId(TAB === 'closed' ? 'tab-closed' : `tab-${TAB}`).click();
  await page.getByTestId('ticket-row').first().waitFor({ timeout: 30_000 });
  await page.waitForTimeout(1_000); // let the first page settle before measuring

  // BENCH_PROFILE=<file> also records a CPU profile of the scrolling (open it in Chrome's DevTools).
  const cdp = process.env.BENCH_PROFILE ? await page.context().newCDPSession(page) : null;
  await cdp?.send('Profiler.enable');
  await cdp?.send('Profiler.start');
  const r = (await page.evaluate(`${measure}(${PAGES})`)) as {
    frames: number[];
    longTasks: number[];
    loads: { rows: number; ms: number; worstFrame: number }[];
    nodes: number;
  };
  if (cdp)
    writeFileSync(process.env.BENCH_PROFILE ?? '', JSON.stringify((await cdp.send('Profiler.stop')).profile));
  const sorted = [...r.frames].sort((a, b) => a - b);
  const p = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  const f1 = (n: number) => n.toFixed(1);
  console.log(`\n${TAB} tab, ${r.loads.length} pages loaded by scrolling, ${r.loads.at(-1)?.rows} rows\n`);
  console.log('| page | rows after | scroll → rows painted, ms | worst frame meanwhile, ms |');
  console.log('|---|---|---|---|');
  r.loads.forEach((l, i) => {
    console.log(`| ${i + 2} | ${l.rows} | ${f1(l.ms)} | ${f1(l.worstFrame)} |`);
  });
  console.log(
    `\nframes: ${r.frames.length}, p50 ${f1(p(0.5))} ms, p95 ${f1(p(0.95))} ms, p99 ${f1(p(0.99))} ms, ` +
      `max ${f1(sorted.at(-1) ?? 0)} ms, over 50 ms: ${r.frames.filter((ms) => ms > 50).length}`,
  );
  console.log(
    `long tasks: ${r.longTasks.length}, total ${f1(r.longTasks.reduce((a, b) => a + b, 0))} ms, ` +
      `longest ${f1(Math.max(0, ...r.longTasks))} ms`,
  );
  console.log(`DOM nodes at the end: ${r.nodes}`);
} finally {
  await browser.close();
  await web.server.close();
  await zelo.stop();
  if (reused) console.error(`database kept (BENCH_DB): ${dbUrl}`);
  else await dropDatabase(dbUrl);
}
