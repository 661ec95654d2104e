import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SqliteDatabase, type Database, type DB } from '@siplog/db';
import { createApp } from '../app.factory';
import { loadConfig, type AppConfig } from '../config/app.config';
import { DATABASE } from '../modules/database/database.module';
import { dropTestDatabase, freshTestDatabaseUrl } from './test-database';

export const TEST_SUPPORT_EMAIL = 'support@siplog.test';

export interface TestApp {
  baseUrl: string;
  config: AppConfig;
  /** The synchronous SQLite handle, for a spec's own set-up and checks (SQLite runs only). */
  db: DB;
  /** The app's Database, whichever engine. */
  data: Database;
  /** A provider of the running app, for tests that drive one directly (housekeeping, say). */
  get: <T>(type: new (...args: never[]) => T) => T;
  post: (path: string, body?: unknown, headers?: Record<string, string>) => Promise<{ status: number; body: any; headers: Headers }>;
  /** A tRPC call over HTTP as the web app makes it (no batching): the HTTP status and the result data or error. */
  trpc: (
    kind: 'query' | 'mutation',
    procedure: string,
    input?: unknown,
    headers?: Record<string, string>,
  ) => Promise<{ status: number; data?: any; error?: { message: string; data: { code: string; httpStatus: number } } }>;
  close: () => Promise<void>;
}

/** The whole app on 127.0.0.1 over a fresh database (a SQLite file in its temp DATA_DIR, or a new PostgreSQL database). */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'siplog-api-'));
  const webDist = path.join(dataDir, 'web-dist');
  fs.mkdirSync(path.join(webDist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Siplog test shell</title><div id="root"></div>');
  fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
  // What the web build writes beside each asset: the server must send these instead of compressing per request.
  fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js.gz'), zlib.gzipSync('console.log(1)'));
  fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js.br'), zlib.brotliCompressSync('console.log(1)'));
  fs.writeFileSync(path.join(webDist, 'favicon.ico'), Buffer.from([0, 0, 1, 0]));

  const databaseUrl = await freshTestDatabaseUrl();
  const config = loadConfig({
    DATA_DIR: dataDir,
    // Several nodes must share the signing secret, so PostgreSQL requires one from the environment.
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, JWT_SECRET: 'test-secret-shared-by-every-node-of-this-app' } : {}),
    SUPPORT_EMAIL: TEST_SUPPORT_EMAIL,
    LOG_TO_CONSOLE: 'false',
    WEB_DIST_DIR: webDist,
    TRUST_PROXY: 'loopback',
    ...env,
  });
  const app: NestExpressApplication = await createApp(config);
  const data = app.get<Database>(DATABASE);
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;

  return {
    baseUrl,
    config,
    // Undefined on PostgreSQL: specs that read or write the database directly use `data` there.
    db: (data instanceof SqliteDatabase ? data.drizzle : undefined) as DB,
    data,
    get: (type) => app.get(type),
    async post(route, body, headers = {}) {
      const response = await fetch(baseUrl + route, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON: keep the text so a test can say what came back
      }
      return { status: response.status, body: parsed, headers: response.headers };
    },
    async trpc(kind, procedure, input, headers = {}) {
      const url = `${baseUrl}/trpc/${procedure}`;
      const response =
        kind === 'query'
          ? await fetch(input === undefined ? url : `${url}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers })
          : await fetch(url, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json', ...headers },
              body: input === undefined ? undefined : JSON.stringify(input),
            });
      const body = (await response.json()) as { result?: { data: unknown }; error?: any };
      return { status: response.status, data: body.result?.data, error: body.error };
    },
    async close() {
      await app.close();
      if (databaseUrl) await dropTestDatabase(databaseUrl);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Reads the day's log file, waiting briefly for the async file transport to flush. */
export async function readTodaysLog(config: AppConfig, expected: string): Promise<string> {
  const file = path.join(config.logsDir, `application-${new Date().toISOString().slice(0, 10)}.log`);
  let text = '';
  for (let attempt = 0; attempt < 40; attempt++) {
    text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    if (text.includes(expected)) return text;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return text;
}

let markerCount = 0;

/**
 * The day's log lines above info (WARN and ERROR) so far, except `allowedContexts` (say `ClientLog`, whose errors
 * are the client's own report). A marker line is logged and awaited first, so everything before it is in the file.
 */
export async function loggedProblems(config: AppConfig, allowedContexts: string[] = []): Promise<string[]> {
  const marker = `log marker ${process.pid}-${++markerCount}-${Date.now()}`;
  Logger.log(marker, 'Test');
  const text = await readTodaysLog(config, marker);
  return text
    .split('\n')
    .filter((line) => / (WARN|ERROR) \[/.test(line))
    .filter((line) => !allowedContexts.some((context) => line.includes(` [${context}] `)));
}
