import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { asc, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, SAFETY_MESSAGES, SERVER_MESSAGES } from '@siplog/contracts';
import { establishments, insertEstablishment, mailQueue, postImages, posts, profileImages, remoteFollowing, users, type Database } from '@siplog/db';
import { bearer, newClient, registerAccount, type TestAccount } from '../../test/accounts';
import { readTodaysLog, startTestApp, type TestApp } from '../../test/test-app';
import { unzip } from '../../test/zip';
import { MailQueue } from '../mail/mail-queue.service';
import { FOLDER_VARIANTS, variantFileName, type ImageFolder } from '../media/image-store';
import { RemoteActorsRepository } from '../federation/remote-actors.repository';
import { AccountDeletionService } from './account-deletion.service';

const idOf = async (db: Database, username: string) => (await db.select().from(users).where(eq(users.username, username)))[0]!.id;

/** Every table of the app (SQLite's virtual tables' shadows included), read from the database's own catalogue. */
const TABLES = {
  sqlite: `select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`,
  pg: `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by name`,
};

/**
 * Every row of every table, for "changes nothing"; the mail queue moves by itself, and the rate limits (kept in
 * rate_limits on PostgreSQL, in memory on SQLite) count every attempt, refused or not.
 */
async function snapshot(db: Database): Promise<string> {
  const tables = (await db.statement<{ name: string }>(TABLES).all()).filter(({ name }) => name !== 'mail_queue' && name !== 'rate_limits');
  const rows: Array<[string, string[]]> = [];
  for (const { name } of tables) rows.push([name, (await db.statement(`select * from "${name}"`).all()).map((row) => JSON.stringify(row)).sort()]);
  return JSON.stringify(rows);
}

/** The tables with a column pointing at users, and those columns (read from the schema, so a new table is checked too). */
async function columnsReferencingUsers(db: Database): Promise<Array<{ table: string; column: string }>> {
  return db
    .statement<{ table: string; column: string }>({
      sqlite: `select t.name as "table", k."from" as "column" from sqlite_master t, pragma_foreign_key_list(t.name) k
        where t.type = 'table' and k."table" = 'users' order by 1, 2`,
      pg: `select c.conrelid::regclass::text as "table", a.attname as "column" from pg_constraint c
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
        where c.contype = 'f' and c.confrelid = 'users'::regclass order by 1, 2`,
    })
    .all();
}

async function download(app: TestApp, headers: Record<string, string>, query = '') {
  const response = await fetch(`${app.baseUrl}/api/user/exportdata${query}`, { headers });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

const json = (entries: Map<string, Buffer>, name: string) => JSON.parse(entries.get(name)!.toString('utf8'));
const today = () => new Date().toISOString().slice(0, 10);
const ISO = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

/** Issue 17, "Own your data": the data export (a zip made while it is sent) and deleting one's own account. */
describe('own your data: export and account deletion', () => {
  let app: TestApp;
  let leaver: TestAccount; // exports, then deletes the account
  let friend: TestAccount;
  let other: TestAccount;
  let cafeId: number;
  let barId: number;
  let leaverPhotos: string[];
  let avatar: string;
  let friendPost: number;

  const mediaFile = (folder: ImageFolder, name: string) => path.join(app.config.mediaDir, folder, name);
  const filesOf = (folder: ImageFolder, names: string[]) => names.flatMap((name) => FOLDER_VARIANTS[folder].map((variant) => mediaFile(folder, variantFileName(name, variant))));

  async function review(account: TestAccount, place: { id: string; name: string }, order: string, rating: number, photos: number): Promise<number> {
    const form = new FormData();
    for (let i = 1; i <= photos; i++) {
      const jpeg = await sharp({ create: { width: 48 + i, height: 40, channels: 3, background: `#${i}${i}6633` } }).jpeg().toBuffer();
      form.append(`file${i}`, new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), `cup${i}.jpg`);
    }
    form.append('data', JSON.stringify({ place_id: place.id, establishment_name: place.name, order, review: `${order}, said ${account.username}`, rating, filetype: 'image' }));
    const response = await fetch(`${app.baseUrl}/api/post/addpostwithimages`, { method: 'POST', headers: account.auth, body: form });
    expect(response.status).toBe(200);
    return ((await response.json()) as { post_id: number }).post_id;
  }

  beforeAll(async () => {
    app = await startTestApp({ NOTIFICATION_EMAIL: 'off' });
    leaver = await registerAccount(app, 'leaver', { firstname: 'Lee', lastname: 'Vere' });
    friend = await registerAccount(app, 'friendly');
    other = await registerAccount(app, 'otherone');
    cafeId = (await insertEstablishment(app.data, { placeId: 'siplog:own-cafe', name: 'Own Cafe', street: '1 Main St', city: 'Chicago', state: 'IL', zip: '60601', lat: 41.88, lng: -87.63 })).id;
    barId = (await insertEstablishment(app.data, { placeId: 'siplog:tea-bar', name: 'Tea Bar', city: 'Chicago', lat: 41.89, lng: -87.62 })).id;

    const leaverCafe = await review(leaver, { id: 'siplog:own-cafe', name: 'Own Cafe' }, 'Cortado', 5, 2);
    const leaverBar = await review(leaver, { id: 'siplog:tea-bar', name: 'Tea Bar' }, 'Oolong', 2, 1);
    friendPost = await review(friend, { id: 'siplog:own-cafe', name: 'Own Cafe' }, 'Flat white', 3, 1);
    leaverPhotos = [];
    for (const postId of [leaverCafe, leaverBar]) {
      const rows = await app.data.select().from(postImages).where(eq(postImages.postId, postId)).orderBy(asc(postImages.position));
      leaverPhotos.push(...rows.map((row) => row.fileName));
    }

    const image = await sharp({ create: { width: 30, height: 30, channels: 3, background: '#0a0' } }).jpeg().toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'me.jpg');
    expect((await fetch(`${app.baseUrl}/api/user/uploadprofileimages`, { method: 'POST', headers: leaver.auth, body: form })).status).toBe(200);
    avatar = (await app.data.select().from(profileImages).where(eq(profileImages.userId, await idOf(app.data, 'leaver'))))[0]!.fileName;

    const ok = async (route: string, body: unknown, account: TestAccount) => expect((await app.post(route, body, account.auth)).status, route).toBe(200);
    await ok('/api/user/updatecurrentfavorder', { current_fav_order: 'Iced oat latte' }, leaver);
    await ok('/api/user/updateprofiledetails', { gender: 'Female', bio: 'Tea first' }, leaver);
    await ok('/api/user/approvefollowers', { approve_followers: true }, leaver);
    // Someone on another server follows leaver, who follows them back (issue 30; the exchange specs prove the flow).
    const remote = app.get(RemoteActorsRepository);
    const ann = await remote.keep(
      { uri: 'https://peer.example/users/ann', handle: 'ann@peer.example', host: 'peer.example', inbox: 'https://peer.example/users/ann/inbox', sharedInbox: null, name: 'Ann', iconUrl: null, profileUrl: null },
      Date.now(),
    );
    const leaverId = await idOf(app.data, 'leaver');
    await remote.addFollower(leaverId, ann, 'https://peer.example/follows/1', true, Date.now());
    await app.data.insert(remoteFollowing).values({ userId: leaverId, actorId: ann, followUri: 'https://siplog.test/follows/1', accepted: false, createdAt: Date.now() });
    await ok('/api/user/followuser', { targetusername: 'friendly' }, leaver);
    await ok('/api/user/followuser', { targetusername: 'leaver' }, friend);
    await ok('/api/user/followuser', { targetusername: 'leaver' }, other);
    await ok('/api/place/followestablishment', { establishment_id: cafeId }, leaver);
    await ok('/api/place/wanttotry', { establishment_id: barId }, leaver);
    await ok('/api/post/updatepost', { postid: leaverCafe, order: 'Cortado', review: 'Cortado, said leaver', rating: 5, drink: { kind: 'cortado', milk: 'oat' }, amenities: { wifi: true, outlets: false } }, leaver);
    await ok('/api/place/sethours', { establishment_id: cafeId, opening_hours: 'Mo-Fr 08:00-17:00' }, leaver);
    await ok('/api/place/followestablishment', { establishment_id: barId }, friend);
    await ok('/api/post/likepost', { postid: friendPost }, leaver);
    await ok('/api/post/likepost', { postid: leaverCafe }, friend);
    await ok('/api/post/addcomment', { postid: friendPost, comment: 'Agreed, @friendly' }, leaver);
    await ok('/api/post/addcomment', { postid: leaverCafe, comment: 'Nice one @leaver' }, friend);
    await ok('/api/notification/updateemailsettings', { like: true, comment: false }, leaver);
    await ok('/api/report/add', { kind: 'post', target_id: friendPost, reason: 'spam' }, leaver);
    await ok('/api/report/add', { kind: 'user', target_id: 'leaver', reason: 'spam' }, friend);
    const queue = app.get(MailQueue);
    await queue.enqueue({ to: leaver.email, subject: 'Waiting for you', text: 'unsent', headers: {} }, Date.now() + 3_600_000);
    await queue.enqueue({ to: friend.email, subject: 'Waiting for the friend', text: 'unsent', headers: {} }, Date.now() + 3_600_000);
  });
  afterAll(() => app.close());

  describe('GET /api/user/exportdata', () => {
    it('refuses a guest, a forged token and any query parameter', async () => {
      expect((await download(app, {})).response.status).toBe(401);
      expect((await download(app, bearer('not.a.token'))).response.status).toBe(401);
      for (const query of ['?format=tar', '?a[b]=1', `?x=${'y'.repeat(5000)}`]) {
        const { response, bytes } = await download(app, leaver.auth, query);
        expect(response.status, query).toBe(400);
        expect(JSON.parse(bytes.toString()).status).toBe(400);
      }
    });

    it('sends a zip named for the person and the day, with every file the README explains', async () => {
      const { response, bytes } = await download(app, leaver.auth);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/zip');
      expect(response.headers.get('content-disposition')).toBe(`attachment; filename="siplog-leaver-${today()}.zip"`);
      expect(response.headers.get('cache-control')).toBe('no-store');

      const entries = await unzip(bytes);
      expect([...entries.keys()].sort()).toEqual(
        ['README.txt', 'comments.json', 'fediverse.json', 'followers.json', 'following.json', 'hours-changes.json', 'likes.json', 'profile.json', 'reviews.json', 'want-to-try.json', ...[avatar, ...leaverPhotos].map((name) => `photos/${name}`)].sort(),
      );
      const readme = entries.get('README.txt')!.toString();
      for (const name of ['profile.json', 'reviews.json', 'comments.json', 'likes.json', 'following.json', 'followers.json', 'want-to-try.json', 'hours-changes.json', 'fediverse.json', 'photos/']) {
        expect(readme).toContain(name);
      }

      expect(json(entries, 'profile.json')).toEqual({
        username: 'leaver',
        email: leaver.email,
        first_name: 'Lee',
        last_name: 'Vere',
        phone: '512-555-0100',
        zip_code: '78701',
        address: '',
        year_of_birth: null,
        gender: 'Female',
        bio: 'Tea first',
        favorite_order: 'Iced oat latte',
        verified: expect.any(Boolean),
        joined: ISO,
        email_notifications: { follow: true, follow_request: true, like: true, comment: false, reply: true, mention: true, place_review: false, report_reviewed: expect.any(Boolean) },
        approve_followers: true,
        blocked_people: [],
        profile_photos: [`photos/${avatar}`],
      });
      expect(json(entries, 'reviews.json')).toEqual([
        {
          review_id: expect.any(Number),
          date: ISO,
          place: { name: 'Own Cafe', street: '1 Main St', city: 'Chicago', state: 'IL', zip: '60601', country: '', address: '1 Main St, Chicago, IL 60601' },
          order: 'Cortado',
          drink: { kind: 'cortado', milk: 'oat', temperature: null, sweetness: null, toppings: [] },
          review: 'Cortado, said leaver',
          rating: 5,
          likes: 1,
          comments: 1,
          photos: leaverPhotos.slice(0, 2).map((name) => `photos/${name}`),
          amenities: { outlets: false, wifi: true },
        },
        {
          review_id: expect.any(Number),
          date: ISO,
          place: { name: 'Tea Bar', street: '', city: 'Chicago', state: '', zip: '', country: '', address: 'Chicago' },
          order: 'Oolong',
          drink: null,
          review: 'Oolong, said leaver',
          rating: 2,
          likes: 0,
          comments: 0,
          photos: [`photos/${leaverPhotos[2]}`],
          amenities: {},
        },
      ]);
      expect(json(entries, 'hours-changes.json')).toEqual([
        {
          change_id: expect.any(Number),
          place: { name: 'Own Cafe', street: '1 Main St', city: 'Chicago', state: 'IL', zip: '60601', country: '', address: '1 Main St, Chicago, IL 60601' },
          before: null,
          after: 'Mo-Fr 08:00-17:00',
          reverts_change_id: null,
          date: ISO,
        },
      ]);
      expect(json(entries, 'comments.json')).toEqual([
        { comment_id: expect.any(Number), review_id: friendPost, review_by: 'friendly', place: 'Own Cafe', comment: 'Agreed, @friendly', date: ISO },
      ]);
      expect(json(entries, 'want-to-try.json')).toEqual([
        { name: 'Tea Bar', street: '', city: 'Chicago', state: '', zip: '', country: '', address: 'Chicago', since: ISO },
      ]);
      expect(json(entries, 'likes.json')).toEqual([{ review_id: friendPost, review_by: 'friendly', place: 'Own Cafe', liked_at: ISO }]);
      expect(json(entries, 'following.json')).toEqual({
        people: [{ username: 'friendly', since: ISO }],
        places: [{ name: 'Own Cafe', street: '1 Main St', city: 'Chicago', state: 'IL', zip: '60601', country: '', address: '1 Main St, Chicago, IL 60601', since: ISO }],
      });
      expect(json(entries, 'followers.json')).toEqual([
        { username: 'friendly', since: ISO },
        { username: 'otherone', since: ISO },
      ]);
      const ann = { handle: 'ann@peer.example', actor: 'https://peer.example/users/ann', since: ISO };
      expect(json(entries, 'fediverse.json')).toEqual({ followers: [{ ...ann, accepted: true }], following: [{ ...ann, accepted: false }] });
      // Full size, byte for byte what the store keeps.
      for (const name of leaverPhotos) expect(entries.get(`photos/${name}`)!.equals(fs.readFileSync(mediaFile('postimages', name))), name).toBe(true);
      expect(entries.get(`photos/${avatar}`)!.equals(fs.readFileSync(mediaFile('profileimages', avatar)))).toBe(true);
      // Nothing of anyone else, and no secret.
      const all = [...entries.values()].map((bytes) => bytes.toString('latin1')).join('\n');
      expect(all).not.toContain(friend.email);
      expect(all).not.toMatch(/argon2|password_hash|\$argon/);
    });

    it('pages through long lists and many photos, keeping their order, and leaves out a missing photo', async () => {
      const many = await registerAccount(app, 'manythings');
      const manyId = await idOf(app.data, 'manythings');
      const fans = Array.from({ length: 450 }, (_, i) => ({ email: `fan${i}@example.com`, username: `fan${String(i).padStart(3, '0')}`, passwordHash: 'x', firstName: 'F', lastName: String(i) }));
      const fanIds = (await app.data.insert(users).values(fans).returning()).map((row) => row.id);
      await app.data.statement(`insert into user_follows (follower_id, followee_id) select id, ${manyId} from users where username like 'fan%'`).run();
      const postId = (await app.data.insert(posts).values({ userId: manyId, establishmentId: barId, orderText: 'Matcha', review: 'Photos', rating: 4 }).returning())[0].id;
      const names = Array.from({ length: 430 }, () => `${crypto.randomBytes(16).toString('hex')}.webp`);
      fs.mkdirSync(path.join(app.config.mediaDir, 'postimages'), { recursive: true });
      names.forEach((name, i) => name !== names[7] && fs.writeFileSync(mediaFile('postimages', name), `photo ${i}`));
      await app.data.insert(postImages).values(names.map((fileName, position) => ({ postId, fileName, position })));
      const reviews = Array.from({ length: 230 }, (_, i) => ({ userId: manyId, establishmentId: cafeId, orderText: `Cup ${i}`, review: 'ok', rating: 3, createdAt: new Date(Date.UTC(2024, 0, 1) + i * 60_000) }));
      await app.data.insert(posts).values(reviews);

      const { response, bytes } = await download(app, many.auth);
      expect(response.status).toBe(200);
      const entries = await unzip(bytes);
      expect(json(entries, 'followers.json').map((row: { username: string }) => row.username)).toEqual(fans.map((fan) => fan.username));
      const exported = json(entries, 'reviews.json') as Array<{ order: string; photos: string[] }>;
      expect(exported.map((row) => row.order)).toEqual([...reviews.map((row) => row.orderText), 'Matcha']);
      expect(exported.at(-1)!.photos).toEqual(names.map((name) => `photos/${name}`));
      const photos = [...entries.keys()].filter((name) => name.startsWith('photos/'));
      expect(photos).toEqual(names.filter((name) => name !== names[7]).map((name) => `photos/${name}`));
      expect(entries.get(`photos/${names[429]}`)!.toString()).toBe('photo 429');
      expect(await readTodaysLog(app.config, `postimages/${names[7]} is missing`)).toContain(`postimages/${names[7]} is missing`);

      await app.data.delete(posts).where(eq(posts.userId, manyId));
      await app.data.delete(users).where(inArray(users.id, [...fanIds, manyId]));
      for (const name of names) fs.rmSync(mediaFile('postimages', name), { force: true });
    });

    it('stops reading when the client goes away, and allows one export at a time per person', async () => {
      const big = await registerAccount(app, 'bigexport');
      const bigId = await idOf(app.data, 'bigexport');
      const postId = (await app.data.insert(posts).values({ userId: bigId, establishmentId: barId, orderText: 'Big', review: 'Many photos', rating: 4 }).returning())[0].id;
      const names = Array.from({ length: 48 }, () => `${crypto.randomBytes(16).toString('hex')}.webp`);
      const megabyte = crypto.randomBytes(1_000_000);
      for (const name of names) fs.writeFileSync(mediaFile('postimages', name), megabyte);
      await app.data.insert(postImages).values(names.map((fileName, position) => ({ postId, fileName, position })));
      const openPhotos = () =>
        fs.readdirSync('/proc/self/fd').filter((fd) => {
          try {
            return names.some((name) => fs.readlinkSync(`/proc/self/fd/${fd}`).endsWith(name));
          } catch {
            return false;
          }
        }).length;

      // Bytes this process (the app runs in it) has read from files and sockets so far.
      const bytesRead = () => Number(/rchar: (\d+)/.exec(fs.readFileSync('/proc/self/io', 'utf8'))![1]);
      const readBefore = bytesRead();
      const first = new AbortController();
      const started = await fetch(`${app.baseUrl}/api/user/exportdata`, { headers: big.auth, signal: first.signal });
      expect(started.status).toBe(200);
      const reader = started.body!.getReader();
      await reader.read(); // the first bytes are here; the rest waits behind backpressure
      const second = await download(app, big.auth);
      expect(second.response.status).toBe(429);
      expect(JSON.parse(second.bytes.toString())).toEqual({ status: 429, msg: SERVER_MESSAGES.tooManyRequests });
      first.abort();
      await expect(reader.read()).rejects.toThrow();
      expect(await readTodaysLog(app.config, 'Data export of bigexport stopped')).toContain('Data export of bigexport stopped: the connection closed');
      for (let i = 0; i < 40 && openPhotos() > 0; i++) await new Promise((resolve) => setTimeout(resolve, 25));
      expect(openPhotos()).toBe(0);
      // Nothing more is read after the client left: at the rate the export reads, the rest of the 48 MB would take
      // well under a second, and what was read at all stays far below the whole.
      const readAfterAbort = bytesRead();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(bytesRead() - readAfterAbort).toBeLessThan(2_000_000);
      expect(bytesRead() - readBefore).toBeLessThan(24_000_000);

      const again = await download(app, big.auth);
      expect(again.response.status).toBe(200);
      const entries = await unzip(again.bytes);
      expect([...entries.keys()].filter((name) => name.startsWith('photos/'))).toHaveLength(48);
      expect(entries.get(`photos/${names[47]}`)!.equals(megabyte)).toBe(true);

      await app.data.delete(users).where(eq(users.id, bigId));
      for (const name of names) fs.rmSync(mediaFile('postimages', name), { force: true });
    });
  });

  describe('POST /api/user/deleteaccount', () => {
    it('refuses guests, bad input, another e-mail and a wrong password, deleting nothing', async () => {
      const before = await snapshot(app.data);
      const send = (body: unknown, headers: Record<string, string> = leaver.auth) => app.post('/api/user/deleteaccount', body, { ...newClient(), ...headers });
      expect((await send({ password: leaver.password }, {})).status).toBe(401);
      const bad: unknown[] = [undefined, {}, [], 'password', '{"password":', { password: '' }, { password: 12345678 }, { password: ['x'] }, { password: 'x'.repeat(200_000) }, { password: leaver.password, confirm: true }, { email: 42, password: leaver.password }];
      for (const body of bad) expect((await send(body)).status, JSON.stringify(body)?.slice(0, 60)).toBe(400);
      expect((await send({ password: '' })).body).toEqual({ status: 400, msg: AUTH_MESSAGES.passwordRequired });
      expect((await send({ email: friend.email, password: leaver.password })).status).toBe(403);
      expect((await send({ email: leaver.email, password: 'NotMine99' })).body).toEqual({ status: 401, msg: AUTH_MESSAGES.oldPasswordWrong });
      // The same through tRPC.
      const wrong = await app.trpc('mutation', 'user.deleteAccount', { password: 'NotMine99' }, { ...newClient(), ...leaver.auth });
      expect([wrong.status, wrong.error?.message]).toEqual([401, AUTH_MESSAGES.oldPasswordWrong]);
      expect((await app.trpc('mutation', 'user.deleteAccount', { password: leaver.password, extra: 1 }, leaver.auth)).status).toBe(400);
      expect(await snapshot(app.data)).toBe(before);
      for (const file of [...filesOf('postimages', leaverPhotos), ...filesOf('profileimages', [avatar])]) expect(fs.existsSync(file), file).toBe(true);
      expect((await app.post('/api/user/loadprofile', {}, leaver.auth)).status).toBe(200);
    });

    it('erases the person everywhere, their files, sessions and mail; places recount; the e-mail and username are free', async () => {
      const leaverId = await idOf(app.data, 'leaver');
      // Kept in the public cache for guests before the deletion: it must not outlive it.
      expect((await app.post('/api/user/loadpublicprofile', { username: 'leaver' })).status).toBe(200);
      const postsBefore = (await app.data.select().from(posts).where(eq(posts.userId, leaverId))).map((row) => row.id);
      const leaverFiles = [...filesOf('postimages', leaverPhotos), ...filesOf('profileimages', [avatar])];
      const friendFiles = filesOf('postimages', (await app.post('/api/post/loadpost', { postid: friendPost })).body.post.images);
      const cafeBefore = (await app.data.select().from(establishments).where(eq(establishments.id, cafeId)))[0]!;
      expect([cafeBefore.postCount, cafeBefore.ratingSum]).toEqual([2, 8]);

      const done = await app.post('/api/user/deleteaccount', { email: leaver.email, password: leaver.password }, leaver.auth);
      expect(done.body).toEqual({ status: 200, msg: SAFETY_MESSAGES.accountDeleted });

      for (const { table, column } of await columnsReferencingUsers(app.data)) {
        expect(await app.data.statement(`select * from "${table}" where "${column}" = ${leaverId}`).all(), `${table}.${column}`).toEqual([]);
      }
      for (const [table, column] of [['post_images', 'post_id'], ['post_likes', 'post_id'], ['comments', 'post_id'], ['notifications', 'post_id'], ['mentions', 'post_id']]) {
        expect(await app.data.statement(`select * from "${table}" where "${column}" in (${postsBefore.join(',')})`).all(), table).toEqual([]);
      }
      const everything =
        (await snapshot(app.data)) + JSON.stringify(await app.data.select().from(mailQueue)) + JSON.stringify(await app.data.statement('select * from rate_limits').all());
      expect(everything).not.toContain(leaver.email);
      expect(everything).not.toContain(avatar);
      for (const name of leaverPhotos) expect(everything).not.toContain(name);
      expect((await app.data.select().from(mailQueue)).map((row) => row.toAddress)).toEqual([friend.email]);
      for (const file of leaverFiles) expect(fs.existsSync(file), file).toBe(false);
      for (const file of friendFiles) expect(fs.existsSync(file), file).toBe(true);

      // Places' totals follow: the cafe keeps the friend's 3-star review, the bar has none.
      expect((await app.data.select().from(establishments).where(eq(establishments.id, cafeId)))[0]).toMatchObject({ postCount: 1, ratingSum: 3 });
      expect((await app.data.select().from(establishments).where(eq(establishments.id, barId)))[0]).toMatchObject({ postCount: 0, ratingSum: 0, lastPostAt: null });
      expect((await app.post('/api/place/loadestablishment', { establishment_id: cafeId })).body.establishment).toMatchObject({ posts: 1, rating: '3.0' });

      // Sessions are gone, sign-in fails, and nobody sees them any more.
      expect((await app.post('/api/user/loadprofile', {}, leaver.auth)).status).toBe(401);
      expect((await app.trpc('query', 'user.profile', {}, leaver.auth)).status).toBe(401);
      expect((await download(app, leaver.auth)).response.status).toBe(401);
      expect((await app.post('/api/user/authenticateuser', { email: leaver.email, password: leaver.password }, newClient())).status).toBe(401);
      expect((await app.post('/api/user/loadpublicprofile', { username: 'leaver' })).status).toBe(404);
      const friendProfile = (await app.post('/api/user/loadprofile', {}, friend.auth)).body.user;
      expect([friendProfile.followers, friendProfile.following]).toEqual([[], ['place:' + barId + ';Tea Bar']]);
      expect(await readTodaysLog(app.config, 'Account deleted: leaver (')).toContain('Account deleted: leaver (2 reviews, 4 images)');

      // The e-mail and the username are free at once.
      const back = await registerAccount(app, 'leaver', { email: leaver.email });
      expect((await app.post('/api/user/loadprofile', {}, back.auth)).body.user).toMatchObject({ username: 'leaver', followers: [], following: [], number_of_posts: 0 });
    });

    it('goes through tRPC as well, and a file that cannot be removed is logged while the rest go', async () => {
      const gone = await registerAccount(app, 'stubborn');
      const postId = await review(gone, { id: 'siplog:tea-bar', name: 'Tea Bar' }, 'Chai', 4, 2);
      const [stuck, free] = (await app.data.select().from(postImages).where(eq(postImages.postId, postId)).orderBy(asc(postImages.position))).map((row) => row.fileName);
      // A directory where a photo's card size should be: it cannot be removed as a file.
      const stuckCard = mediaFile('postimages', variantFileName(stuck, 'card'));
      fs.rmSync(stuckCard);
      fs.mkdirSync(stuckCard);
      fs.writeFileSync(path.join(stuckCard, 'keep'), 'x');

      const done = await app.trpc('mutation', 'user.deleteAccount', { email: gone.email, password: gone.password }, gone.auth);
      expect([done.status, done.data]).toEqual([200, { status: 200, msg: SAFETY_MESSAGES.accountDeleted }]);
      expect(await app.data.select().from(users).where(eq(users.username, 'stubborn'))).toEqual([]);
      expect(await app.data.select().from(posts).where(eq(posts.id, postId))).toEqual([]);
      expect(fs.existsSync(stuckCard)).toBe(true);
      for (const file of [...filesOf('postimages', [free]), mediaFile('postimages', stuck), mediaFile('postimages', variantFileName(stuck, 'thumb'))]) {
        expect(fs.existsSync(file), file).toBe(false);
      }
      const warned = `Could not remove postimages/${variantFileName(stuck, 'card')} of a deleted account`;
      expect(await readTodaysLog(app.config, warned)).toContain(warned);
      const logged = 'Account deleted: stubborn (1 reviews, 2 images; 1 files could not be removed)';
      expect(await readTodaysLog(app.config, logged)).toContain(logged);
      fs.rmSync(stuckCard, { recursive: true });
    });

    it('erase() is what an admin deletion calls: by id, and a second call is a no-op', async () => {
      const target = await registerAccount(app, 'adminerased');
      const id = await idOf(app.data, 'adminerased');
      const deletion = app.get(AccountDeletionService);
      await deletion.erase(id);
      await deletion.erase(id);
      expect(await app.data.select().from(users).where(eq(users.id, id))).toEqual([]);
      expect((await app.post('/api/user/loadprofile', {}, target.auth)).status).toBe(401);
    });

    it('keeps places right when reviews go by the cascade from users alone', async () => {
      // The erase deletes reviews first; this proves the posts trigger also recounts when the cascade takes them.
      const totals = async () => {
        const { postCount, ratingSum } = (await app.data.select().from(establishments).where(eq(establishments.id, barId)))[0]!;
        return { postCount, ratingSum };
      };
      const before = await totals();
      const cascaded = await registerAccount(app, 'cascaded');
      await review(cascaded, { id: 'siplog:tea-bar', name: 'Tea Bar' }, 'Genmaicha', 5, 1);
      expect(await totals()).toEqual({ postCount: before.postCount + 1, ratingSum: before.ratingSum + 5 });
      await app.data.delete(users).where(eq(users.id, await idOf(app.data, 'cascaded')));
      expect(await totals()).toEqual(before);
    });
  });
});
