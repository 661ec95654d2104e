import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, TEST_BUCKET, type TestS3 } from '../../test/s3-server';
import { eachConcurrently, type BlobListing, type BlobStore } from './blob-store';
import { LocalBlobStore } from './local-blob-store';
import { S3BlobStore } from './s3-blob-store';

async function bytesOf(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const tempRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'siplog-blobs-'));
let s3: TestS3;

beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(tempRoot, { recursive: true, force: true });
});

interface StoreCase {
  name: string;
  make: () => BlobStore;
  /** The bytes kept for a key, read around the store (the folder's file, or the bucket's object). */
  rawBytes: (key: string) => Promise<Buffer | null>;
}

const mediaDir = path.join(tempRoot, 'media');

const cases: StoreCase[] = [
  {
    name: 'local disk',
    make: () => new LocalBlobStore(mediaDir),
    rawBytes: async (key) => {
      const file = path.join(mediaDir, key);
      return fs.existsSync(file) ? fs.readFileSync(file) : null;
    },
  },
  {
    name: 's3 (s3rver)',
    make: () => new S3BlobStore(s3.configFor('unit/media')),
    rawBytes: async (key) => {
      try {
        const answer = await s3.client.send(new GetObjectCommand({ Bucket: TEST_BUCKET, Key: `unit/media/${key}` }));
        return Buffer.from(await answer.Body!.transformToByteArray());
      } catch {
        return null;
      }
    },
  },
];

describe.each(cases)('BlobStore on $name', ({ make, rawBytes }) => {
  let store: BlobStore;
  const key = (name = crypto.randomBytes(16).toString('hex')) => `postimages/${name}.webp`;

  beforeAll(() => {
    store = make();
  });
  afterAll(() => store.close());

  it('puts bytes under a key and reads them back streamed, with their size, tag and time', async () => {
    const k = key();
    const bytes = crypto.randomBytes(50_000);
    const before = Date.now();
    await store.put(k, bytes, 'image/webp');
    expect(await rawBytes(k)).toEqual(bytes);

    const read = (await store.get(k))!;
    expect(read.size).toBe(bytes.length);
    expect(read.etag).toMatch(/^(W\/)?".+"$/);
    expect(Math.abs(read.lastModified.getTime() - before)).toBeLessThan(60_000);
    expect(await bytesOf(read.body)).toEqual(bytes);

    const head = (await store.head(k))!;
    expect(head).toEqual({ size: read.size, etag: read.etag, lastModified: read.lastModified });
  });

  it('puts a local file (which the caller removes afterwards if it is still there)', async () => {
    const k = key();
    const file = path.join(tempRoot, `${crypto.randomBytes(4).toString('hex')}.part`);
    const bytes = crypto.randomBytes(20_000);
    fs.writeFileSync(file, bytes);
    await store.put(k, { file }, 'image/webp');
    fs.rmSync(file, { force: true });
    expect(await bytesOf((await store.get(k))!.body)).toEqual(bytes);
  });

  it('streams a file larger than one upload part (a multipart upload on S3)', async () => {
    const k = key();
    const file = path.join(tempRoot, 'large.part');
    const bytes = crypto.randomBytes(6 * 1024 * 1024 + 123);
    fs.writeFileSync(file, bytes);
    await store.put(k, { file }, 'image/webp');
    fs.rmSync(file, { force: true });
    const read = (await store.get(k))!;
    expect(read.size).toBe(bytes.length);
    expect((await bytesOf(read.body)).equals(bytes)).toBe(true);
  });

  it('answers null for a key it does not have, on get and head', async () => {
    expect(await store.get(key())).toBeNull();
    expect(await store.head(key())).toBeNull();
  });

  it('deletes many keys, a missing one being no failure', async () => {
    const keys = [key(), key(), key()];
    for (const k of keys) await store.put(k, Buffer.from(k), 'image/webp');
    expect(await store.deleteMany([...keys, key()])).toEqual([]);
    for (const k of keys) {
      expect(await store.get(k)).toBeNull();
      expect(await rawBytes(k)).toBeNull();
    }
    expect(await store.deleteMany([])).toEqual([]);
  });

  it('lists the objects directly in a folder a page at a time, each with its time, and nothing for an empty one', async () => {
    const folder = `list${crypto.randomBytes(4).toString('hex')}`;
    const keys = Array.from({ length: 9 }, () => `${folder}/${crypto.randomBytes(16).toString('hex')}.webp`);
    const before = Date.now();
    await eachConcurrently(keys, 4, (k) => store.put(k, Buffer.from('x'), 'image/webp'));
    await store.put(`${folder}/deeper/${crypto.randomBytes(16).toString('hex')}.webp`, Buffer.from('x'), 'image/webp');
    const pages: BlobListing[][] = [];
    for await (const page of store.list(folder, 4)) pages.push(page);
    expect(pages.map((page) => page.length)).toEqual([4, 4, 1]);
    const listed = pages.flat();
    expect(listed.map((entry) => entry.key).sort()).toEqual([...keys].sort());
    for (const { lastModified } of listed) expect(Math.abs(lastModified.getTime() - before)).toBeLessThan(60_000);
    const empty: BlobListing[][] = [];
    for await (const page of store.list(`${folder}none`)) empty.push(page);
    expect(empty).toEqual([]);
  });

  it('refuses keys the server could not have made', async () => {
    for (const bad of ['../jwt-secret', 'postimages/../../app.db', '/etc/passwd', 'postimages//x.webp', 'postimages/a b.webp', '']) {
      await expect(store.put(bad, Buffer.from('x'), 'image/webp'), bad).rejects.toThrow(/Not a media key/);
      await expect(store.get(bad), bad).rejects.toThrow(/Not a media key/);
    }
    expect((await store.deleteMany(['../x'])).map((failure) => failure.key)).toEqual(['../x']);
  });
});

describe('LocalBlobStore', () => {
  it('keeps the layout photos always had: DATA_DIR/media/<folder>/<file>, written whole by a rename', async () => {
    const store = new LocalBlobStore(mediaDir);
    const name = `${crypto.randomBytes(16).toString('hex')}.card.webp`;
    await store.put(`profileimages/${name}`, Buffer.from('card'), 'image/webp');
    expect(fs.readFileSync(path.join(mediaDir, 'profileimages', name), 'utf8')).toBe('card');
    expect(fs.readdirSync(path.join(mediaDir, 'profileimages')).filter((file) => file.endsWith('.part'))).toEqual([]);
    // A file already there (data from before the store existed) reads as it is.
    const old = `${crypto.randomBytes(16).toString('hex')}.webp`;
    fs.writeFileSync(path.join(mediaDir, 'profileimages', old), 'from before');
    expect(await bytesOf((await store.get(`profileimages/${old}`))!.body)).toEqual(Buffer.from('from before'));
  });

  it('removes the rest when one file cannot be removed, and says which and why', async () => {
    const store = new LocalBlobStore(mediaDir);
    const [stuck, free] = [`postimages/${crypto.randomBytes(16).toString('hex')}.webp`, `postimages/${crypto.randomBytes(16).toString('hex')}.webp`];
    fs.mkdirSync(path.join(mediaDir, stuck));
    fs.writeFileSync(path.join(mediaDir, stuck, 'keep'), 'x');
    await store.put(free, Buffer.from('free'), 'image/webp');
    const failures = await store.deleteMany([stuck, free]);
    expect(failures).toEqual([{ key: stuck, reason: expect.stringMatching(/EISDIR/) }]);
    expect(fs.existsSync(path.join(mediaDir, free))).toBe(false);
    // A directory is no image: nothing to read.
    expect(await store.get(stuck)).toBeNull();
    expect(await store.head(stuck)).toBeNull();
    fs.rmSync(path.join(mediaDir, stuck), { recursive: true });
  });
});

describe('S3BlobStore', () => {
  it('keeps objects under <prefix>/<folder>/<file>, and at the bucket root without a prefix', async () => {
    const name = `${crypto.randomBytes(16).toString('hex')}.webp`;
    const prefixed = new S3BlobStore(s3.configFor('siplog/prod'));
    const bare = new S3BlobStore(s3.configFor(''));
    await prefixed.put(`postimages/${name}`, Buffer.from('a'), 'image/webp');
    await bare.put(`profileimages/${name}`, Buffer.from('b'), 'image/webp');
    expect(await s3.keys('siplog/prod/')).toContain(`siplog/prod/postimages/${name}`);
    expect(await s3.keys('profileimages/')).toContain(`profileimages/${name}`);
    const answer = await s3.client.send(new GetObjectCommand({ Bucket: TEST_BUCKET, Key: `siplog/prod/postimages/${name}` }));
    expect(answer.ContentType).toBe('image/webp');
    await prefixed.close();
    await bare.close();
  });

  it('fails loudly for a bucket that is not there (no "missing photo"), and reports each delete that failed', async () => {
    const store = new S3BlobStore({ ...s3.configFor('x'), bucket: 'no-such-bucket', secretAccessKey: 'S3RVER' });
    await expect(store.get('postimages/a.webp')).rejects.toMatchObject({ name: 'NoSuchBucket' });
    await expect(store.put('postimages/a.webp', Buffer.from('a'), 'image/webp')).rejects.toThrow();
    await expect(store.verify()).rejects.toThrow();
    const failures = await store.deleteMany(['postimages/a.webp', 'postimages/b.webp']);
    expect(failures.map((failure) => failure.key)).toEqual(['postimages/a.webp', 'postimages/b.webp']);
    expect(failures[0].reason).toBe('NoSuchBucket');
    await store.close();
  });

  it('fails (does not hang) when the store cannot be reached', async () => {
    const store = new S3BlobStore({ ...s3.configFor('x'), endpoint: 'http://127.0.0.1:9', secretAccessKey: 'S3RVER' });
    await expect(store.get('postimages/a.webp')).rejects.toThrow();
    await store.close();
  }, 30_000);
});
