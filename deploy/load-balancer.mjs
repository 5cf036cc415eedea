#!/usr/bin/env node
// nginx in front of Zelo on one machine: found or installed from Debian's packages, configured from
// deploy/nginx/zelo.conf.template (the file docker compose's nginx renders too) inside a folder of its
// own, and run in the foreground so a supervisor owns it. Several instances run side by side: each has
// its own pid file, temp folders and logs, and needs no root path.
//
//   node deploy/load-balancer.mjs security-headers <apiUrl>   prints the web app's security headers as
//                                                             add_header lines (the Docker image's include)
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { require as tsxRequire } from 'tsx/cjs/api';

const TEMPLATE = fileURLToPath(new URL('./nginx/zelo.conf.template', import.meta.url));
/** Per API process: skipped for 1 to 2 s after a refused connection (see the template). */
const SERVER_PARAMS = 'max_fails=1 fail_timeout=1s';
const DEBIAN_NGINX = '/usr/sbin/nginx';
const POLICY_RC_D = '/usr/sbin/policy-rc.d';

const quiet = () => {};

/**
 * The nginx binary: Debian's /usr/sbin/nginx or one on PATH; when missing and we are root,
 * `apt-get install -y nginx-light` (`apt-get update` first only if that install fails). Debian's
 * package scripts would start a system nginx on :80: while installing, a policy-rc.d that denies
 * every start is put in place if the machine has none, and removed after.
 * @param {{ say?: (step: string, what: string) => void }} [options]
 * @returns {string} the path of the nginx binary
 */
export function ensureNginx({ say = quiet } = {}) {
  const found = findNginx();
  if (found) {
    say('nginx', `${found} present`);
    return found;
  }
  if (process.getuid?.() !== 0)
    throw new Error(
      'nginx is missing: install it (Debian: `sudo apt-get install nginx-light`) or put an nginx binary on PATH, then start again',
    );
  const started = Date.now();
  const ownPolicy = !existsSync(POLICY_RC_D);
  if (ownPolicy)
    writeFileSync(POLICY_RC_D, '#!/bin/sh\n# Zelo: no service starts while nginx installs.\nexit 101\n', {
      mode: 0o755,
    });
  try {
    const apt = (...args) =>
      spawnSync('apt-get', args, {
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
        encoding: 'utf8',
        timeout: 600_000,
      });
    let r = apt('install', '-y', '--no-install-recommends', 'nginx-light');
    if (r.status !== 0) {
      say('nginx', 'install failed, updating the package lists first');
      const update = apt('update');
      if (update.status !== 0)
        throw new Error(`apt-get update failed:\n${update.stdout}${update.stderr}`.trim());
      r = apt('install', '-y', '--no-install-recommends', 'nginx-light');
    }
    if (r.status !== 0) throw new Error(`apt-get install nginx-light failed:\n${r.stdout}${r.stderr}`.trim());
  } finally {
    if (ownPolicy) rmSync(POLICY_RC_D, { force: true });
  }
  const installed = findNginx();
  if (!installed) throw new Error('apt-get installed nginx-light but no nginx binary was found');
  say('nginx', `installed nginx-light in ${Math.round((Date.now() - started) / 1000)} s`);
  return installed;
}

function findNginx() {
  const candidates = [
    DEBIAN_NGINX,
    ...(process.env.PATH ?? '').split(path.delimiter).map((dir) => dir && path.join(dir, 'nginx')),
  ];
  for (const file of candidates) {
    if (!file) continue;
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {}
  }
  return null;
}

/**
 * The web app's security headers (web/security-headers.ts, the ones Vite's servers send) as nginx
 * add_header lines, `always` so error pages carry them too.
 * @param {string} apiUrl the API's URL as browsers reach it (the build's VITE_API_URL)
 * @returns {string}
 */
export function securityHeadersInclude(apiUrl) {
  /** @type {{ securityHeaders: (o: { apiUrl: string }) => Record<string, string> }} */
  const web = tsxRequire('../web/security-headers.ts', import.meta.url);
  const lines = Object.entries(web.securityHeaders({ apiUrl })).map(([name, value]) => {
    if (/["\\$\n]/.test(value))
      throw new Error(`the ${name} header cannot be written into nginx's config: ${value}`);
    return `add_header ${name} "${value}" always;`;
  });
  return `# Made from web/security-headers.ts for ${apiUrl}: do not edit.\n${lines.join('\n')}\n`;
}

/**
 * Replaces `${NAME}` for the given names only, as the nginx image's envsubst does with the variables it
 * is given; a `${ZELO_…}` left over is a mistake, not nginx syntax.
 * @param {string} template
 * @param {Record<string, string>} values
 * @returns {string}
 */
export function substitute(template, values) {
  let out = template;
  for (const [name, value] of Object.entries(values)) out = out.replaceAll(`\${${name}}`, value);
  const left = /\$\{(ZELO_[A-Z0-9_]*)\}/.exec(out);
  if (left) throw new Error(`the nginx template uses \${${left[1]}}, which has no value`);
  return out;
}

/** What a Vite build serves, and the app's sample spreadsheet. */
const MIME_TYPES = `  types {
    text/html html;
    text/css css;
    application/javascript js mjs;
    application/json json map;
    application/manifest+json webmanifest;
    text/plain txt;
    image/svg+xml svg;
    image/png png;
    image/jpeg jpg jpeg;
    image/gif gif;
    image/webp webp;
    image/x-icon ico;
    font/woff woff;
    font/woff2 woff2;
    application/wasm wasm;
    audio/mpeg mp3;
    video/mp4 mp4;
    application/vnd.openxmlformats-officedocument.spreadsheetml.sheet xlsx;
  }
  default_type application/octet-stream;`;

/**
 * Writes a complete nginx.conf into `dir`, with the rendered template beside it: its own pid file,
 * errors to stderr, temp folders and access log inside `dir`, one worker.
 * @param {{
 *   dir: string,
 *   webPort: number,
 *   apiPort: number,
 *   apiUpstreams: string[],
 *   webRoot: string | null,
 *   apiUrl: string,
 * }} options `apiUpstreams` as host:port; `webRoot` the web build's folder, or null for no web server;
 *   `apiUrl` the API as browsers reach it (through nginx), for the web app's Content-Security-Policy
 * @returns {string} the path of nginx.conf
 */
export function renderNginxConfig({ dir, webPort, apiPort, apiUpstreams, webRoot, apiUrl }) {
  if (!apiUpstreams.length) throw new Error('renderNginxConfig: no API process to balance');
  const root = path.resolve(dir);
  mkdirSync(root, { recursive: true });
  let template = readFileSync(TEMPLATE, 'utf8');
  const headers = path.join(root, 'security-headers.conf');
  if (webRoot) writeFileSync(headers, securityHeadersInclude(apiUrl));
  else template = template.replace(/^# @web-begin\n[\s\S]*?^# @web-end\n/m, '');
  const site = substitute(template, {
    ZELO_WEB_PORT: String(webPort),
    ZELO_WEB_ROOT: webRoot ? path.resolve(webRoot) : '',
    ZELO_SECURITY_HEADERS: headers,
    ZELO_API_PORT: String(apiPort),
    ZELO_API_SERVERS: apiUpstreams.map((a) => `server ${a} ${SERVER_PARAMS};`).join('\n  '),
  });
  writeFileSync(path.join(root, 'zelo.conf'), site);
  const conf = path.join(root, 'nginx.conf');
  const inDir = (name) => path.join(root, name);
  writeFileSync(
    conf,
    `# Written by deploy/load-balancer.mjs: nginx for ${root}.
${process.getuid?.() === 0 ? '# Started as root: the worker stays root, so it reads the build and writes here like its master.\nuser root;\n' : ''}worker_processes 1;
worker_rlimit_nofile 16384;
pid ${inDir('nginx.pid')};
error_log stderr warn;

events {
  # Each proxied socket holds two connections (browser and API).
  worker_connections 8192;
}

http {
${MIME_TYPES}
  sendfile on;
  tcp_nopush on;
  log_format zelo '$remote_addr [$time_local] "$request" $status $body_bytes_sent '
                  'upstream=$upstream_addr/$upstream_status rt=$request_time';
  access_log ${inDir('access.log')} zelo buffer=64k flush=1s;
  client_body_temp_path ${inDir('temp/client_body')};
  proxy_temp_path ${inDir('temp/proxy')};
  fastcgi_temp_path ${inDir('temp/fastcgi')};
  uwsgi_temp_path ${inDir('temp/uwsgi')};
  scgi_temp_path ${inDir('temp/scgi')};
  include ${inDir('zelo.conf')};
}
`,
  );
  mkdirSync(inDir('temp'), { recursive: true });
  return conf;
}

/**
 * Starts nginx in the foreground (`-p dir -c conf -g 'daemon off;'`), its errors on stderr. It is
 * spawned detached, in a process group of its own: stop it, master and worker together, with
 * `process.kill(-child.pid, 'SIGKILL')` (or SIGTERM / SIGQUIT for a graceful stop). Killing the master
 * alone leaves its worker serving and holding the ports. A start right after such a kill binds the
 * same ports again: nginx sets SO_REUSEADDR on its listeners and retries a busy bind for 2 s, so the
 * dying group's sockets never make it fail.
 * @param {{ nginx: string, conf: string, dir: string, stdio?: import('node:child_process').StdioOptions }} options
 * @returns {import('node:child_process').ChildProcess}
 */
export function spawnNginx({ nginx, conf, dir, stdio = 'inherit' }) {
  return spawn(
    nginx,
    ['-e', 'stderr', '-p', path.resolve(dir), '-c', path.resolve(conf), '-g', 'daemon off;'],
    {
      detached: true,
      stdio,
    },
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [command, apiUrl] = process.argv.slice(2);
  if (command !== 'security-headers' || !apiUrl) {
    console.error('usage: node deploy/load-balancer.mjs security-headers <apiUrl>');
    process.exit(2);
  }
  process.stdout.write(securityHeadersInclude(apiUrl));
}
