#!/usr/bin/env node
// Runs the CLI's TypeScript through tsx, from wherever `zelo` is called (npx zelo, npm run zelo).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const main = path.join(here, '..', 'src', 'main.tsx');
// tsx's own CLI entry, found the way node finds packages (the root's node_modules in this monorepo).
const tsx = createRequire(import.meta.url).resolve('tsx/cli');

const child = spawn(process.execPath, [tsx, main, ...process.argv.slice(2)], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  if (signal) process.kill(process.pid, signal);
  else process.exit(code ?? 1);
});
