import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { tileRangeOf } from '@siplog/basemap';
import { buildProtomapsFixture, startRangeServer, type RangeServer } from '@siplog/basemap/dist/regions/testing';
import { DIALECT, insertEstablishment, PgDatabase } from '@siplog/db';
import { codeFromMail } from './test/accounts';
import { nginxBinary, startApiNode, startNginx, type ApiNode, type Proxy } from './test/cluster-nodes';
import { startTestS3, type TestS3 } from './test/s3-server';
import { dropTestDatabase, freshTestDatabaseUrl } from './test/test-database';

/*
 * Issue 18's deployment, for real on 127.0.0.1: PostgreSQL, an S3-compatible store (s3rver), two API nodes (the built
 * dist/main.js, each with its own DATA_DIR) and nginx in front. Runs in the PostgreSQL suite only.
 */
const PLACE_ID = 'multi-node-cafe';

interface Person {
  email: string;
  username: string;
  token: string;
}

const json = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
  const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const text = await response.text();
  let parsed: any = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // keep the text
  }
  return { status: response.status, body: parsed };
};
const bearer = (person: Person) => ({ Authorization: `Bearer ${person.token}` });

describe.runIf(DIALECT === 'pg')('several API nodes on PostgreSQL and S3 behind nginx', () => {
  let databaseUrl: string;
  let s3: TestS3;
  let nodeA: ApiNode;
  let nodeB: ApiNode;
  let proxy: Proxy;
  let mapSource: RangeServer;
  let ann: Person;
  let ben: Person;
  let ipCounter = 0;
  const client = () => ({ 'X-Forwarded-For': `10.66.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}` });

  /** The verification code mailed to `email` by whichever node sent it (each writes its own outbox). */
  async function codeFor(email: string): Promise<string> {
    for (let attempt = 0; attempt < 100; attempt++) {
      for (const node of [nodeA, nodeB]) {
        if (!fs.existsSync(node.outboxDir)) continue;
        for (const file of fs.readdirSync(node.outboxDir).sort().reverse()) {
          const text = fs.readFileSync(path.join(node.outboxDir, file), 'utf8');
          if (text.includes(`To: ${email}`)) return codeFromMail(text);
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no verification code for ${email}`);
  }

  /** Joins through `node`: code request, code from the outbox, registration. */
  async function join(node: ApiNode, username: string): Promise<Person> {
    const email = `${username}@example.com`;
    const headers = client();
    expect((await json(`${node.baseUrl}/api/user/getemailverificationcode`, { email }, headers)).status).toBe(200);
    const registered = await json(
      `${node.baseUrl}/api/user/registeruser`,
      { email, verificationcode: await codeFor(email), password: 'Secret12', firstname: 'Multi', lastname: username, userid: username, phonenumber: '512-555-0100', zipcode: '78701' },
      headers,
    );
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    return { email, username, token: registered.body.user.token };
  }

  beforeAll(async () => {
    const nginx = nginxBinary();
    if (!nginx) throw new Error('nginx is not installed and cannot be (not root): apt-get install nginx-light');
    databaseUrl = (await freshTestDatabaseUrl())!;
    s3 = await startTestS3();
    const fixtureDir = fs.mkdtempSync(path.join(os.tmpdir(), 'siplog-multi-map-'));
    mapSource = await startRangeServer((await buildProtomapsFixture(path.join(fixtureDir, 'planet.pmtiles'), { maxZoom: 13 })).file);
    const env = {
      ADMIN_EMAILS: 'bossmulti@example.com',
      MAP_SOURCE_URL: mapSource.url,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: 'multi-node-secret-shared-by-every-node-0123456789',
      ...s3.envFor('multi'),
      TRUST_PROXY: 'loopback',
      SUPPORT_EMAIL: 'support@siplog.test',
    };
    // One after the other: the second finds the migrations applied by the first (and waits on its lock if not).
    [nodeA, nodeB] = await Promise.all([startApiNode('a', env), startApiNode('b', env)]);
    proxy = await startNginx(nginx, [nodeA.port, nodeB.port]);
    const db = new PgDatabase(databaseUrl, { max: 1 });
    try {
      await insertEstablishment(db, { placeId: PLACE_ID, name: 'Multi Node Cafe', city: 'Chicago', lat: 41.88, lng: -87.63 });
    } finally {
      await db.close();
    }
    ann = await join(nodeA, 'annmulti');
    ben = await join(nodeB, 'benmulti');
  }, 180_000);

  afterAll(async () => {
    await proxy?.stop();
    await Promise.all([nodeA?.stop(), nodeB?.stop()]);
    await s3?.close();
    await mapSource?.close();
    if (databaseUrl) await dropTestDatabase(databaseUrl);
  }, 60_000);

  it('honours a session made on one node on the other, and a logout on either ends it on both', async () => {
    const signedIn = await json(`${nodeA.baseUrl}/api/user/authenticateuser`, { email: ann.email, password: 'Secret12' }, client());
    expect(signedIn.status).toBe(200);
    const session = { ...ann, token: (signedIn.body.token ?? signedIn.body.user?.token) as string };
    // Both nodes have verified the token, and remember it.
    for (const node of [nodeA, nodeB, nodeA]) expect((await json(`${node.baseUrl}/api/notification/unreadcount`, {}, bearer(session))).status).toBe(200);
    expect((await json(`${nodeB.baseUrl}/api/user/logout`, {}, bearer(session))).status).toBe(200);
    expect((await json(`${nodeA.baseUrl}/api/notification/unreadcount`, {}, bearer(session))).status).toBe(401);
    expect((await json(`${nodeB.baseUrl}/api/notification/unreadcount`, {}, bearer(session))).status).toBe(401);
  });

  it('counts rate limits across the nodes', async () => {
    // usernameCheck allows 60 a minute per client address: 30 on each node, then the 61st is refused on either.
    const headers = { 'X-Forwarded-For': '10.77.0.1' };
    for (let i = 0; i < 60; i++) {
      const node = i % 2 === 0 ? nodeA : nodeB;
      expect((await json(`${node.baseUrl}/api/user/usernameavailable`, { username: `free${i}` }, headers)).status).toBe(200);
    }
    for (const node of [nodeA, nodeB]) {
      const refused = await json(`${node.baseUrl}/api/user/usernameavailable`, { username: 'onemore' }, headers);
      expect(refused.status, JSON.stringify(refused.body)).toBe(429);
    }
  });

  it('reads through one node a review posted with photos through the other', async () => {
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 120, g: 80, b: 40 } } }).jpeg().toBuffer();
    const form = new FormData();
    form.append('file1', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'cup.jpg');
    form.append('data', JSON.stringify({ place_id: PLACE_ID, establishment_name: 'Multi Node Cafe', order: 'Cortado', review: 'Posted on A', rating: 5, filetype: 'image' }));
    const posted = await fetch(`${nodeA.baseUrl}/api/post/addpostwithimages`, { method: 'POST', headers: bearer(ann), body: form });
    const postBody = (await posted.json()) as { post_id: number };
    expect(posted.status, JSON.stringify(postBody)).toBe(200);

    const onB = await json(`${nodeB.baseUrl}/api/post/loadpost`, { postid: postBody.post_id });
    expect(onB.status).toBe(200);
    const image = (onB.body.post?.images ?? onB.body.images)[0] as string;
    expect(image).toBeTruthy();
    const served = await fetch(`${nodeB.baseUrl}/api/showimage/image/postimages/${encodeURIComponent(image)}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^image\//);
    const stored = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(stored.width).toBeGreaterThan(0);
    // Nothing of it on either node's disk: the photo lives in the bucket.
    for (const node of [nodeA, nodeB]) expect(fs.existsSync(path.join(node.dataDir, 'media', 'postimages', image))).toBe(false);
    expect((await s3.keys('multi/')).some((key) => key.endsWith(image))).toBe(true);
  });

  it('pushes a notification raised on one node to a page held open on the other', async () => {
    const stream = await fetch(`${nodeB.baseUrl}/api/notification/stream`, { headers: bearer(ann) });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let received = '';
    const nextUnread = async (): Promise<number> => {
      const deadline = Date.now() + 5_000;
      while (Date.now() < deadline) {
        const match = /event: unread\ndata: (\{[^\n]*\})\n\n/.exec(received);
        if (match) {
          received = received.slice(match.index + match[0].length);
          return (JSON.parse(match[1]) as { unread: number }).unread;
        }
        const chunk = await Promise.race([reader.read(), new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now()))]);
        if (!chunk || chunk.done) break;
        received += decoder.decode(chunk.value, { stream: true });
      }
      throw new Error(`no unread event within 5 s (got ${JSON.stringify(received)})\nnode b said:\n${nodeB.output().slice(-3000)}`);
    };
    try {
      const before = await nextUnread();
      const started = Date.now();
      expect((await json(`${nodeA.baseUrl}/api/user/followuser`, { targetusername: ann.username }, bearer(ben))).status).toBe(200);
      expect(await nextUnread()).toBe(before + 1);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await reader.cancel();
    }
  });

  it('never answers a signed-out read older than a write acknowledged on the other node before it was asked (many rounds)', async () => {
    const review = await json(`${proxy.baseUrl}/api/post/loadrecentposts`, { limit: 1, skip: 0 });
    const postId = review.body.posts[0].post_id as number;
    const trpcComments = (entry: string) => `${entry}/trpc/post.comments?input=${encodeURIComponent(JSON.stringify({ postid: postId }))}`;
    const stale: string[] = [];
    const ROUNDS = 40; // comments by two people, 20 each: under the 30-per-10-minutes rate limit
    for (let round = 0; round < ROUNDS; round++) {
      const [writer, reader, author] = round % 2 === 0 ? [nodeA, nodeB, ann] : [nodeB, nodeA, ben];
      // Both nodes and the proxy hold the page's answers before the write (read twice: kept, then answered from the cache).
      for (const entry of [nodeA.baseUrl, nodeB.baseUrl, proxy.baseUrl, nodeA.baseUrl, nodeB.baseUrl]) {
        expect((await json(`${entry}/api/post/loadcomments`, { postid: postId })).status).toBe(200);
        expect((await fetch(trpcComments(entry))).status).toBe(200);
      }
      const text = `stale check ${round}`;
      const written = await json(`${writer.baseUrl}/api/post/addcomment`, { postid: postId, email: author.email, comment: text }, bearer(author));
      expect(written.status, JSON.stringify(written.body)).toBe(200);
      // At once, on the other node and through the proxy: the comment must be there.
      for (const [where, entry] of [['other node', reader.baseUrl], ['proxy', proxy.baseUrl]] as const) {
        const comments = await json(`${entry}/api/post/loadcomments`, { postid: postId });
        if (!JSON.stringify(comments.body).includes(text)) stale.push(`round ${round}: REST loadcomments via ${where}`);
        if (!(await (await fetch(trpcComments(entry))).text()).includes(text)) stale.push(`round ${round}: tRPC post.comments via ${where}`);
      }
    }
    expect(stale, `stale answers in ${ROUNDS} rounds`).toEqual([]);
  }, 120_000);

  it('adds a map region once: it goes to the bucket, and every node serves it; removed on one, gone on both', async () => {
    const boss = await join(nodeA, 'bossmulti');
    const admin = { ...bearer(boss), 'Content-Type': 'application/json' };
    const added = await fetch(`${nodeA.baseUrl}/api/admin/map-regions`, { method: 'POST', headers: admin, body: JSON.stringify({ where: 'Lagos, PT' }) });
    expect(added.status, await added.clone().text()).toBe(202);
    // Node B shows the fetch's progress it hears from A, then the installed region it copied from the bucket.
    const listOnB = async () => (await (await fetch(`${nodeB.baseUrl}/api/admin/map-regions`, { headers: admin })).json()) as any;
    let bbox: { west: number; south: number; east: number; north: number } | undefined;
    for (let attempt = 0; attempt < 300 && !bbox; attempt++) {
      bbox = (await listOnB()).regions.find((region: { slug: string }) => region.slug === 'lagos-pt')?.bbox;
      if (!bbox) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(bbox, JSON.stringify(await listOnB())).toBeDefined();
    expect(await s3.keys('multi/map')).toEqual(['multi/map/lagos-pt.pmtiles']);
    const range = tileRangeOf(bbox!, 13);
    const tileOn = (node: ApiNode) => fetch(`${node.baseUrl}/api/map/tiles/regions/13/${range.minX}/${range.minY}.pbf`, { headers: { 'Accept-Encoding': 'gzip' } });
    const [fromA, fromB] = await Promise.all([tileOn(nodeA), tileOn(nodeB)]);
    expect([fromA.status, fromB.status]).toEqual([200, 200]);
    expect(Buffer.from(await fromB.arrayBuffer()).equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true);
    expect(fs.existsSync(path.join(nodeB.dataDir, 'map', 'lagos-pt.pmtiles'))).toBe(true);

    expect((await fetch(`${nodeB.baseUrl}/api/admin/map-regions/lagos-pt`, { method: 'DELETE', headers: admin })).status).toBe(200);
    expect(await s3.keys('multi/map')).toEqual([]);
    let statusOnA = 200;
    for (let attempt = 0; attempt < 100 && statusOnA !== 204; attempt++) {
      statusOnA = (await tileOn(nodeA)).status;
      if (statusOnA !== 204) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(statusOnA).toBe(204);
    expect((await tileOn(nodeB)).status).toBe(204);
  });

  it("hides people from each other on every node once one blocks the other, though a node remembered the reader's blocks", async () => {
    const profile = (node: ApiNode) => json(`${node.baseUrl}/api/user/loadpublicprofile`, { username: ben.username }, bearer(ann));
    expect((await profile(nodeB)).status).toBe(200);
    expect((await profile(nodeB)).status).toBe(200);
    expect((await json(`${nodeA.baseUrl}/api/user/blockuser`, { targetusername: ann.username }, bearer(ben))).status).toBe(200);
    expect((await profile(nodeB)).status).toBe(404);
    expect((await json(`${nodeA.baseUrl}/api/user/unblockuser`, { targetusername: ann.username }, bearer(ben))).status).toBe(200);
    expect((await profile(nodeB)).status).toBe(200);
  });

  it('keeps every acknowledged write when a node is killed under 20 writers, and goes on answering from the survivor', async () => {
    const review = await json(`${proxy.baseUrl}/api/post/loadrecentposts`, { limit: 1, skip: 0 });
    const postId = review.body.posts[0].post_id as number;
    const writers = await Promise.all(Array.from({ length: 20 }, (_, i) => join(i % 2 === 0 ? nodeA : nodeB, `writer${i}`)));
    const acknowledged: number[] = [];
    const refused: number[] = [];
    let stop = false;
    const write = async (writer: Person, index: number) => {
      for (let n = 0; !stop && n < 25; n++) {
        try {
          const answer = await json(`${proxy.baseUrl}/api/post/addcomment`, { postid: postId, email: writer.email, comment: `w${index} c${n}` }, bearer(writer));
          if (answer.status === 200) acknowledged.push(answer.body.comment.comment_id);
          else refused.push(answer.status);
        } catch {
          refused.push(0);
        }
      }
    };
    const running = writers.map((writer, index) => write(writer, index));
    await new Promise((resolve) => setTimeout(resolve, 700));
    const ackedBeforeKill = acknowledged.length;
    await nodeA.stop('SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    stop = true;
    await Promise.all(running);

    expect(ackedBeforeKill).toBeGreaterThan(0);
    expect(acknowledged.length).toBeGreaterThan(ackedBeforeKill);
    const stored = await json(`${nodeB.baseUrl}/api/post/loadcomments`, { postid: postId });
    const storedIds = new Set((stored.body.comments as Array<{ comment_id: number }>).map((comment) => comment.comment_id));
    for (const id of acknowledged) expect(storedIds.has(id), `acknowledged comment ${id} is missing`).toBe(true);
    // The survivor answers through the proxy, every time.
    for (let i = 0; i < 10; i++) expect((await fetch(`${proxy.baseUrl}/api/health`)).status).toBe(200);
    expect((await json(`${proxy.baseUrl}/api/post/loadcomments`, { postid: postId })).status).toBe(200);
  }, 120_000);
});
