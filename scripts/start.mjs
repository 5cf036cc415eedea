#!/usr/bin/env node
// `npm start`: set-up (Temporal dev server, Mailpit, database), then Zelo on its embedded defaults (demo
// company, simulator): the API with channels and workflows on :8080, the projections, and the web
// app on :3000. Ctrl-C stops them all.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const setup = spawnSync(process.execPath, ['scripts/setup.mjs'], { cwd: root, stdio: 'inherit' });
if (setup.status !== 0) process.exit(setup.status ?? 1);

const bin = (name) => `${root}node_modules/.bin/${name}`;
// Projections run in a process of their own so that catching up never competes with taking
// messages in for the event loop (see the ingest benchmark in the README); so does the Temporal worker,
// whose workflow tasks waited on the API's event loop (bench:flows: answer p50 4.8 - 6.5 s beside the
// API, 2.9 - 3.3 s apart, 200 customers).
const server = (roles) =>
  spawn(bin('tsx'), ['app/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ZELO_ROLES: roles },
  });
const children = [
  ['server', server('api,channels')],
  ['projections', server('projections')],
  ['workflows', server('workflows')],
  [
    'web',
    spawn(bin('vite'), ['--port', '3000', '--strictPort', '--host', '0.0.0.0'], {
      cwd: `${root}web`,
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  ],
];
for (const [name, child] of children) {
  const prefix = (chunk) =>
    chunk
      .toString()
      .split('\n')
      .filter(Boolean)
      .map((l) => `[${name}] ${l}`)
      .join('\n');
  child.stdout.on('data', (c) => console.log(prefix(c)));
  child.stderr.on('data', (c) => console.error(prefix(c)));
  child.on('exit', (code) => {
    console.log(`[${name}] exited with ${code}`);
    stop(code ?? 1);
  });
}
console.log(
  '[zelo] web on http://localhost:3000 — log in as admin@zelo.dev / admin123; simulated customers at http://localhost:3000/simulator; e-mail (password reset, invoices) lands in Mailpit at http://127.0.0.1:8025',
);

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const [, child] of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 1500).unref();
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
