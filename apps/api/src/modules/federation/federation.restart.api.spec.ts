import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@siplog/db/dist/testing/pg-cluster';
import { federationQueue, insertEstablishment, openAppDatabase, users, type Database } from '@siplog/db';
import { hashPassword } from '../auth/password-hasher';
import { API_MAIN, waitForOk } from '../../test/cluster-nodes';
import { startFederationWorld, type FederationWorld } from '../../test/federation-world';
import { startFediversePeer, type FediversePeer } from '../../test/fediverse-peer';
import { testPhoto } from '../../test/reviews';

/*
 * Issue 30: a delivery survives a kill -9 of the sender mid-delivery. The built server runs as a child process on
 * SQLite (node --import federation-network.child.mjs gives it the test network); the peer takes the review in but
 * holds its answer; the sender is killed; on restart the delivery runs again and the peer, which drops an activity it
 * has seen, has it exactly once. (On PostgreSQL a dead node's claim runs out after its lease instead: the queue's
 * own spec proves that on both engines.)
 */
const SIPLOG = 'siplog-k.test';
const PEER = 'peer.test';
const PASSWORD = 'Secret12';
const PRELOAD = path.resolve(__dirname, '..', '..', 'test', 'federation-network.child.mjs');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// A PostgreSQL run (vitest.pg.config.mts) skips this: the child would share the test's database.
describe.skipIf(Boolean(process.env.SIPLOG_TEST_PG_ADMIN_URL))('a delivery across a kill -9 of the sender', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'siplog-fed-kill-'));
  let world: FederationWorld;
  let peer: FediversePeer;
  let db: Database;
  let port: number;
  let child: ChildProcess | null = null;
  let output = '';

  async function startSiplog(): Promise<void> {
    output = '';
    child = spawn(process.execPath, ['--import', PRELOAD, API_MAIN], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_TO_CONSOLE: 'true',
        WEB_DIST_DIR: path.join(dataDir, 'no-web'),
        FEDERATION: 'on',
        PUBLIC_URL: `https://${SIPLOG}`,
        FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true',
        SIPLOG_TEST_NETWORK: JSON.stringify({ caPem: world.ca.caPem, hosts: Object.fromEntries(world.hosts) }),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await waitForOk(`http://127.0.0.1:${port}/api/health/ready`, 60_000, () => output);
  }

  async function killSiplog(): Promise<void> {
    const running = child!;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
    child = null;
  }

  const queued = () => db.select().from(federationQueue);

  beforeAll(async () => {
    db = await openAppDatabase({ databaseUrl: null, databaseFile: path.join(dataDir, 'app.db') });
    await db.insert(users).values({ email: 'maya@example.com', username: 'maya_sips', passwordHash: await hashPassword(PASSWORD), firstName: 'Maya', lastName: 'Lopez', verified: true });
    await insertEstablishment(db, { placeId: 'siplog:kill-cafe', name: 'Kill Cafe', lat: 45.52, lng: -122.68 });
    world = startFederationWorld();
    peer = await startFediversePeer(`https://${PEER}`);
    port = await freePort();
    await world.front(SIPLOG, port);
    await world.front(PEER, peer.port);
    await startSiplog();
  }, 90_000);

  afterAll(async () => {
    if (child) await killSiplog();
    await peer?.close();
    await world?.close();
    await db?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers the review after the restart, exactly once', async () => {
    await peer.follow(`@maya_sips@${SIPLOG}`);
    await peer.waitFor((item) => item.type === 'Accept', 'the Accept');

    const signIn = await fetch(`http://127.0.0.1:${port}/api/user/authenticateuser`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'maya@example.com', password: PASSWORD }),
    });
    const { token } = (await signIn.json()) as { token: string };
    const held = peer.hold();
    const form = new FormData();
    form.append('file1', new Blob([new Uint8Array(await testPhoto())], { type: 'image/jpeg' }), 'cup.jpg');
    form.append('data', JSON.stringify({ place_id: 'siplog:kill-cafe', establishment_name: 'Kill Cafe', order: 'Flat white', review: 'Worth a restart', rating: 5 }));
    const posted = await fetch(`http://127.0.0.1:${port}/api/post/addpostwithimages`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
    expect(posted.status).toBe(200);

    // The peer has the review; the sender is still waiting for its answer when it dies.
    const create = await peer.waitFor((item) => item.type === 'Create', 'the review');
    await sleep(100);
    await killSiplog();
    held.release();
    const inHand = (await queued()).filter((row) => row.kind === 'outbox');
    expect(inHand).toHaveLength(1);
    expect(inHand[0].claimedUntil).toBeGreaterThan(Date.now());

    await startSiplog();
    const deadline = Date.now() + 20_000;
    while ((await queued()).length > 0 && Date.now() < deadline) await sleep(100);
    expect(await queued(), output).toEqual([]);
    expect(output).toContain('left in hand by a stopped process are due again');
    const creates = peer.received.filter((item) => item.type === 'Create');
    expect(creates).toHaveLength(1);
    expect(creates[0].json.id).toBe(create.json.id);
  });
});
