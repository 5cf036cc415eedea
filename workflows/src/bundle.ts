import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleWorkflowCode, DefaultLogger } from '@temporalio/worker';

// The workflow code a worker runs, bundled once per version of its sources instead of at every start
// (webpack cost each start of a workflows process 1.2 s of an idle machine's CPU, several seconds under
// the chaos test's load). The bundle is kept under the hash of everything it is built from (workflows'
// and contracts' sources, the locked versions of the packages they import), so an edit bundles again
// and a stale bundle can never run.

const root = fileURLToPath(new URL('../..', import.meta.url));
export const workflowsPath = fileURLToPath(new URL('./workflows.ts', import.meta.url));
/** A build cache like Vite's: content-addressed files, safe to share between `npm start` and the tests. */
const cacheDir = () =>
  process.env.ZELO_WORKFLOW_BUNDLE_DIR ?? path.join(root, 'node_modules', '.cache', 'zelo-workflows');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((f) => f.isFile() && f.name.endsWith('.ts') && !f.name.includes('.spec.'))
    .map((f) => path.join(f.parentPath, f.name))
    .sort();
}

/** The hash of what the bundle is built from. */
export function sourceHash(): string {
  const hash = createHash('sha256');
  const lock = path.join(root, 'package-lock.json');
  if (existsSync(lock)) hash.update(readFileSync(lock));
  for (const file of [
    ...sources(path.join(root, 'workflows', 'src')),
    ...sources(path.join(root, 'contracts', 'src')),
  ]) {
    hash.update(path.relative(root, file));
    hash.update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

/** The bundle of today's sources: from the cache, or built and kept there (written whole, then renamed in). */
export async function workflowBundle(): Promise<{ code: string; built: boolean; file: string }> {
  const file = path.join(cacheDir(), `workflows-${sourceHash()}.js`);
  if (existsSync(file)) return { code: readFileSync(file, 'utf8'), built: false, file };
  const bundle = await bundleWorkflowCode({ workflowsPath, logger: new DefaultLogger('WARN') });
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, bundle.code);
  renameSync(partial, file);
  forgetOldBundles(path.dirname(file));
  return { code: bundle.code, built: true, file };
}

/** Keeps the newest few bundles (a checkout switched back and forth reuses them), removes the rest. */
function forgetOldBundles(dir: string, keep = 5) {
  const bundles = readdirSync(dir)
    .filter((f) => /^workflows-\w+\.js$/.test(f))
    .map((f) => ({ file: path.join(dir, f), at: statSync(path.join(dir, f)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const old of bundles.slice(keep)) rmSync(old.file, { force: true });
}

// `node --import tsx workflows/src/bundle.ts` (scripts/setup.mjs): the bundle built ahead of the workers.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { built, file } = await workflowBundle();
  console.log(`${built ? 'built' : 'present'} ${path.relative(root, file)}`);
}
