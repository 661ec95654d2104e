import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@siplog/contracts';
import { registerAccount, type TestAccount } from '../../test/accounts';
import type { FediversePeer } from '../../test/fediverse-peer';
import { startSiplogAndPeer } from '../../test/federation-world';
import type { TestApp } from '../../test/test-app';
import { ImageStore } from '../media/image-store';
import { MediaSweeper } from '../media/media-sweeper.service';
import { RemoteReviewsRepository } from '../post/remote-reviews.repository';
import { RemoteReviewsService } from '../post/remote-reviews.service';

/*
 * Issue 30: the photos of a review from someone followed elsewhere (Image or Document attachments with alt text) are
 * fetched once from their server through the image pipeline, within its limits, and served from our store; the
 * Following feed's card names them with their alt text. What cannot be stored is refused and the review still shows.
 * (A file of its own beside federation.following.api.spec.ts, whose world it shares.)
 */
const SIPLOG = 'siplog-photos.test';
const PEER = 'peer-photos.test';
const DAY_MS = 24 * 60 * 60 * 1000;

async function until(check: () => Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

interface FeedPost {
  post_id: number;
  review: string;
  images: string[];
  remote?: { server: string; image_alts: string[] };
}

const photo = (background: string) =>
  sharp({ create: { width: 120, height: 90, channels: 3, background } })
    .png()
    .withExif({ IFD0: { Copyright: 'Ann Peer', ImageDescription: 'taken at home, 41.88 N 87.63 W' } })
    .toBuffer();

describe('photos of reviews from elsewhere, fetched once into our store', () => {
  let app: TestApp;
  let peer: FediversePeer;
  let close: () => Promise<void>;
  let maya: TestAccount;
  let images: ImageStore;
  let reviews: RemoteReviewsService;

  beforeAll(async () => {
    ({ app, peer, close } = await startSiplogAndPeer(SIPLOG, PEER));
    images = app.get(ImageStore);
    reviews = app.get(RemoteReviewsService);
    maya = await registerAccount(app, 'maya_sips');
    const cup = await photo('#c0a080');
    // The test means something only if what is served carries metadata to strip.
    expect((await sharp(cup).metadata()).exif?.toString('latin1')).toContain('taken at home');
    peer.serveMedia('cup.png', cup);
    peer.serveMedia('menu.png', await photo('#305070'));
    peer.serveMedia('window.png', await photo('#40a040'));
    peer.serveMedia('huge.png', Buffer.alloc(LIMITS.reviewImageBytesMax + 1, 0x42));
    peer.serveMedia('page.png', Buffer.from('<!doctype html><title>Not an image</title>'), 'text/html');
    peer.serveMedia('fake.png', Buffer.from('GIF89a? no: just text pretending'));

    const found = await app.post('/api/federation/lookup', { handle: `@ann@${PEER}` }, maya.auth);
    await app.post('/api/federation/follow', { remote_actor_id: found.body.person.remote_actor_id }, maya.auth);
    await peer.answerFollow(await peer.waitFor((item) => item.type === 'Follow', "maya's Follow"), true);
    await until(async () => (await app.post('/api/federation/lookup', { handle: `@ann@${PEER}` }, maya.auth)).body.person?.following === 'following', 'the Accept');
  });
  afterAll(() => close?.());

  const feed = async () => ((await app.trpc('query', 'post.following', { limit: 20 }, maya.auth)).data as { posts: FeedPost[] }).posts.filter((post) => post.remote);
  const mayaActor = () => `https://${SIPLOG}/ap/users/1`;
  const place = { name: 'Harbour Coffee Co', lat: 41.88372, lng: -87.62884 };
  const photosKept = (id: number) => app.get(RemoteReviewsRepository).photosOf(id);
  /** Every object in the store's postimages folder. */
  const storedKeys = async () => {
    const keys: string[] = [];
    for await (const page of images.blobs.list('postimages')) keys.push(...page.map(({ key }) => key));
    return keys.sort();
  };
  const keysOf = (file: string) => ['', '.card', '.thumb'].map((suffix) => `postimages/${file.replace(/\.webp$/, `${suffix}.webp`)}`).sort();
  /** The review's photo pass, once over (it joins the one under way: nothing is fetched twice). */
  const photosOf = async (text: string) => {
    await until(async () => (await feed()).some((post) => post.review === text), `the review "${text}"`);
    const post = (await feed()).find((item) => item.review === text)!;
    await reviews.refreshPhotos(post.post_id);
    return (await feed()).find((item) => item.post_id === post.post_id)!;
  };

  let reviewId: number;
  let cupFile: string;
  let menuFile: string;
  let note: Awaited<ReturnType<FediversePeer['post']>>;

  it('fetches up to three image attachments once, stores them without metadata and shows them with their alt text', async () => {
    note = await peer.post(mayaActor(), {
      html: '<p>Bright and sweet, 5/5</p>',
      place,
      images: [
        { url: '/media/cup.png', alt: 'A cortado on a marble table', mediaType: 'image/png' },
        { url: '/media/clip.png', alt: 'not a photo', mediaType: 'video/mp4', document: true },
        { url: '/media/huge.png', alt: 'too large' },
        { url: '/media/menu.png', alt: `The menu board ${'x'.repeat(300)}`, mediaType: 'image/png', document: true },
        { url: '/media/window.png', alt: 'a fourth photo, past three' },
      ],
    });
    const post = await photosOf('Bright and sweet, 5/5');
    reviewId = post.post_id;
    expect(post.images).toHaveLength(2);
    [cupFile, menuFile] = post.images;
    expect(post.remote!.image_alts[0]).toBe('A cortado on a marble table');
    expect(post.remote!.image_alts[1]).toHaveLength(200);
    expect(post.remote!.image_alts[1]).toMatch(/^The menu board x+…$/);
    const kept = await photosKept(reviewId);
    expect(kept!.sources.map((source) => source.url)).toEqual([`https://${PEER}/media/cup.png`, `https://${PEER}/media/huge.png`, `https://${PEER}/media/menu.png`]);
    // The oversized one is refused for good (null), in its place.
    expect(kept!.files).toEqual([cupFile, null, menuFile]);
    expect([peer.mediaRequests('cup.png'), peer.mediaRequests('huge.png'), peer.mediaRequests('menu.png')]).toEqual([1, 1, 1]);
    expect([peer.mediaRequests('clip.png'), peer.mediaRequests('window.png')]).toEqual([0, 0]);
    expect(await storedKeys()).toEqual([...keysOf(cupFile), ...keysOf(menuFile)].sort());

    for (const size of ['', '?size=card']) {
      const served = await fetch(`${app.baseUrl}/api/showimage/image/postimages/${cupFile}${size}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      const metadata = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width: 120, height: 90 });
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
    }
  });

  it('fetches nothing again for an Update with the same photos, and replaces the copies when they change', async () => {
    await peer.update(mayaActor(), note, '<p>Even better today, 5/5</p>');
    const same = await photosOf('Even better today, 5/5');
    expect(same.images).toEqual([cupFile, menuFile]);
    expect([peer.mediaRequests('cup.png'), peer.mediaRequests('huge.png'), peer.mediaRequests('menu.png')]).toEqual([1, 1, 1]);

    await peer.update(mayaActor(), note, '<p>New photo, 4/5</p>', [{ url: '/media/window.png', alt: 'By the window' }]);
    const changed = await photosOf('New photo, 4/5');
    expect(changed.images).toHaveLength(1);
    expect(changed.images[0]).not.toBe(cupFile);
    expect(changed.remote!.image_alts).toEqual(['By the window']);
    expect(peer.mediaRequests('window.png')).toBe(1);
    await until(async () => (await storedKeys()).length === 3, 'the previous copies to go');
    expect(await storedKeys()).toEqual(keysOf(changed.images[0]));
  });

  it('refuses a photo that is no image (whatever its Content-Type says), and the review still shows without it', async () => {
    await peer.post(mayaActor(), {
      html: '<p>No pictures worth keeping, 3/5</p>',
      place,
      images: [
        { url: '/media/page.png', alt: 'a page' },
        { url: '/media/fake.png', alt: 'a fake' },
        { url: 'ftp://elsewhere.test/cup.png', alt: 'not http' },
      ],
    });
    const post = await photosOf('No pictures worth keeping, 3/5');
    expect(post.images).toEqual([]);
    expect(post.remote!.image_alts).toEqual([]);
    expect((await photosKept(post.post_id))!.files).toEqual([null, null]);
    expect([peer.mediaRequests('page.png'), peer.mediaRequests('fake.png')]).toEqual([1, 1]);
    // Refused for good: asked again, nothing is fetched.
    await reviews.refreshPhotos(post.post_id);
    expect([peer.mediaRequests('page.png'), peer.mediaRequests('fake.png')]).toEqual([1, 1]);
  });

  it("counts the photos as referenced for the media sweeper while the review is kept, and sweeps them once it is deleted", async () => {
    const [kept] = (await photosKept(reviewId))!.files as string[];
    const sweeper = app.get(MediaSweeper);
    const later = new Date(Date.now() + DAY_MS);
    await sweeper.sweep(later);
    expect(await storedKeys()).toEqual(keysOf(kept));

    await peer.deletePost(mayaActor(), note);
    await until(async () => (await photosKept(reviewId)) === undefined, 'the deletion');
    const swept = await sweeper.sweep(later);
    expect(swept.photos.removed).toBeGreaterThanOrEqual(3);
    expect(await storedKeys()).toEqual([]);
  });
});
