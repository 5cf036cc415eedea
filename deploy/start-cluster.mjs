#!/usr/bin/env node
// `npm run start:cluster`: the multi-process deployment on this machine (deploy/cluster.mjs), on port
// base 8100: the web app on :8100, the API through nginx on :8101. Ctrl-C stops every process.
import { startCluster } from './cluster.mjs';

const portBase = Number(process.env.ZELO_CLUSTER_PORT_BASE ?? 8100);
let cluster = null;
let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  console.log('[cluster] stopping');
  setTimeout(() => process.exit(1), 30_000).unref();
  await cluster?.stop({ keepDatabases: true });
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

try {
  cluster = await startCluster({ name: 'cluster', portBase });
} catch (err) {
  console.error(`[cluster] failed to start: ${err.stack ?? err}`);
  process.exit(1);
}
if (stopping) await stop();
const list = cluster.processes.map((p) => `${p.name} (pid ${p.pid})`).join(', ');
console.log(`[cluster] ${list}`);
console.log(
  `[cluster] web on http://localhost:${cluster.ports.web} — log in as admin@zelo.dev / admin123; the API through nginx on http://localhost:${cluster.ports.api}; simulated customers at http://localhost:${cluster.ports.web}/simulator`,
);
