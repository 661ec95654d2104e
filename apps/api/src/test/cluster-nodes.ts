import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@siplog/db/dist/testing/pg-cluster';

/** The built API (the multi-node test runs what ships: `node apps/api/dist/main.js`). */
export const API_MAIN = path.resolve(__dirname, '..', '..', 'dist', 'main.js');

/** Polls `url` until it answers 200, for at most `timeoutMs`. */
export async function waitForOk(url: string, timeoutMs: number, why: () => string = () => ''): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
      if (response.ok) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms (${last})\n${why()}`);
}

export interface ApiNode {
  name: string;
  port: number;
  baseUrl: string;
  dataDir: string;
  outboxDir: string;
  process: ChildProcess;
  /** What the node printed (its console log), for a failure message. */
  output(): string;
  /** Ends the node: SIGTERM (a clean stop) or SIGKILL (a crash). */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts one API node on 127.0.0.1 with its own DATA_DIR (logs, outbox, temp uploads) and the shared `env`. */
export async function startApiNode(name: string, env: Record<string, string>): Promise<ApiNode> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `siplog-node-${name}-`));
  const webDist = path.join(dataDir, 'web-dist');
  fs.mkdirSync(webDist, { recursive: true });
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Siplog node</title><div id="root"></div>');
  let output = '';
  const child = spawn(process.execPath, [API_MAIN], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIST_DIR: webDist, LOG_TO_CONSOLE: 'true', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const node: ApiNode = {
    name,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    dataDir,
    outboxDir: path.join(dataDir, 'outbox'),
    process: child,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  await waitForOk(`${node.baseUrl}/api/health`, 60_000, () => `${name} said:\n${output}`);
  return node;
}

export interface Proxy {
  port: number;
  baseUrl: string;
  kind: 'nginx';
  stop(): Promise<void>;
}

/** nginx from Debian (installed with apt when missing and running as root), or null when it cannot be had. */
export function nginxBinary(): string | null {
  const known = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => fs.existsSync(file));
  if (known) return known;
  if (process.getuid?.() !== 0) return null;
  spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'nginx-light'], {
    stdio: 'ignore',
    timeout: 300_000,
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => fs.existsSync(file)) ?? null;
}

/**
 * nginx on 127.0.0.1 in front of the nodes, configured as the README's recipe: round robin, a node that refuses or
 * times out is skipped (idempotent requests are retried on the next one), streams are not buffered.
 */
export async function startNginx(binary: string, upstreamPorts: number[]): Promise<Proxy> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'siplog-nginx-'));
  // Workers may run as another user: the temp folders must be theirs to write.
  fs.chmodSync(dir, 0o777);
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(
    conf,
    `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream siplog {
${upstreamPorts.map((upstream) => `    server 127.0.0.1:${upstream} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 200m;
    location / {
      proxy_pass http://siplog;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout http_502 http_503;
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
      proxy_buffering off;
      proxy_request_buffering off;
    }
  }
}
`,
  );
  const child = spawn(binary, ['-p', dir, '-c', conf, '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitForOk(`http://127.0.0.1:${port}/api/health`, 20_000, () => `nginx said:\n${output}\n${fs.existsSync(`${dir}/error.log`) ? fs.readFileSync(`${dir}/error.log`, 'utf8') : ''}`);
  return {
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    kind: 'nginx',
    async stop() {
      if (child.exitCode === null) child.kill('SIGQUIT');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
