import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, PLACE_SERVER_MESSAGES, POST_MESSAGES, REVIEW_MESSAGES } from '@siplog/contracts';
import { comments, establishments, insertEstablishment, postImages, postLikes, posts, type Database } from '@siplog/db';
import { registerAccount, type TestAccount } from '../../test/accounts';
import { startTestApp, type TestApp } from '../../test/test-app';

const PLACE_ID = 'siplog:write-cafe';

/** A phone photo: landscape pixels with EXIF orientation 6 (shown rotated to portrait) and GPS coordinates. */
function phonePhoto(width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 180, g: 120, b: 60 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: 'PhoneCo' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 53/1 0/1' } })
    .toBuffer();
}

interface Upload {
  files?: Array<{ field: string; bytes: Buffer; name?: string; type?: string }>;
  /** The `data` field's value; null sends no `data` field at all. */
  data?: unknown;
}

function reviewData(overrides: Record<string, unknown> = {}) {
  return { place_id: PLACE_ID, establishment_name: 'Write Cafe', order: 'Cortado', review: 'Bright and sweet', rating: 4, filetype: 'image', ...overrides };
}

describe('posting, editing and deleting reviews', () => {
  let app: TestApp;
  let ann: TestAccount;
  let bob: TestAccount;
  let admin: TestAccount;
  let photo: Buffer;
  let placeDbId: number;

  const uploadsDir = () => app.config.uploadsDir;
  const postImagesDir = () => path.join(app.config.mediaDir, 'postimages');
  const storedFiles = () => (fs.existsSync(postImagesDir()) ? fs.readdirSync(postImagesDir()).sort() : []);
  const leftoverUploads = () => (fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()) : []);
  const counts = async (db: Database) => ({
    posts: (await db.select().from(posts)).length,
    images: (await db.select().from(postImages)).length,
    places: (await db.select().from(establishments)).length,
  });

  async function upload(account: TestAccount | null, { files = [], data = reviewData() }: Upload) {
    const form = new FormData();
    for (const file of files) {
      form.append(file.field, new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/jpeg' }), file.name ?? 'IMG_0001.jpg');
    }
    if (data !== null) form.append('data', typeof data === 'string' ? data : JSON.stringify(data));
    const response = await fetch(`${app.baseUrl}/api/post/addpostwithimages`, { method: 'POST', headers: account ? account.auth : {}, body: form });
    return { status: response.status, body: (await response.json()) as any };
  }

  /** Nothing of a refused post may be left: rows, stored images or received files. */
  async function expectNothingLeft(before: Awaited<ReturnType<typeof counts>>, filesBefore: string[]) {
    expect(await counts(app.data)).toEqual(before);
    expect(storedFiles()).toEqual(filesBefore);
    await expect.poll(leftoverUploads).toEqual([]);
  }

  beforeAll(async () => {
    app = await startTestApp({ ADMIN_EMAILS: 'bosswrite@example.com' });
    ann = await registerAccount(app, 'annwrite');
    bob = await registerAccount(app, 'bobwrite');
    admin = await registerAccount(app, 'bosswrite');
    placeDbId = (await insertEstablishment(app.data, { placeId: PLACE_ID, name: 'Write Cafe', lat: 41.88, lng: -87.63, city: 'Chicago', state: 'IL' })).id;
    photo = await phonePhoto();
  });
  afterAll(() => app.close());

  it('posts a review with two photos: stored upright in three sizes without metadata, shown first in the feed', async () => {
    const second = await sharp({ create: { width: 300, height: 300, channels: 4, background: '#36c' } }).png().toBuffer();
    const response = await upload(ann, {
      files: [
        { field: 'file1', bytes: photo },
        { field: 'file2', bytes: second, name: 'latte.png', type: 'image/png' },
      ],
      data: reviewData({ email: ann.email }),
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 200, msg: REVIEW_MESSAGES.posted, post_id: expect.any(Number), establishment_id: placeDbId });

    const { posts: feed } = (await app.post('/api/post/loadrecentposts', { limit: 1, skip: 0 })).body;
    expect(feed[0]).toMatchObject({ post_id: response.body.post_id, username: 'annwrite', order: 'Cortado', review: 'Bright and sweet', rating: '4' });
    expect(feed[0].images).toHaveLength(2);

    const [first] = feed[0].images as string[];
    const full = await sharp(path.join(postImagesDir(), first)).metadata();
    expect([full.format, full.width, full.height]).toEqual(['webp', 480, 640]); // orientation 6 applied
    expect(full.exif).toBeUndefined();
    const card = await sharp(path.join(postImagesDir(), first.replace('.webp', '.card.webp'))).metadata();
    const thumb = await sharp(path.join(postImagesDir(), first.replace('.webp', '.thumb.webp'))).metadata();
    expect(Math.max(card.width!, card.height!)).toBeLessThanOrEqual(800);
    expect(Math.max(thumb.width!, thumb.height!)).toBeLessThanOrEqual(400);
    for (const size of ['', '?size=card', '?size=thumb']) {
      const image = await fetch(`${app.baseUrl}/api/showimage/image/postimages/${first}${size}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/webp');
    }
    expect(leftoverUploads()).toEqual([]);

    const place = (await app.post('/api/place/loadestablishment', { establishment_id: placeDbId })).body.establishment;
    expect([place.posts, place.rating]).toEqual([1, '4.0']);
  });

  it('lists the places a person has reviewed, most recent first, for them only', async () => {
    const other = await insertEstablishment(app.data, { placeId: 'siplog:write-other', name: 'Other Tea', lat: 41.89, lng: -87.62 });
    const posted = await upload(ann, { files: [{ field: 'file1', bytes: photo }], data: reviewData({ place_id: 'siplog:write-other', establishment_name: 'Other Tea' }) });
    expect(posted.status).toBe(200);
    const answer = await app.post('/api/post/getuserplaces', { email: ann.email }, ann.auth);
    expect(answer.body.places.map((place: { name: string }) => place.name)).toEqual(['Other Tea', 'Write Cafe']);
    expect(answer.body.places[0]).toEqual({
      place_id: 'siplog:write-other',
      establishment_id: other.id,
      name: 'Other Tea',
      street: '',
      city: '',
      state: '',
      zip: '',
      country: '',
    });
    expect((await app.trpc('query', 'post.userPlaces', {}, bob.auth)).data).toEqual({ places: [] });
    expect((await app.post('/api/post/getuserplaces', { email: ann.email }, bob.auth)).status).toBe(403);
    expect((await app.post('/api/post/getuserplaces', {})).status).toBe(401);
  });

  describe('refuses bad posts with the spec message and leaves nothing behind', () => {
    const cases: Array<[string, () => Upload, number, string]> = [
      ['no location', () => ({ files: [{ field: 'file1', bytes: photo }], data: reviewData({ place_id: '' }) }), 400, REVIEW_MESSAGES.selectLocation],
      ['an empty order', () => ({ files: [{ field: 'file1', bytes: photo }], data: reviewData({ order: '  ' }) }), 400, REVIEW_MESSAGES.enterOrder],
      ['an empty review', () => ({ files: [{ field: 'file1', bytes: photo }], data: reviewData({ review: '' }) }), 400, REVIEW_MESSAGES.enterReview],
      ['an order that is too long', () => ({ files: [{ field: 'file1', bytes: photo }], data: reviewData({ order: 'x'.repeat(LIMITS.orderTextMax + 1) }) }), 400, `Must be at most ${LIMITS.orderTextMax} characters.`],
      ['a review that is too long', () => ({ files: [{ field: 'file1', bytes: photo }], data: reviewData({ review: 'x'.repeat(LIMITS.reviewTextMax + 1) }) }), 400, `Must be at most ${LIMITS.reviewTextMax} characters.`],
      ['no image', () => ({ data: reviewData() }), 400, REVIEW_MESSAGES.uploadOneImage],
      ['a rating of 0', () => ({ files: [{ field: 'file1', bytes: photo }], data: reviewData({ rating: 0 }) }), 400, 'Rating must be 1 to 5.'],
      ['a rating of 6', () => ({ files: [{ field: 'file1', bytes: photo }], data: reviewData({ rating: '6' }) }), 400, 'Rating must be 1 to 5.'],
      ["a rating of 'five'", () => ({ files: [{ field: 'file1', bytes: photo }], data: reviewData({ rating: 'five' }) }), 400, 'Rating must be 1 to 5.'],
      ['a data field that is not JSON', () => ({ files: [{ field: 'file1', bytes: photo }], data: '{"order":' }), 400, 'The data field must be JSON text.'],
      ['no data field', () => ({ files: [{ field: 'file1', bytes: photo }], data: null }), 400, REVIEW_MESSAGES.selectLocation],
      [
        'a text file named like a photo',
        () => ({ files: [{ field: 'file1', bytes: Buffer.from('not really a jpeg at all'), name: 'photo.jpg', type: 'image/jpeg' }] }),
        400,
        REVIEW_MESSAGES.invalidFileType,
      ],
      [
        'a good photo beside a bad one (all or nothing)',
        () => ({
          files: [
            { field: 'file1', bytes: photo },
            { field: 'file2', bytes: Buffer.from('%PDF-1.4 pretending'), name: 'scan.png', type: 'image/png' },
          ],
        }),
        400,
        REVIEW_MESSAGES.invalidFileType,
      ],
      [
        'four files',
        () => ({ files: ['file1', 'file2', 'file3', 'file4'].map((field) => ({ field, bytes: photo })) }),
        400,
        POST_MESSAGES.tooManyImages,
      ],
      ['a file under another name', () => ({ files: [{ field: 'photo', bytes: photo }] }), 400, POST_MESSAGES.tooManyImages],
      ['an unknown place', () => ({ files: [{ field: 'file1', bytes: photo }], data: reviewData({ place_id: 'siplog:nowhere' }) }), 404, PLACE_SERVER_MESSAGES.notFound],
      ['a provider place nobody searched for', () => ({ files: [{ field: 'file1', bytes: photo }], data: reviewData({ place_id: 'dXJuOm1ieHBvaTpmYWtl' }) }), 404, PLACE_SERVER_MESSAGES.searchAgain],
    ];
    for (const [name, make, status, msg] of cases) {
      it(name, async () => {
        const before = await counts(app.data);
        const filesBefore = storedFiles();
        const response = await upload(ann, make());
        expect(response.body).toEqual({ status, msg });
        expect(response.status).toBe(status);
        await expectNothingLeft(before, filesBefore);
      });
    }

    it('an image that decodes to more than the pixel cap', async () => {
      // A tiny PNG whose header declares a 12,000 x 12,000 canvas: refused from the header, never decoded.
      const huge = await sharp({ create: { width: 12_000, height: 12_000, channels: 3, background: '#000' } })
        .png({ compressionLevel: 9, palette: true, colours: 2 })
        .toBuffer();
      const before = await counts(app.data);
      const filesBefore = storedFiles();
      const response = await upload(ann, { files: [{ field: 'file1', bytes: huge, name: 'huge.png', type: 'image/png' }] });
      expect(response.status).toBe(400);
      expect(response.body.msg).toMatch(/pixels/i);
      await expectNothingLeft(before, filesBefore);
    });

    it('a file over 50,000,000 bytes: stored up to the limit while it is received, then dropped', async () => {
      const before = await counts(app.data);
      const filesBefore = storedFiles();
      const boundary = 'siplogboundary';
      let largestOnDisk = 0;
      const watch = setInterval(() => {
        for (const file of leftoverUploads()) {
          try {
            largestOnDisk = Math.max(largestOnDisk, fs.statSync(path.join(uploadsDir(), file)).size);
          } catch {
            // removed between listing and stat
          }
        }
      }, 5);
      const { status, body } = await new Promise<{ status: number; body: any }>((resolve, reject) => {
        const request = http.request(`${app.baseUrl}/api/post/addpostwithimages`, {
          method: 'POST',
          headers: { ...ann.auth, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
        });
        request.on('response', (response) => {
          let text = '';
          response.on('data', (chunk) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
        });
        request.on('error', reject);
        request.write(`--${boundary}\r\nContent-Disposition: form-data; name="file1"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
        const chunk = Buffer.alloc(1024 * 1024, 7);
        let sent = 0;
        // Twice the limit, a megabyte at a time. Multer reads the rest without keeping it, then answers.
        const pump = () => {
          if (sent >= 2 * LIMITS.reviewImageBytesMax) return request.end(`\r\n--${boundary}--\r\n`);
          sent += chunk.length;
          if (request.write(chunk)) setImmediate(pump);
          else request.once('drain', pump);
        };
        pump();
      }).finally(() => clearInterval(watch));
      expect(status).toBe(413);
      expect(body).toEqual({ status: 413, msg: REVIEW_MESSAGES.fileTooLarge });
      expect(largestOnDisk).toBeGreaterThan(0); // the watch saw the file being received
      expect(largestOnDisk).toBeLessThanOrEqual(LIMITS.reviewImageBytesMax);
      await expectNothingLeft(before, filesBefore);
    });

    it('a guest, before reading the body; someone else’s e-mail in the data', async () => {
      const before = await counts(app.data);
      const filesBefore = storedFiles();
      expect((await upload(null, { files: [{ field: 'file1', bytes: photo }] })).status).toBe(401);
      expect((await upload(bob, { files: [{ field: 'file1', bytes: photo }], data: reviewData({ email: ann.email }) })).status).toBe(403);
      await expectNothingLeft(before, filesBefore);
    });
  });

  describe("the author's edits and deletion", () => {
    let postid: number;
    let images: string[];

    beforeAll(async () => {
      const posted = await upload(bob, { files: [{ field: 'file1', bytes: photo }, { field: 'file2', bytes: photo }] });
      postid = posted.body.post_id;
      images = (await app.post('/api/post/loadpost', { postid })).body.post.images;
      await app.post('/api/post/likepost', { postid }, ann.auth);
      await app.post('/api/post/addcomment', { postid, comment: 'Looks great' }, ann.auth);
    });

    it('loads one post by id, and 404 for one that does not exist', async () => {
      const answer = await app.post('/api/post/loadpost', { postid });
      expect(answer.body.post).toMatchObject({ post_id: postid, username: 'bobwrite', likes: 1, establishment_name: 'Write Cafe' });
      expect((await app.trpc('query', 'post.byId', { postid })).data.post.post_id).toBe(postid);
      expect(await app.post('/api/post/loadpost', { postid: 999_999 })).toMatchObject({ status: 404, body: { status: 404, msg: POST_MESSAGES.notFound } });
      expect((await app.post('/api/post/loadpost', { postid: 'abc' })).status).toBe(400);
    });

    it('lets only the author (or an admin) edit, with the same rules as posting', async () => {
      const edit = { postid, order: 'Iced cortado', review: 'Even better cold', rating: 5 };
      expect((await app.post('/api/post/updatepost', edit)).status).toBe(401);
      expect(await app.post('/api/post/updatepost', edit, ann.auth)).toMatchObject({ status: 403, body: { msg: POST_MESSAGES.notAuthor } });
      expect((await app.post('/api/post/updatepost', { ...edit, email: ann.email }, bob.auth)).status).toBe(403);
      expect((await app.post('/api/post/updatepost', { ...edit, rating: 6 }, bob.auth)).status).toBe(400);
      expect((await app.post('/api/post/updatepost', { ...edit, order: '' }, bob.auth)).body.msg).toBe(REVIEW_MESSAGES.enterOrder);
      expect((await app.post('/api/post/updatepost', { ...edit, postid: 999_999 }, bob.auth)).status).toBe(404);
      expect((await app.post('/api/post/loadpost', { postid })).body.post.order).toBe('Cortado');

      const answer = await app.post('/api/post/updatepost', edit, bob.auth);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ status: 200, msg: POST_MESSAGES.updated, post: { post_id: postid, order: 'Iced cortado', review: 'Even better cold', rating: '5', images } });
      const byAdmin = await app.trpc('mutation', 'post.update', { ...edit, review: 'Tidied by an admin' }, admin.auth);
      expect(byAdmin.data.post.review).toBe('Tidied by an admin');
    });

    it('lets only the author delete: the post, its images, likes and comments go', async () => {
      expect((await app.post('/api/post/deletepost', { postid }, ann.auth)).status).toBe(403);
      expect((await app.post('/api/post/deletepost', { postid })).status).toBe(401);
      for (const image of images) expect(storedFiles()).toContain(image);

      expect((await app.post('/api/post/deletepost', { postid, email: bob.email }, bob.auth)).body).toEqual({ status: 200, msg: POST_MESSAGES.deleted });
      expect(await app.data.select().from(posts).where(eq(posts.id, postid))).toEqual([]);
      expect(await app.data.select().from(postImages).where(eq(postImages.postId, postid))).toEqual([]);
      expect(await app.data.select().from(postLikes).where(eq(postLikes.postId, postid))).toEqual([]);
      expect(await app.data.select().from(comments).where(eq(comments.postId, postid))).toEqual([]);
      const stems = images.map((image) => image.replace('.webp', ''));
      expect(storedFiles().filter((file) => stems.some((stem) => file.startsWith(stem)))).toEqual([]);
      expect((await app.post('/api/post/deletepost', { postid }, bob.auth)).status).toBe(404);
      expect((await app.post('/api/post/loadpost', { postid })).status).toBe(404);
    });
  });
});
