import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleWorkflowCode, DefaultLogger } from '@temporalio/worker';

// The workflow code a worker runs, bundled once per version of its sources instead of at every start:
// webpack took most of a workflows process's restart (20-70 s under the chaos test's load). The bundle
// is kept under the hash of everything it is built from (workflows' and contracts' sources, the SDK's
// version), so an edit bundles again and a stale bundle can never run.

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
  const sdk = path.join(root, 'node_modules', '@temporalio', 'workflow', 'package.json');
  hash.update(existsSync(sdk) ? (JSON.parse(readFileSync(sdk, 'utf8')) as { version: string }).version : '');
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
export async function workflowBundle(): Promise<{ code: string; built: boolean }> {
  const file = path.join(cacheDir(), `workflows-${sourceHash()}.js`);
  if (existsSync(file)) return { code: readFileSync(file, 'utf8'), built: false };
  const bundle = await bundleWorkflowCode({ workflowsPath, logger: new DefaultLogger('WARN') });
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, bundle.code);
  renameSync(partial, file);
  return { code: bundle.code, built: true };
}
