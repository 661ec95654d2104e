import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remoteActors } from '@siplog/db';
import { startFederationWorld, type FederationWorld } from '../../test/federation-world';
import { startTestApp, type TestApp } from '../../test/test-app';
import { ImageStore } from '../media/image-store';
import { MediaSweeper } from '../media/media-sweeper.service';
import { RemoteActorsRepository } from './remote-actors.repository';
import { RemoteAvatarsRepository } from './remote-avatars.repository';
import { remoteAvatarUrl } from '../media/remote-avatar-url';
import { AVATAR_BYTES_MAX, RemoteAvatars } from './remote-avatars.service';

/*
 * Issue 30: a remote person's avatar is fetched once from their server through the image pipeline and served from our
 * store. Their server here is a plain http server behind a TLS front on the tests' private https network
 * (federation-network.ts), counting the requests it gets.
 */
const SIPLOG = 'siplog-avatars.test';
const PICS = 'pics.test';
const DAY_MS = 24 * 60 * 60 * 1000;

const colouredPng = (background: string) =>
  sharp({ create: { width: 64, height: 64, channels: 3, background } })
    .png()
    .withExif({ IFD0: { Copyright: 'Ann Elsewhere', ImageDescription: 'taken at home, 41.88 N 87.63 W' } })
    .toBuffer();

describe('remote avatars, fetched once and served from our store', () => {
  let world: FederationWorld;
  let server: http.Server;
  let app: TestApp;
  let avatars: RemoteAvatars;
  let actors: RemoteActorsRepository;
  let images: ImageStore;
  let frontPort: number;
  let firstPng: Buffer;
  let secondPng: Buffer;
  const requests = new Map<string, number>();
  const requestsTo = (path: string) => requests.get(path) ?? 0;
  const allRequests = () => [...requests.values()].reduce((sum, n) => sum + n, 0);

  beforeAll(async () => {
    firstPng = await colouredPng('#c0a080');
    secondPng = await colouredPng('#305070');
    // The test means something only if what is served carries metadata to strip.
    expect((await sharp(firstPng).metadata()).exif?.toString('latin1')).toContain('taken at home');

    server = http.createServer((request, response) => {
      const path = request.url ?? '/';
      requests.set(path, requestsTo(path) + 1);
      const png = (body: Buffer) => response.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': body.length }).end(body);
      switch (path) {
        case '/ann.png':
          return png(firstPng);
        case '/ann-new.png':
          return png(secondPng);
        case '/moved.png':
          return response.writeHead(302, { Location: '/ann-new.png' }).end();
        case '/huge-declared.png':
          // Says how large it is: refused before a byte of the body is read.
          response.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': AVATAR_BYTES_MAX + 1 });
          return response.end(firstPng); // the client has hung up; what is sent here is never read
        case '/huge-streamed.png': {
          // Says nothing of its size (chunked): refused once more than the limit has arrived.
          response.writeHead(200, { 'Content-Type': 'image/png' });
          const chunk = Buffer.alloc(1024 * 1024, 0x42);
          let sent = 0;
          const more = () => {
            while (sent <= AVATAR_BYTES_MAX + chunk.length) {
              sent += chunk.length;
              if (!response.write(chunk)) return void response.once('drain', more);
            }
            response.end();
          };
          response.on('error', () => undefined);
          return more();
        }
        case '/page.png':
          return response.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>Not an image</title>');
        case '/fake.png':
          return response.writeHead(200, { 'Content-Type': 'image/png' }).end('GIF89a? no: just text pretending');
        case '/busy.png':
          return response.writeHead(503).end();
        default:
          return response.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    world = startFederationWorld();
    frontPort = (await world.front(PICS, (server.address() as AddressInfo).port)).port;
    app = await startTestApp({ FEDERATION: 'on', PUBLIC_URL: `https://${SIPLOG}`, FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true' });
    avatars = app.get(RemoteAvatars);
    actors = app.get(RemoteActorsRepository);
    images = app.get(ImageStore);
  });

  afterAll(async () => {
    await app?.close();
    await world?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  /** Keeps a remote person with this icon, as the inbox does when they send something; answers their row id. */
  const keep = (username: string, iconUrl: string | null) =>
    actors.keep(
      {
        uri: `https://${PICS}/users/${username}`,
        handle: `${username}@${PICS}`,
        host: PICS,
        inbox: `https://${PICS}/users/${username}/inbox`,
        sharedInbox: null,
        name: username,
        iconUrl,
        profileUrl: null,
      },
      Date.now(),
    );
  const rowOf = async (id: number) => {
    const [row] = await app.data.select().from(remoteActors).where(eq(remoteActors.id, id));
    return row;
  };
  /** Every object in the store's profileimages folder. */
  const storedKeys = async () => {
    const keys: string[] = [];
    for await (const page of images.blobs.list('profileimages')) keys.push(...page.map(({ key }) => key));
    return keys.sort();
  };
  const keysOf = (file: string) => [`profileimages/${file}`, `profileimages/${file.replace(/\.webp$/, '.thumb.webp')}`].sort();

  let annId: number;
  let annFile: string;

  it('fetches an icon once, stores it without its metadata and serves it at remoteAvatarUrl', async () => {
    annId = await keep('ann', `https://${PICS}/ann.png`);
    const outcome = await avatars.refresh(annId);
    expect(outcome.kind, JSON.stringify(outcome)).toBe('stored');
    const row = await rowOf(annId);
    expect(row.avatarSource).toBe(`https://${PICS}/ann.png`);
    expect(row.avatarFile).toMatch(/^[a-f0-9]{32}\.webp$/);
    annFile = row.avatarFile!;
    expect(await storedKeys()).toEqual(keysOf(annFile));
    expect(requestsTo('/ann.png')).toBe(1);

    const url = remoteAvatarUrl(annFile);
    expect(url).toBe(`/api/showimage/image/profileimages/${annFile}?size=thumb`);
    for (const served of [url!, url!.replace('?size=thumb', '')]) {
      const response = await fetch(app.baseUrl + served);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect(metadata.format).toBe('webp');
      expect(metadata.width).toBe(64);
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
    }
  });

  it('makes no request when the same person with the same icon is kept again, even asked many times at once', async () => {
    expect(await keep('ann', `https://${PICS}/ann.png`)).toBe(annId);
    expect(await avatars.refresh(annId)).toEqual({ kind: 'unchanged' });
    expect(requestsTo('/ann.png')).toBe(1);

    // A new person, asked about five times while the first fetch is under way: one fetch.
    const bobId = await keep('bob', `https://${PICS}/ann-new.png`);
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => avatars.refresh(bobId)));
    expect(outcomes.filter((outcome) => outcome.kind === 'stored')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.kind !== 'stored')).toEqual(Array(4).fill({ kind: 'unchanged' }));
    expect(requestsTo('/ann-new.png')).toBe(1);
    expect(remoteAvatarUrl(null)).toBeNull();
    expect(remoteAvatarUrl('../../etc/passwd')).toBeNull();
  });

  it('fetches again when the icon changes (through a redirect here), and the previous copy is removed', async () => {
    const before = requestsTo('/ann-new.png');
    await keep('ann', `https://${PICS}/moved.png`);
    const outcome = await avatars.refresh(annId);
    expect(outcome.kind, JSON.stringify(outcome)).toBe('stored');
    const row = await rowOf(annId);
    expect(row.avatarSource).toBe(`https://${PICS}/moved.png`);
    expect(row.avatarFile).not.toBe(annFile);
    expect(requestsTo('/moved.png')).toBe(1);
    expect(requestsTo('/ann-new.png')).toBe(before + 1);
    const keys = await storedKeys();
    for (const key of keysOf(annFile)) expect(keys).not.toContain(key);
    for (const key of keysOf(row.avatarFile!)) expect(keys).toContain(key);
    const served = await fetch(app.baseUrl + remoteAvatarUrl(row.avatarFile));
    const { dominant } = await sharp(Buffer.from(await served.arrayBuffer())).stats();
    expect(dominant.b).toBeGreaterThan(dominant.r); // the new, blue picture
    annFile = row.avatarFile!;
  });

  it.each([
    ['a body larger than the limit, declared', '/huge-declared.png', /larger than 12000000 bytes/],
    ['a body larger than the limit, streamed', '/huge-streamed.png', /larger than 12000000 bytes/],
    ['a page that is not an image', '/page.png', /not an image \(Content-Type text\/html\)/],
    ['bytes that are not an image, whatever the Content-Type says', '/fake.png', /not an image that can be read/],
    ['a missing file', '/gone.png', /HTTP 404/],
  ])('refuses %s, stores nothing and never asks for it again', async (_what, path, reason) => {
    const keysBefore = await storedKeys();
    const id = await keep(`refused${path.replace(/\W/g, '')}`, `https://${PICS}${path}`);
    const outcome = await avatars.refresh(id);
    expect(outcome).toMatchObject({ kind: 'refused', reason: expect.stringMatching(reason) });
    expect(await rowOf(id)).toMatchObject({ avatarFile: null, avatarSource: `https://${PICS}${path}` });
    expect(await storedKeys()).toEqual(keysBefore);
    expect(requestsTo(path)).toBe(1);
    expect(await avatars.refresh(id)).toEqual({ kind: 'unchanged' });
    expect(requestsTo(path)).toBe(1);
  });

  it('drops the copy it holds when a new icon is refused, and when the person has no icon any more', async () => {
    const id = await keep('cleo', `https://${PICS}/ann.png`);
    expect((await avatars.refresh(id)).kind).toBe('stored');
    const { avatarFile } = await rowOf(id);
    await keep('cleo', `https://${PICS}/page.png`);
    expect((await avatars.refresh(id)).kind).toBe('refused');
    expect(await rowOf(id)).toMatchObject({ avatarFile: null });
    expect(await storedKeys()).not.toContain(`profileimages/${avatarFile}`);

    await keep('cleo', `https://${PICS}/ann.png`);
    expect((await avatars.refresh(id)).kind).toBe('stored');
    const second = (await rowOf(id)).avatarFile!;
    await keep('cleo', null);
    expect(await avatars.refresh(id)).toEqual({ kind: 'cleared' });
    expect(await rowOf(id)).toMatchObject({ avatarFile: null, avatarSource: null });
    expect(await storedKeys()).not.toContain(`profileimages/${second}`);
  });

  it('leaves an icon whose server is down for later, without asking again at once', async () => {
    const id = await keep('dora', `https://${PICS}/busy.png`);
    expect(await avatars.refresh(id)).toEqual({ kind: 'failed', reason: 'HTTP 503' });
    expect(await rowOf(id)).toMatchObject({ avatarFile: null, avatarSource: null });
    expect(await avatars.refresh(id)).toEqual({ kind: 'skipped', reason: 'failed lately' });
    expect(requestsTo('/busy.png')).toBe(1);
  });

  it('with the SSRF guard on (private addresses not allowed), refuses http, loopback and private addresses before any request', async () => {
    const guarded = new RemoteAvatars(
      { ...app.config, federation: { ...app.config.federation!, allowPrivateAddresses: false } },
      images,
      app.get(RemoteAvatarsRepository),
    );
    const keysBefore = await storedKeys();
    const requestsBefore = allRequests();
    const cases: Array<[string, RegExp]> = [
      [`http://${PICS}/ann.png`, /http: is not allowed \(https only\)/],
      [`https://127.0.0.1:${frontPort}/ann.png`, /127\.0\.0\.1:\d+: Invalid or private address/],
      [`https://localhost:${frontPort}/ann.png`, /Localhost is not allowed/],
      ['https://10.1.2.3/ann.png', /Invalid or private address/],
      ['https://192.168.0.7/ann.png', /Invalid or private address/],
      ['https://[::1]/ann.png', /Invalid or private address/],
      ['file:///etc/passwd', /file: is not allowed/],
    ];
    for (const [index, [icon, reason]] of cases.entries()) {
      const id = await keep(`guarded${index}`, icon);
      const outcome = await guarded.refresh(id);
      expect(outcome, icon).toMatchObject({ kind: 'refused', reason: expect.stringMatching(reason) });
      expect(await rowOf(id)).toMatchObject({ avatarFile: null, avatarSource: icon });
    }
    expect(allRequests()).toBe(requestsBefore);
    expect(await storedKeys()).toEqual(keysBefore);
    await guarded.beforeApplicationShutdown();
  });

  it("counts as referenced for the media sweeper while the person is known, and goes with the sweep once they are forgotten", async () => {
    const sweeper = app.get(MediaSweeper);
    const later = new Date(Date.now() + DAY_MS);
    await sweeper.sweep(later);
    expect(await storedKeys()).toEqual(expect.arrayContaining(keysOf(annFile)));

    expect(await actors.forget(`https://${PICS}/users/ann`)).toBe(true);
    const swept = await sweeper.sweep(later);
    expect(swept.photos.removed).toBeGreaterThanOrEqual(2);
    const keys = await storedKeys();
    for (const key of keysOf(annFile)) expect(keys).not.toContain(key);
    // Bob's copy (still known) stays.
    const [bob] = await app.data.select().from(remoteActors).where(eq(remoteActors.handle, `bob@${PICS}`));
    expect(keys).toEqual(expect.arrayContaining(keysOf(bob.avatarFile!)));
  });
});
