import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEstablishment } from '@siplog/db';
import { registerAccount, type TestAccount } from '../../test/accounts';
import { startTestS3, TEST_BUCKET, type TestS3 } from '../../test/s3-server';
import { loggedProblems, readTodaysLog, startTestApp, type TestApp } from '../../test/test-app';
import { unzip } from '../../test/zip';
import { FOLDER_VARIANTS, IMAGE_FOLDERS, variantFileName, type ImageFolder } from './image-store';

const ADMIN_EMAIL = 'bossmedia@example.com';
const PLACE_ID = 'siplog:media-cafe';
const YEAR = 'public, max-age=31536000, immutable';

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(() => s3?.close());

/** One way of keeping photos, and how a test looks at what it holds without going through the app. */
interface StoreUnderTest {
  name: string;
  env: () => Record<string, string>;
  /** Every object the store holds, as `<folder>/<file>`, sorted. */
  keys: (app: TestApp) => Promise<string[]>;
  bytes: (app: TestApp, key: string) => Promise<Buffer | null>;
  /** Removes an object behind the app's back (lost, or removed by an operator). */
  drop: (app: TestApp, key: string) => Promise<void>;
}

const s3Prefix = `media-api-${crypto.randomBytes(4).toString('hex')}`;

const STORES: StoreUnderTest[] = [
  {
    name: 'the local disk (DATA_DIR/media)',
    env: () => ({}),
    keys: async (app) =>
      IMAGE_FOLDERS.flatMap((folder) => {
        const dir = path.join(app.config.mediaDir, folder);
        return fs.existsSync(dir) ? fs.readdirSync(dir).map((file) => `${folder}/${file}`) : [];
      }).sort(),
    bytes: async (app, key) => {
      const file = path.join(app.config.mediaDir, key);
      return fs.existsSync(file) ? fs.readFileSync(file) : null;
    },
    drop: async (app, key) => fs.rmSync(path.join(app.config.mediaDir, key)),
  },
  {
    name: 'an S3 bucket (s3rver on 127.0.0.1)',
    env: () => s3.envFor(s3Prefix),
    keys: async () => (await s3.keys(`${s3Prefix}/`)).map((key) => key.slice(s3Prefix.length + 1)),
    bytes: async (_app, key) => {
      try {
        const answer = await s3.client.send(new GetObjectCommand({ Bucket: TEST_BUCKET, Key: `${s3Prefix}/${key}` }));
        return Buffer.from(await answer.Body!.transformToByteArray());
      } catch {
        return null;
      }
    },
    drop: async (_app, key) => {
      await s3.client.send(new DeleteObjectCommand({ Bucket: TEST_BUCKET, Key: `${s3Prefix}/${key}` }));
    },
  },
];

function jpeg(width: number, height: number, background: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneCo' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 53/1 0/1' } })
    .toBuffer();
}

const keysOf = (folder: ImageFolder, names: string[]) => names.flatMap((name) => FOLDER_VARIANTS[folder].map((variant) => `${folder}/${variantFileName(name, variant)}`)).sort();

describe.each(STORES)('photos kept in $name', (store) => {
  let app: TestApp;
  let ann: TestAccount;
  let bob: TestAccount;
  let admin: TestAccount;

  async function postReview(account: TestAccount, photos: Buffer[], order = 'Cortado'): Promise<{ postId: number; images: string[] }> {
    const form = new FormData();
    photos.forEach((bytes, index) => form.append(`file${index + 1}`, new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), `IMG_${index}.jpg`));
    form.append('data', JSON.stringify({ place_id: PLACE_ID, establishment_name: 'Media Cafe', order, review: 'Silky', rating: 5, filetype: 'image' }));
    const response = await fetch(`${app.baseUrl}/api/post/addpostwithimages`, { method: 'POST', headers: account.auth, body: form });
    const body = (await response.json()) as { post_id: number };
    expect(response.status, JSON.stringify(body)).toBe(200);
    const images = (await app.post('/api/post/loadpost', { postid: body.post_id })).body.post.images as string[];
    return { postId: body.post_id, images };
  }

  async function uploadAvatar(account: TestAccount): Promise<string> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await jpeg(500, 500, '#3a6'))]), 'me.jpg');
    form.append('data', JSON.stringify({ email: account.email, filetype: 'image' }));
    const response = await fetch(`${app.baseUrl}/api/user/uploadprofileimages`, { method: 'POST', headers: account.auth, body: form });
    expect(response.status).toBe(200);
    return ((await response.json()) as { profile_images: string[] }).profile_images[0];
  }

  const show = (route: string, headers: Record<string, string> = {}) => fetch(`${app.baseUrl}/api/showimage/${route}`, { headers });
  /** Nothing left in the upload folder or the encoder's temp folder once a request is answered. */
  const leftoverTemp = () =>
    ['uploads', 'media'].flatMap((dir) => {
      const full = path.join(app.config.dataDir, 'tmp', dir);
      return fs.existsSync(full) ? fs.readdirSync(full) : [];
    });

  beforeAll(async () => {
    app = await startTestApp({ ADMIN_EMAILS: ADMIN_EMAIL, ...store.env() });
    ann = await registerAccount(app, 'annmedia');
    bob = await registerAccount(app, 'bobmedia');
    admin = await registerAccount(app, 'bossmedia', { email: ADMIN_EMAIL });
    await insertEstablishment(app.data, { placeId: PLACE_ID, name: 'Media Cafe', lat: 41.88, lng: -87.63, city: 'Chicago', state: 'IL' });
  });
  afterAll(() => app?.close());

  it('stores a review’s photos in every size and serves each through /api/showimage, with a 304 for a browser that has it', async () => {
    const before = await store.keys(app);
    const { postId, images } = await postReview(ann, [await jpeg(2000, 1500, '#b78'), await jpeg(300, 300, '#36c')]);
    expect(images).toHaveLength(2);
    const added = (await store.keys(app)).filter((key) => !before.includes(key));
    expect(added).toEqual(keysOf('postimages', images));

    for (const image of images) {
      for (const [size, file] of [['', image], ['?size=card', variantFileName(image, 'card')], ['?size=thumb', variantFileName(image, 'thumb')]] as const) {
        const route = `image/postimages/${image}${size}`;
        const response = await show(route);
        expect(response.status, route).toBe(200);
        expect(response.headers.get('content-type')).toBe('image/webp');
        expect(response.headers.get('cache-control')).toBe(YEAR);
        expect(response.headers.get('x-content-type-options')).toBe('nosniff');
        expect(response.headers.get('content-disposition')).toBeNull();
        const etag = response.headers.get('etag')!;
        const lastModified = response.headers.get('last-modified')!;
        expect(etag).toMatch(/^(W\/)?".+"$/);
        expect(Date.parse(lastModified)).not.toBeNaN();
        const body = Buffer.from(await response.arrayBuffer());
        expect(body.equals((await store.bytes(app, `postimages/${file}`))!), route).toBe(true);
        expect(response.headers.get('content-length')).toBe(String(body.length));

        // The browser already holds it: 304 with the validators and the caching rules, and no body.
        const again = await show(route, { 'If-None-Match': etag });
        expect(again.status, route).toBe(304);
        expect(again.headers.get('etag')).toBe(etag);
        expect(again.headers.get('cache-control')).toBe(YEAR);
        expect((await again.arrayBuffer()).byteLength).toBe(0);
        expect((await show(route, { 'If-None-Match': `"other", ${etag}` })).status).toBe(304);
        expect((await show(route, { 'If-Modified-Since': lastModified })).status).toBe(304);
        // Another version, or a date before it: the whole image again.
        const stale = await show(route, { 'If-None-Match': '"something-else"' });
        expect([stale.status, (await stale.arrayBuffer()).byteLength]).toEqual([200, body.length]);
        expect((await show(route, { 'If-Modified-Since': new Date(Date.parse(lastModified) - 60_000).toUTCString() })).status).toBe(200);
      }
    }
    const full = await sharp((await store.bytes(app, `postimages/${images[0]}`))!).metadata();
    expect([full.format, Math.max(full.width!, full.height!), full.exif]).toEqual(['webp', 1600, undefined]);
    const thumb = await sharp((await store.bytes(app, `postimages/${variantFileName(images[0], 'thumb')}`))!).metadata();
    expect(Math.max(thumb.width!, thumb.height!)).toBe(400);
    await expect.poll(leftoverTemp).toEqual([]);

    // Deleting the review removes every size of every photo.
    expect((await app.post('/api/post/deletepost', { postid: postId }, ann.auth)).status).toBe(200);
    expect(await store.keys(app)).toEqual(before);
    const gone = await show(`image/postimages/${images[0]}`);
    expect([gone.status, gone.headers.get('content-disposition')]).toEqual([200, 'inline; filename="no-image.webp"']);
  });

  it('refuses a file that is not an image and stores nothing of it', async () => {
    const before = await store.keys(app);
    const form = new FormData();
    form.append('file1', new Blob([Buffer.from('<?php echo 1; ?>'.repeat(40))], { type: 'image/jpeg' }), 'x.jpg');
    form.append('data', JSON.stringify({ place_id: PLACE_ID, establishment_name: 'Media Cafe', order: 'x', review: 'y', rating: 3, filetype: 'image' }));
    const response = await fetch(`${app.baseUrl}/api/post/addpostwithimages`, { method: 'POST', headers: bob.auth, body: form });
    expect(response.status).toBe(400);
    expect(await store.keys(app)).toEqual(before);
    await expect.poll(leftoverTemp).toEqual([]);
  });

  it('keeps a profile image in the store: served by name and by username, replaced and deleted with its objects', async () => {
    const first = await uploadAvatar(bob);
    expect((await store.keys(app)).filter((key) => key.startsWith('profileimages/'))).toEqual(keysOf('profileimages', [first]));

    const byName = await show(`image/profileimages/${first}`);
    expect([byName.status, byName.headers.get('content-type'), byName.headers.get('cache-control')]).toEqual([200, 'image/webp', YEAR]);
    expect(Buffer.from(await byName.arrayBuffer()).equals((await store.bytes(app, `profileimages/${first}`))!)).toBe(true);
    // A folder without a card size serves the full image for it.
    const card = await show(`image/profileimages/${first}?size=card`);
    expect(card.headers.get('etag')).toBe(byName.headers.get('etag'));
    await card.arrayBuffer();

    const avatar = await show('profileimage/bobmedia?size=thumb');
    expect([avatar.status, avatar.headers.get('cache-control')]).toEqual([200, 'public, max-age=60']);
    const avatarBytes = Buffer.from(await avatar.arrayBuffer());
    expect(avatarBytes.equals((await store.bytes(app, `profileimages/${variantFileName(first, 'thumb')}`))!)).toBe(true);
    const avatarAgain = await show('profileimage/bobmedia?size=thumb', { 'If-None-Match': avatar.headers.get('etag')! });
    expect([avatarAgain.status, avatarAgain.headers.get('cache-control')]).toEqual([304, 'public, max-age=60']);

    const second = await uploadAvatar(bob);
    expect((await store.keys(app)).filter((key) => key.startsWith('profileimages/'))).toEqual(keysOf('profileimages', [second]));

    expect((await app.post('/api/user/deleteprofileimage', {}, bob.auth)).status).toBe(200);
    expect((await store.keys(app)).filter((key) => key.startsWith('profileimages/'))).toEqual([]);
    const fallback = await show('profileimage/bobmedia');
    expect([fallback.status, fallback.headers.get('content-disposition'), fallback.headers.get('cache-control')]).toEqual([
      200,
      'inline; filename="no-image.webp"',
      'public, max-age=60',
    ]);
  });

  it('answers the no-image picture, not an error, for an image the store does not have', async () => {
    const { images } = await postReview(bob, [await jpeg(400, 300, '#c93')], 'Lost photo');
    const [image] = images;
    await store.drop(app, `postimages/${variantFileName(image, 'card')}`);
    for (const headers of [{}, { 'If-None-Match': '"anything"' }] as Array<Record<string, string>>) {
      const missing = await show(`image/postimages/${image}?size=card`, headers);
      expect(missing.status).toBe(200);
      expect(missing.headers.get('content-disposition')).toBe('inline; filename="no-image.webp"');
      expect(missing.headers.get('cache-control')).toBe('public, max-age=300');
      expect(missing.headers.get('etag')).toBeNull();
      expect((await sharp(Buffer.from(await missing.arrayBuffer())).metadata()).format).toBe('webp');
    }
    // The other sizes are still there; unknown names and folders never reach the store.
    expect((await show(`image/postimages/${image}?size=thumb`)).headers.get('content-disposition')).toBeNull();
    for (const route of [`image/postimages/${'0'.repeat(32)}.webp`, 'image/backups/app.db', 'image/postimages/..%2F..%2Fjwt-secret', 'profileimage/nobody-here']) {
      const response = await show(route);
      expect([route, response.status, response.headers.get('content-disposition')]).toEqual([route, 200, 'inline; filename="no-image.webp"']);
    }
  });

  it('puts the photos, read from the store, in the data export', async () => {
    const avatar = await uploadAvatar(ann);
    const { images } = await postReview(ann, [await jpeg(900, 700, '#963'), await jpeg(700, 900, '#369')], 'Exported');
    const response = await fetch(`${app.baseUrl}/api/user/exportdata`, { headers: ann.auth });
    expect(response.status).toBe(200);
    const entries = await unzip(Buffer.from(await response.arrayBuffer()));
    for (const [folder, name] of [['profileimages', avatar], ['postimages', images[0]], ['postimages', images[1]]] as const) {
      expect(entries.get(`photos/${name}`)?.equals((await store.bytes(app, `${folder}/${name}`))!), name).toBe(true);
    }
  });

  it('removes the objects when an admin removes a reported review, and when an account is deleted', async () => {
    const { postId, images } = await postReview(bob, [await jpeg(320, 240, '#a63')], 'Reported');
    const reportId = (await app.post('/api/report/add', { kind: 'post', target_id: postId, reason: 'spam' }, ann.auth)).body.report_id;
    expect((await app.post('/api/admin/resolvereport', { report_id: reportId, action: 'remove' }, admin.auth)).status).toBe(200);
    for (const key of keysOf('postimages', images)) expect(await store.bytes(app, key), key).toBeNull();

    const leaver = await registerAccount(app, 'leavermedia');
    const avatar = await uploadAvatar(leaver);
    const first = await postReview(leaver, [await jpeg(320, 240, '#111'), await jpeg(240, 320, '#222')], 'Leaving');
    const second = await postReview(leaver, [await jpeg(300, 300, '#333')], 'Leaving too');
    const theirs = [...keysOf('profileimages', [avatar]), ...keysOf('postimages', [...first.images, ...second.images])].sort();
    const everyone = await store.keys(app);
    expect(everyone).toEqual(expect.arrayContaining(theirs));
    const done = await app.post('/api/user/deleteaccount', { email: leaver.email, password: leaver.password }, leaver.auth);
    expect(done.status).toBe(200);
    expect(await store.keys(app)).toEqual(everyone.filter((key) => !theirs.includes(key)));
  });

  it('said at start where photos go, without any secret, and logged no problem on the way', async () => {
    const log = await readTodaysLog(app.config, 'Photos are kept in');
    const said = log.split('\n').find((line) => line.includes('Photos are kept in'))!;
    expect(said).toContain(app.config.mediaStore ? `s3://${TEST_BUCKET}/${s3Prefix} (${s3.endpoint}, us-east-1, path-style)` : `files under ${app.config.mediaDir}`);
    expect(log).not.toContain('S3RVER');
    expect(await loggedProblems(app.config)).toEqual([]);
  });
});
