import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEstablishment } from '@siplog/db';
import { registerAccount, type TestAccount } from '../../test/accounts';
import { startTestS3, TEST_BUCKET, type TestS3 } from '../../test/s3-server';
import { loggedProblems, readTodaysLog, startTestApp, type TestApp } from '../../test/test-app';
import { FOLDER_VARIANTS, variantFileName, type ImageFolder } from './image-store';
import { MediaSweeper, orphanMinAgeMs } from './media-sweeper.service';

const PLACE_ID = 'siplog:sweep-cafe';
const DAY_MS = 24 * 60 * 60 * 1000;

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(() => s3?.close());

/** A photo's stored name, as the image store makes them. */
const newName = () => `${crypto.randomBytes(16).toString('hex')}.webp`;
const everySize = (folder: ImageFolder, name: string) => FOLDER_VARIANTS[folder].map((variant) => `${folder}/${variantFileName(name, variant)}`);

/** One way of keeping photos: how a test puts an object behind the app's back and lists what is kept. */
interface StoreUnderTest {
  name: string;
  env: () => Record<string, string>;
  plant: (app: TestApp, key: string) => Promise<void>;
  keys: (app: TestApp) => Promise<string[]>;
}

const s3Prefix = `sweep-${crypto.randomBytes(4).toString('hex')}`;

const STORES: StoreUnderTest[] = [
  {
    name: 'the local disk (DATA_DIR/media)',
    env: () => ({}),
    plant: async (app, key) => {
      fs.mkdirSync(path.dirname(path.join(app.config.mediaDir, key)), { recursive: true });
      fs.writeFileSync(path.join(app.config.mediaDir, key), 'planted');
    },
    keys: async (app) =>
      ['postimages', 'profileimages']
        .flatMap((folder) => {
          const dir = path.join(app.config.mediaDir, folder);
          return fs.existsSync(dir) ? fs.readdirSync(dir).map((file) => `${folder}/${file}`) : [];
        })
        .sort(),
  },
  {
    name: 'an S3 bucket (s3rver on 127.0.0.1)',
    env: () => s3.envFor(s3Prefix),
    plant: async (_app, key) => {
      await s3.client.send(new PutObjectCommand({ Bucket: TEST_BUCKET, Key: `${s3Prefix}/${key}`, Body: 'planted', ContentType: 'image/webp' }));
    },
    keys: async () => (await s3.keys(`${s3Prefix}/`)).map((key) => key.slice(s3Prefix.length + 1)),
  },
];

/**
 * The next whole second, once it has passed by a little: times S3 keeps to the second still fall on the right side
 * of it, and so do file times, which the kernel takes from a clock a few milliseconds behind.
 */
async function nextWholeSecond(): Promise<Date> {
  const at = Math.ceil((Date.now() + 1) / 1000) * 1000;
  await new Promise((resolve) => setTimeout(resolve, at - Date.now() + 50));
  return new Date(at);
}

describe.each(STORES)('sweeping orphaned photos and temporary files, photos kept in $name', (store) => {
  let app: TestApp;
  let ann: TestAccount;

  beforeAll(async () => {
    app = await startTestApp(store.env());
    ann = await registerAccount(app, 'annsweep');
    await insertEstablishment(app.data, { placeId: PLACE_ID, name: 'Sweep Cafe', lat: 41.88, lng: -87.63 });
  });
  afterAll(() => app?.close());

  async function postReview(): Promise<string> {
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#7b4a2a' } }).jpeg().toBuffer();
    const form = new FormData();
    form.append('file1', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'cup.jpg');
    form.append('data', JSON.stringify({ place_id: PLACE_ID, establishment_name: 'Sweep Cafe', order: 'Mocha', review: 'Rich', rating: 5, filetype: 'image' }));
    const response = await fetch(`${app.baseUrl}/api/post/addpostwithimages`, { method: 'POST', headers: ann.auth, body: form });
    const body = (await response.json()) as { post_id: number };
    expect(response.status, JSON.stringify(body)).toBe(200);
    return (await app.post('/api/post/loadpost', { postid: body.post_id })).body.post.images[0] as string;
  }

  async function uploadAvatar(): Promise<string> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await sharp({ create: { width: 300, height: 300, channels: 3, background: '#3a6' } }).png().toBuffer())]), 'me.png');
    form.append('data', JSON.stringify({ email: ann.email, filetype: 'image' }));
    const response = await fetch(`${app.baseUrl}/api/user/uploadprofileimages`, { method: 'POST', headers: ann.auth, body: form });
    expect(response.status).toBe(200);
    return ((await response.json()) as { profile_images: string[] }).profile_images[0];
  }

  const tempFile = (...parts: string[]) => path.join(app.config.dataDir, 'tmp', ...parts);
  const writeTemp = (file: string) => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, 'received');
  };

  it('removes only old files no row names and old temporary files, and logs the counts', async () => {
    // Old and named by a row: a review's photo and a profile image (every size of each).
    const reviewPhoto = await postReview();
    const avatar = await uploadAvatar();
    // Old and named by nothing: what a request killed between storing the sizes and writing the rows leaves.
    const orphanPhoto = newName();
    const orphanAvatar = newName();
    const oldOrphans = [...everySize('postimages', orphanPhoto), ...everySize('profileimages', orphanAvatar)];
    // A file the server did not make is not its to remove.
    const foreign = 'postimages/README.txt';
    for (const key of [...oldOrphans, foreign]) await store.plant(app, key);
    const oldTemp = [tempFile('uploads', crypto.randomBytes(16).toString('hex')), tempFile('media', `${newName()}.part`)];
    oldTemp.forEach(writeTemp);

    // Everything from here on is younger than the sweep's cutoff: a request may still be writing it.
    const cutoff = await nextWholeSecond();
    const freshOrphans = everySize('postimages', newName());
    for (const key of freshOrphans) await store.plant(app, key);
    const freshTemp = tempFile('uploads', crypto.randomBytes(16).toString('hex'));
    writeTemp(freshTemp);

    const sweeper = app.get(MediaSweeper);
    expect(sweeper.minAgeMs).toBe(orphanMinAgeMs(app.config.httpTimeouts));
    expect(sweeper.minAgeMs).toBeGreaterThan(app.config.httpTimeouts.requestMs);
    const result = await sweeper.sweep(new Date(cutoff.getTime() + sweeper.minAgeMs));

    const kept = [...everySize('postimages', reviewPhoto), ...everySize('profileimages', avatar), ...freshOrphans, foreign].sort();
    expect(await store.keys(app)).toEqual(kept);
    for (const file of oldTemp) expect(fs.existsSync(file), file).toBe(false);
    expect(fs.existsSync(freshTemp)).toBe(true);
    expect(result.photos).toEqual({ scanned: kept.length + oldOrphans.length, removed: oldOrphans.length, failed: 0 });
    expect(result.temp).toMatchObject({ removed: 2, failed: 0 });

    const log = await readTodaysLog(app.config, 'Swept files older than');
    expect(log).toMatch(new RegExp(`Swept files older than ${Math.round(sweeper.minAgeMs / 60_000)} min: ${oldOrphans.length} orphaned photo files of ${kept.length + oldOrphans.length} in .*; 2 temporary files of \\d+ in `));

    // The photos people posted are still served.
    const shown = await fetch(`${app.baseUrl}/api/showimage/image/postimages/${reviewPhoto}`);
    expect(shown.headers.get('content-disposition') ?? '').not.toContain('no-image');
    expect(shown.status).toBe(200);
    expect(await loggedProblems(app.config)).toEqual([]);
  });
});

describe('the sweep at start-up', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'siplog-sweep-start-'));
  let app: TestApp | undefined;
  afterAll(async () => {
    await app?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('removes what a killed node left (orphaned photo sizes, a half-written file, received uploads) before anyone asks', async () => {
    const twoDaysAgo = new Date(Date.now() - 2 * DAY_MS);
    const orphan = newName();
    const left = [
      ...everySize('postimages', orphan).map((key) => path.join(dataDir, 'media', key)),
      path.join(dataDir, 'media', 'postimages', `${variantFileName(newName(), 'card')}.0a1b2c3d4e5f.part`),
      path.join(dataDir, 'tmp', 'uploads', crypto.randomBytes(16).toString('hex')),
      path.join(dataDir, 'tmp', 'media', `${newName()}.part`),
    ];
    for (const file of left) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, 'left by a kill -9');
      fs.utimesSync(file, twoDaysAgo, twoDaysAgo);
    }

    app = await startTestApp({ DATA_DIR: dataDir });
    const log = await readTodaysLog(app.config, 'Swept files older than');
    expect(log).toMatch(/Swept files older than \d+ min: 4 orphaned photo files of 4 in files under .*; 2 temporary files of 2 in /);
    for (const file of left) expect(fs.existsSync(file), file).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'tmp', 'uploads'))).toBe(true);
  });
});
