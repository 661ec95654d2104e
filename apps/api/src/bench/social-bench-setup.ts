/**
 * What the social loop's benchmarks (following.bench.ts, notification.bench.ts) share: the people they act as, signed
 * in through our API as the web app signs in (so every token has its session row), and the servers on one data dir.
 */
import { BENCH_PASSWORD } from './feed-data';
import { ServerProcess } from './feed.bench';
import type { ServerKind } from './feed-server.process';
import { Database } from './raw-feed-server';

export interface BenchPerson {
  id: number;
  email: string;
  username: string;
  token: string;
}

/**
 * `count` active people spread over the whole table (ids 7, 27, 47, …; feed-data.ts deactivates every hundredth,
 * which this stride never meets), in id order: the same people every run.
 */
export function activePeople(file: string, count: number): Array<Omit<BenchPerson, 'token'>> {
  const sqlite = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return sqlite
      .prepare('select id, email, username from users where id % 20 = 7 and deactivated_at is null order by id limit ?')
      .all(count) as Array<Omit<BenchPerson, 'token'>>;
  } finally {
    sqlite.close();
  }
}

/**
 * Signs each person in (POST /api/user/authenticateuser, an argon2 check each), a few at a time, each from a client
 * address of its own so the per-address login limit does not stop the bench.
 */
export async function signIn(server: ServerProcess, people: Array<Omit<BenchPerson, 'token'>>, concurrency = 8): Promise<BenchPerson[]> {
  const signedIn: BenchPerson[] = new Array(people.length);
  let nextIndex = 0;
  const worker = async () => {
    for (let i = nextIndex++; i < people.length; i = nextIndex++) {
      const person = people[i];
      const response = await fetch(`${server.base}/api/user/authenticateuser`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `10.77.${(i >> 8) & 255}.${i & 255}` },
        body: JSON.stringify({ email: person.email, password: BENCH_PASSWORD }),
      });
      const { token } = (await response.json()) as { token?: string };
      if (!token) throw new Error(`sign-in of ${person.email} failed: HTTP ${response.status}`);
      signedIn[i] = { ...person, token };
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return signedIn;
}

/** Starts servers of these kinds on `dataDir`, one process each; stops them all if one fails to start. */
export async function startServers(kinds: ServerKind[], dataDir: string): Promise<ServerProcess[]> {
  const servers: ServerProcess[] = [];
  try {
    for (const kind of kinds) servers.push(await ServerProcess.start(kind, dataDir));
    return servers;
  } catch (error) {
    for (const server of servers) await server.stop();
    throw error;
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const perSecond = (value: number) => (value >= 100 ? Math.round(value).toLocaleString('en-US') : value.toFixed(1));
export const ms = (value: number) => (Number.isNaN(value) ? '-' : value < 10 ? value.toFixed(2) : value < 1000 ? value.toFixed(1) : Math.round(value).toLocaleString('en-US'));
