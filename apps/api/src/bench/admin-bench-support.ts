/**
 * What the admin benchmarks share: an admin account in a DATA_DIR's database, our API in a child process with
 * ADMIN_EMAILS set (feed-server.process.ts with an admin e-mail), and signing in over HTTP for a Bearer token.
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import { openMigratedDatabase, users } from '@siplog/db';
import { hashPassword } from '../modules/auth/password-hasher';
import type { FromServer, ToServer } from './feed-server.process';

export const ADMIN_EMAIL = 'benchadmin@example.com';
export const ADMIN_PASSWORD = 'BenchAdmin1';

/** Inserts the admin account (hashed password, as bench.ts does) into DATA_DIR/app.db, migrating it first if new. */
export async function insertAdminAccount(dataDir: string): Promise<void> {
  const passwordHash = await hashPassword(ADMIN_PASSWORD);
  const db = openMigratedDatabase(path.join(dataDir, 'app.db'));
  try {
    db.insert(users).values({ email: ADMIN_EMAIL, username: 'benchadmin', passwordHash, firstName: 'Bench', lastName: 'Admin', verified: true }).run();
  } finally {
    db.$client.close();
  }
}

export interface AdminServer {
  base: string;
  stop: () => Promise<void>;
}

/** Our API over `dataDir` in a process of its own, ADMIN_EMAILS = ADMIN_EMAIL. */
export function startAdminServer(dataDir: string): Promise<AdminServer> {
  const child = fork(path.join(__dirname, 'feed-server.process.js'), ['ours', dataDir, ADMIN_EMAIL], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.removeAllListeners('exit');
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.send('stop' satisfies ToServer);
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error('admin bench server did not start in 120 s'));
    }, 120_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`admin bench server exited with ${code}`));
    });
    child.once('message', (message: FromServer) => {
      clearTimeout(timer);
      if (message.type === 'ready') resolve({ base: `http://127.0.0.1:${message.port}`, stop });
    });
  });
}

/** POST with JSON, a Bearer token when given, and a client address of its own (the rate limits are per address). */
export function postJson(base: string, route: string, body: unknown, options: { token?: string; client: string; signal?: AbortSignal }): Promise<Response> {
  return fetch(base + route, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Forwarded-For': options.client,
      ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
    },
    body: JSON.stringify(body),
    signal: options.signal,
  });
}

/** Signs in over HTTP and answers the Bearer token. */
export async function signIn(base: string, email: string, password: string, client: string): Promise<string> {
  const response = await postJson(base, '/api/user/authenticateuser', { email, password }, { client });
  const answer = (await response.json()) as { token?: string };
  if (response.status !== 200 || !answer.token) throw new Error(`sign-in of ${email}: HTTP ${response.status}`);
  return answer.token;
}
