/**
 * Scroll benchmark of the virtualized tables (issue 27): a contact list of BENCH_ROWS (5 000) items,
 * imported as one .xlsx on a fresh database, its items page open in Chromium, scrolled from top to
 * bottom like a wheel would (120 px a frame) while the pages of 20 load one after another, every
 * frame's duration recorded inside the page. Fails (exit 1) when a frame takes over 50 ms.
 * BENCH_OLD=1 serves the page as it was before (an HTMLTable rendering every row) for a before figure;
 * It serves a production build: a dev server in this shared checkout reloads the page whenever someone
 * saves a file; BENCH_DEV=1 uses the dev server all the same.
 * Usage: npm run bench:table-scroll   (BENCH_ROWS=5000; BENCH_OLD=1; BENCH_DEV=1)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as XLSX from '@e965/xlsx';
import { build, createServer, type Plugin, preview } from 'vite';
import { DEMO, startTestSystem } from '../app/src/testing/system.ts';
import { freePort, launchChromium, logIn } from '../e2e/browser.ts';
import { createPool } from '../services/src/platform/db.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 5_000);
const OLD = !!process.env.BENCH_OLD;
const LIMIT_MS = 50;
const PAGE_FILE = 'web/src/features/contact-lists/components/contact-list-items-page.tsx';
const root = fileURLToPath(new URL('../web', import.meta.url));
const configFile = `${root}/vite.config.ts`;

/**
 * With BENCH_OLD, the items page and the list skeleton it used are their text at BEFORE, the last
 * commit with HTML tables, under their own paths (their imports resolve alike).
 */
const BEFORE = 'aeef745';
function oldPage(): Plugin[] {
  if (!OLD) return [];
  const repo = fileURLToPath(new URL('..', import.meta.url));
  const files = new Map(
    [PAGE_FILE, 'web/src/components/ui/searchable-list-page.tsx'].map((file) => [
      join(repo, file),
      execFileSync('git', ['show', `${BEFORE}:${file}`], { cwd: repo, encoding: 'utf8' }),
    ]),
  );
  return [
    {
      name: 'bench-old-page',
      enforce: 'pre',
      resolveId: (source, importer) => {
        const path = importer && source.startsWith('.') ? join(importer, '..', source) : source;
        return files.has(path) ? path : undefined;
      },
      load: (id) => files.get(id),
    },
  ];
}

async function startWebApp(apiUrl: string, port: number) {
  process.env.VITE_API_URL = apiUrl;
  const server = { port, strictPort: true, host: '127.0.0.1' };
  if (process.env.BENCH_DEV) {
    // A cache of its own: `npm start`'s dev server optimises into web/node_modules/.vite.
    const cacheDir = `${root}/node_modules/.vite-bench-table`;
    const dev = await createServer({
      root,
      configFile,
      cacheDir,
      plugins: oldPage(),
      server,
      logLevel: 'error',
    });
    await dev.listen();
    return { url: `http://127.0.0.1:${port}`, close: () => dev.close() };
  }
  const outDir = mkdtempSync(join(tmpdir(), 'zelo-table-scroll-'));
  await build({
    root,
    configFile,
    plugins: oldPage(),
    logLevel: 'error',
    build: { outDir, emptyOutDir: true },
  });
  const served = await preview({ root, configFile, logLevel: 'error', build: { outDir }, preview: server });
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      await served.close();
      rmSync(outDir, { recursive: true });
    },
  };
}

/** The list and its items, imported through the API as a person would; waits until WhatsApp answered for each. */
async function seedList(system: Awaited<ReturnType<typeof startTestSystem>>): Promise<string> {
  const { token } = await system.login(DEMO.email, DEMO.password);
  const list = await system.api('POST', '/contact-lists', { token, body: { name: 'Lista grande' } });
  const rows = Array.from({ length: ROWS }, (_, k) => [
    `Cliente ${String(k + 1).padStart(5, '0')} Silva`,
    `55219${String(k).padStart(8, '0')}`,
    `cliente${k + 1}@example.com`,
  ]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['nome', 'numero', 'email'], ...rows]), 'C');
  const form = new FormData();
  form.append('file', new Blob([XLSX.write(book, { type: 'buffer', bookType: 'xlsx' })]), 'lista.xlsx');
  const res = await fetch(`${system.url}/contact-lists/${list.body.id}/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (res.status !== 200) throw new Error(`upload: ${res.status} ${await res.text()}`);
  // Each answer pushes a live frame that reloads the page from its first page: scroll only once all are in.
  const pool = createPool(system.databaseUrl, 1);
  try {
    for (const deadline = Date.now() + 600_000; ; ) {
      const { rows: r } = await pool.query(
        `SELECT count(*)::int AS n, count(*) FILTER (WHERE is_whatsapp_valid IS NULL)::int AS unchecked
           FROM contact_list_items WHERE contact_list_id = $1`,
        [list.body.id],
      );
      if (r[0].n === ROWS && r[0].unchecked === 0) break;
      if (Date.now() > deadline) throw new Error(`items not ready in 600 s: ${JSON.stringify(r[0])}`);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  } finally {
    await pool.end();
  }
  return list.body.id;
}

/**
 * Runs in the page, kept as plain text so that no build helper leaks into it. Scrolls 120 px a frame to
 * the bottom, waits there for the next page to lengthen the list, and repeats until `total` rows are
 * loaded (or nothing more comes for 15 s); every frame's duration is recorded meanwhile.
 */
const measure = `(async ({ selector, total }) => {
  const box = document.querySelector(selector);
  const loaded = () => {
    const table = document.querySelector('[role="table"][aria-rowcount]');
    return table ? Number(table.getAttribute('aria-rowcount')) - 1
      : document.querySelectorAll('[data-testid="cli-row"]').length;
  };
  const frame = () => new Promise((r) => requestAnimationFrame(r));
  const frames = [];
  let running = true;
  let last = performance.now();
  (function tick(now) {
    frames.push(now - last);
    last = now;
    if (running) requestAnimationFrame(tick);
  })(performance.now());
  const started = performance.now();
  let scrolled = 0;
  while (loaded() < total) {
    while (box.scrollHeight - box.scrollTop - box.clientHeight > 1) {
      box.scrollTop += 120;
      scrolled += 120;
      await frame();
    }
    const before = box.scrollHeight;
    const deadline = performance.now() + 15000;
    while (box.scrollHeight === before && performance.now() < deadline) await frame();
    if (box.scrollHeight === before) break;
  }
  running = false;
  return {
    frames: frames.slice(1),
    rows: loaded(),
    scrolled,
    seconds: (performance.now() - started) / 1000,
    nodes: document.getElementsByTagName('*').length,
  };
})`;

const [apiPort, webPort] = [await freePort(), await freePort()];
const system = await startTestSystem({
  env: { PORT: String(apiPort), WEB_ORIGIN: `http://127.0.0.1:${webPort}` },
});
let failed = false;
try {
  console.error(`importing ${ROWS} items…`);
  const listId = await seedList(system);
  const web = await startWebApp(system.url, webPort);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    page.on('console', (m) => m.type() === 'error' && console.error('[browser]', m.text()));
    await logIn(page, web.url, DEMO.email, DEMO.password);
    // Twice: on a cold cache the dev server reloads the page once it has optimised the table's modules.
    for (const settle of [3_000, 1_000]) {
      await page.goto(`${web.url}/contact-lists/${listId}/contacts`);
      await page.getByTestId('cli-row').first().waitFor({ timeout: 30_000 });
      await page.waitForTimeout(settle); // let the first page settle before measuring
    }
    const selector = OLD
      ? '.cli-page-body'
      : '.data-table .bp6-table-quadrant-main .bp6-table-quadrant-scroll-container';
    const r = (await page.evaluate(`${measure}(${JSON.stringify({ selector, total: ROWS })})`)) as {
      frames: number[];
      rows: number;
      scrolled: number;
      seconds: number;
      nodes: number;
    };
    const sorted = [...r.frames].sort((a, b) => a - b);
    const p = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
    const f1 = (n: number) => n.toFixed(1);
    const over = r.frames.filter((ms) => ms > LIMIT_MS).length;
    console.log(
      `\n${OLD ? `HTMLTable (${BEFORE})` : 'DataTable (@blueprintjs/table)'}${process.env.BENCH_DEV ? ', dev server' : ', production build'}: ` +
        `${r.rows} of ${ROWS} rows loaded by scrolling ${r.scrolled} px in ${f1(r.seconds)} s`,
    );
    console.log(
      `frames: ${r.frames.length}, p50 ${f1(p(0.5))} ms, p95 ${f1(p(0.95))} ms, p99 ${f1(p(0.99))} ms, ` +
        `longest ${f1(sorted.at(-1) ?? 0)} ms, over ${LIMIT_MS} ms: ${over}`,
    );
    console.log(`DOM nodes at the end: ${r.nodes}`);
    failed = over > 0 || r.rows < ROWS;
  } finally {
    await browser.close();
    await web.close();
  }
} finally {
  await system.close();
}
process.exit(failed ? 1 : 0);
