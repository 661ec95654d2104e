import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '@siplog/contracts';
import { freePort } from '@siplog/db/dist/testing/pg-cluster';
import { insertEstablishment, openAppDatabase, users, type Database } from '@siplog/db';
import { API_MAIN, waitForOk } from '../../test/cluster-nodes';
import { solidPng } from '../../test/solid-png';
import { dropTestDatabase, freshTestDatabaseUrl } from '../../test/test-database';
import { hashPassword } from '../auth/password-hasher';

const MB = 1024 * 1024;
/** What one upload must never take a 2 GB box near, with three at once (issue 26). */
const PEAK_RSS_LIMIT = 512 * MB;
const PASSWORD = 'Secret12';
const PLACE_ID = 'siplog:decode-memory';

/** The process's resident memory now and at its peak so far (VmRSS, VmHWM), read from outside it. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))![1]) * 1024;
  return { rss: kib('VmRSS'), peak: kib('VmHWM') };
}

/**
 * The memory of photo decoding is bounded whatever is sent (issue 26): the built server, run as `pnpm start` runs it,
 * is sent images whose decode would hold hundreds of megabytes, three at once, and its peak resident memory is read
 * from /proc.
 */
describe.skipIf(process.platform !== 'linux')('the memory of decoding uploads', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'siplog-decode-memory-'));
  let server: ChildProcess;
  let baseUrl: string;
  let token: string;
  let db: Database;
  let databaseUrl: string | null;
  let output = '';

  beforeAll(async () => {
    databaseUrl = await freshTestDatabaseUrl();
    db = await openAppDatabase({ databaseUrl, databaseFile: path.join(dataDir, 'app.db') });
    await db.insert(users).values({ email: 'dora@example.com', username: 'doradecode', passwordHash: await hashPassword(PASSWORD), firstName: 'Dora', lastName: 'Test', verified: true });
    await insertEstablishment(db, { placeId: PLACE_ID, name: 'Decode Cafe', lat: 41.88, lng: -87.63 });

    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = { ...process.env };
    delete env.DATABASE_URL;
    server = spawn(process.execPath, [API_MAIN], {
      env: {
        ...env,
        ...(databaseUrl && { DATABASE_URL: databaseUrl, JWT_SECRET: 'decode-memory-secret-shared-by-every-node-0123' }),
        MALLOC_ARENA_MAX: '2', // as `pnpm start` sets it
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_TO_CONSOLE: 'true',
        LOG_LEVEL: 'warn',
        WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await waitForOk(`${baseUrl}/api/health`, 60_000, () => output);
    const signIn = await fetch(`${baseUrl}/api/user/authenticateuser`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'dora@example.com', password: PASSWORD }),
    });
    token = ((await signIn.json()) as { token: string }).token;
  }, 90_000);

  afterAll(async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      server.kill('SIGKILL');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    await db?.close();
    if (databaseUrl) await dropTestDatabase(databaseUrl);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function postReview(photo: Buffer, type: string): Promise<{ status: number; body: { msg?: string; post_id?: number } }> {
    const form = new FormData();
    form.append('file1', new Blob([new Uint8Array(photo)], { type }), 'photo');
    form.append('data', JSON.stringify({ place_id: PLACE_ID, establishment_name: 'Decode Cafe', order: 'Flat white', review: 'Fine', rating: 4, filetype: 'image' }));
    const response = await fetch(`${baseUrl}/api/post/addpostwithimages`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
    return { status: response.status, body: (await response.json()) as { msg?: string; post_id?: number } };
  }

  it('refuses three 10000x10000 RGBA 16-bit interlaced PNGs at once with a clear 400, decodes costly ones one after another, stays under 512 MB and still takes a photo', async () => {
    const before = memoryOf(server.pid!);
    // Issue 26's file: a few megabytes whose decode held an 800 MB bitmap (the server went from 205 to 1,041 MB).
    const bomb = await solidPng({ width: 10_000, height: 10_000, bitDepth: 16, channels: 4, interlaced: true });
    const refused = await Promise.all([1, 2, 3].map(() => postReview(bomb, 'image/png')));
    for (const answer of refused) expect(answer).toEqual({ status: 400, body: { status: 400, msg: SERVER_MESSAGES.imageTooCostlyToDecode } });
    // The same as a profile image (held in memory by multer, decoded by the same image store).
    const avatar = new FormData();
    avatar.append('file', new Blob([new Uint8Array(bomb)], { type: 'image/png' }), 'me.png');
    avatar.append('data', JSON.stringify({ email: 'dora@example.com', filetype: 'image' }));
    const avatarAnswer = await fetch(`${baseUrl}/api/user/uploadprofileimages`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: avatar });
    expect({ status: avatarAnswer.status, body: await avatarAnswer.json() }).toEqual({ status: 400, body: { status: 400, msg: SERVER_MESSAGES.imageTooCostlyToDecode } });
    const afterRefusals = memoryOf(server.pid!);

    // Accepted, but each holds ~140 MB to decode (a 108 MB bitmap): the budget runs them one after another.
    const costly = await solidPng({ width: 6000, height: 6000, bitDepth: 8, channels: 3, interlaced: true });
    const posted = await Promise.all([1, 2, 3].map(() => postReview(costly, 'image/png')));
    for (const answer of posted) expect(answer.status, JSON.stringify(answer.body)).toBe(200);

    const phonePhoto = await sharp({ create: { width: 2016, height: 1512, channels: 3, background: '#8b5a2b' } }).jpeg().toBuffer();
    const photo = await postReview(phonePhoto, 'image/jpeg');
    expect(photo.status, JSON.stringify(photo.body)).toBe(200);

    const after = memoryOf(server.pid!);
    const mb = (bytes: number) => `${Math.round(bytes / MB)} MB`;
    const figures = `RSS before ${mb(before.rss)}, peak after the refusals ${mb(afterRefusals.peak)}, peak after all ${mb(after.peak)}`;
    console.log(`Decode memory: ${figures}`);
    expect(afterRefusals.peak - before.rss, figures).toBeLessThan(64 * MB);
    expect(after.peak, figures).toBeLessThan(PEAK_RSS_LIMIT);
  }, 120_000);
});
