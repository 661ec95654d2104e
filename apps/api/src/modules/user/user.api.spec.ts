import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, PROFILE_MESSAGES, SERVER_MESSAGES, USER_MESSAGES } from '@siplog/contracts';
import { insertEstablishment, placeFollows, profileImages, userFollows, users } from '@siplog/db';
import { newClient, registerAccount, type TestAccount } from '../../test/accounts';
import { startTestApp, type TestApp } from '../../test/test-app';

/** A JPEG carrying GPS coordinates in its EXIF, as a phone photo would. */
async function photoWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 900, height: 600, channels: 3, background: '#c58b5a' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneCo' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '30/1 16/1 0/1' } })
    .toBuffer();
}

async function upload(app: TestApp, account: TestAccount | null, file: Buffer | null, data?: string) {
  const form = new FormData();
  if (file) form.append('file', new Blob([new Uint8Array(file)]), 'photo.jpg');
  if (data !== undefined) form.append('data', data);
  const response = await fetch(`${app.baseUrl}/api/user/uploadprofileimages`, {
    method: 'POST',
    headers: account ? account.auth : {},
    body: form,
  });
  return { status: response.status, body: (await response.json()) as any };
}

describe('profiles', () => {
  let app: TestApp;
  let ann: TestAccount;
  let bob: TestAccount;

  beforeAll(async () => {
    app = await startTestApp();
    ann = await registerAccount(app, 'annprof', { firstname: 'Ann', lastname: 'Lee' });
    bob = await registerAccount(app, 'bobprof', { firstname: 'Bob', lastname: 'Ray' });
  });
  afterAll(() => app.close());

  it('loads the own profile with the spec fields', async () => {
    const response = await app.post('/api/user/loadprofile', { email: ann.email }, ann.auth);
    expect(response.body).toEqual({
      status: 200,
      user: {
        email: ann.email,
        username: 'annprof',
        first_name: 'Ann',
        last_name: 'Lee',
        bio: '',
        current_fav_order: '',
        gender: '',
        profile_images: [],
        followers: [],
        following: [],
        following_places: [],
        number_of_posts: 0,
        must_change_password: false,
        approve_followers: false,
      },
    });
  });

  it('shows public profiles without anything private, by username or by full name', async () => {
    const byUsername = await app.post('/api/user/loadpublicprofile', { username: 'AnnProf' });
    expect(byUsername.status).toBe(200);
    const text = JSON.stringify(byUsername.body);
    for (const secret of [ann.email, '512-555', '78701', 'argon2', 'password']) expect(text).not.toContain(secret);
    expect(Object.keys(byUsername.body.user).sort()).toEqual(
      ['bio', 'current_fav_order', 'first_name', 'followers', 'following', 'last_name', 'number_of_posts', 'profile_images', 'username'].sort(),
    );
    const byName = await app.post('/api/user/loaduserbyname', { name: '  ann   LEE ' }, bob.auth);
    expect(byName.body.user.username).toBe('annprof');
    expect(Object.keys(byName.body.user).sort()).toEqual(Object.keys(byUsername.body.user).sort());
    expect((await app.post('/api/user/loaduserbyname', { name: 'Ann Lee' })).status).toBe(401);
    expect((await app.post('/api/user/loaduserbyname', { name: 'Nobody Here' }, bob.auth)).body).toEqual({ status: 404, msg: USER_MESSAGES.notFound });
    expect((await app.post('/api/user/loadpublicprofile', { username: 'nobodyhere' })).body).toEqual({ status: 404, msg: USER_MESSAGES.notFound });
  });

  it('updates the favourite order up to 150 characters', async () => {
    const order = 'Iced oat latte, '.repeat(10).slice(0, LIMITS.favoriteOrderMax);
    const saved = await app.post('/api/user/updatecurrentfavorder', { email: ann.email, current_fav_order: order }, ann.auth);
    expect(saved.body).toEqual({ status: 200, msg: PROFILE_MESSAGES.favoriteOrderUpdated.body });
    const tooLong = await app.post('/api/user/updatecurrentfavorder', { current_fav_order: order + 'x' }, ann.auth);
    expect(tooLong.status).toBe(400);
    expect((await app.post('/api/user/loadpublicprofile', { username: 'annprof' })).body.user.current_fav_order).toBe(order);
  });

  it('updates gender and bio', async () => {
    expect((await app.post('/api/user/updateprofiledetails', { gender: 'Female', bio: 'Matcha person.' }, ann.auth)).status).toBe(200);
    expect((await app.post('/api/user/updateprofiledetails', { gender: 'Robot' }, ann.auth)).status).toBe(400);
    const profile = (await app.post('/api/user/loadprofile', {}, ann.auth)).body.user;
    expect(profile).toMatchObject({ gender: 'Female', bio: 'Matcha person.' });
  });

  it("turns 'Approve followers' on and off, over REST and tRPC, for the signed-in person only (issue 30)", async () => {
    const own = async (account: TestAccount) => (await app.post('/api/user/loadprofile', {}, account.auth)).body.user.approve_followers;
    expect(await own(ann)).toBe(false);
    const on = await app.post('/api/user/approvefollowers', { approve_followers: true }, ann.auth);
    expect(on.body).toEqual({ status: 200, approve_followers: true, msg: USER_MESSAGES.approveFollowersOn });
    expect(await own(ann)).toBe(true);
    expect(await own(bob)).toBe(false);
    const off = await app.trpc('mutation', 'user.setApproveFollowers', { approve_followers: false }, ann.auth);
    expect(off.data).toEqual({ status: 200, approve_followers: false, msg: USER_MESSAGES.approveFollowersOff });
    expect(await own(ann)).toBe(false);

    const bad = await app.post('/api/user/approvefollowers', { approve_followers: 'yes' }, ann.auth);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('approve_followers must be true or false.');
    expect((await app.post('/api/user/approvefollowers', {}, ann.auth)).status).toBe(400);
    expect((await app.post('/api/user/approvefollowers', { approve_followers: true })).status).toBe(401);
    expect((await app.post('/api/user/approvefollowers', { email: ann.email, approve_followers: true }, bob.auth)).status).toBe(403);
    expect(await own(ann)).toBe(false);
  });

  it("cannot read or change another person's profile through the body fields", async () => {
    expect((await app.post('/api/user/loadprofile', { email: ann.email }, bob.auth)).status).toBe(403);
    const hijack = await app.post('/api/user/updatecurrentfavorder', { email: ann.email, current_fav_order: 'pwned' }, bob.auth);
    expect(hijack.status).toBe(403);
    expect((await app.post('/api/user/deleteprofileimage', { email: ann.email }, bob.auth)).status).toBe(403);
    expect((await upload(app, bob, await photoWithGps(), JSON.stringify({ email: ann.email, filetype: 'image' }))).status).toBe(403);
    for (const route of ['/api/user/loadprofile', '/api/user/updatecurrentfavorder', '/api/user/deleteprofileimage', '/api/user/followuser']) {
      expect((await app.post(route, {})).status, route).toBe(401);
    }
    expect((await app.post('/api/user/loadpublicprofile', { username: 'annprof' })).body.user.current_fav_order).not.toBe('pwned');
  });
});

describe('profile images', () => {
  let app: TestApp;
  let ann: TestAccount;

  beforeAll(async () => {
    app = await startTestApp();
    ann = await registerAccount(app, 'annimg');
  });
  afterAll(() => app.close());

  it('re-encodes an upload to WebP without its metadata, with a small variant, and serves it with long caching', async () => {
    const response = await upload(app, ann, await photoWithGps(), JSON.stringify({ email: ann.email, filetype: 'image' }));
    expect(response.body).toEqual({ status: 200, msg: PROFILE_MESSAGES.imageUploaded.body, profile_images: [expect.stringMatching(/^[a-f0-9]{32}\.webp$/)] });
    const [fileName] = response.body.profile_images;

    const stored = path.join(app.config.mediaDir, 'profileimages', fileName);
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect((await sharp(stored.replace('.webp', '.thumb.webp')).metadata()).width).toBeLessThanOrEqual(400);

    const served = await fetch(`${app.baseUrl}/api/showimage/image/profileimages/${fileName}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toContain('immutable');
    const byUsername = await fetch(`${app.baseUrl}/api/showimage/profileimage/annimg?size=thumb`);
    expect(byUsername.status).toBe(200);
    expect((await sharp(Buffer.from(await byUsername.arrayBuffer())).metadata()).width).toBeLessThanOrEqual(400);
  });

  it('replaces the previous image and removes its files', async () => {
    const first = (await upload(app, ann, await photoWithGps())).body.profile_images[0];
    const second = (await upload(app, ann, await photoWithGps())).body.profile_images[0];
    expect(first).not.toBe(second);
    expect(fs.existsSync(path.join(app.config.mediaDir, 'profileimages', first))).toBe(false);
    const rows = await app.data.select().from(profileImages).innerJoin(users, eq(users.id, profileImages.userId)).where(eq(users.username, 'annimg'));
    expect(rows.map((row) => row.profile_images.fileName)).toEqual([second]);
  });

  it('refuses a file that is not an image, whatever its name says, and a missing file', async () => {
    const fake = await upload(app, ann, Buffer.from('<?php echo "hi"; ?>'.repeat(20)));
    expect(fake).toEqual({ status: 400, body: { status: 400, msg: PROFILE_MESSAGES.invalidFileType.body } });
    expect(await upload(app, ann, null)).toEqual({ status: 400, body: { status: 400, msg: PROFILE_MESSAGES.noFile.body } });
    expect((await upload(app, ann, await photoWithGps(), '{not json')).status).toBe(400);
  });

  it('refuses an anonymous upload with 401 before receiving its file', async () => {
    const big = Buffer.alloc(LIMITS.profileImageBytesMax - 1000, 1);
    expect(await upload(app, null, big)).toEqual({ status: 401, body: { status: 401, msg: SERVER_MESSAGES.unauthorized } });
  });

  it('refuses an image that declares more than 100 megapixels, however small the file', async () => {
    const bomb = await sharp({ create: { width: 10_200, height: 10_200, channels: 3, background: '#000000' } }).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(LIMITS.profileImageBytesMax);
    expect(await upload(app, ann, bomb)).toEqual({ status: 400, body: { status: 400, msg: SERVER_MESSAGES.imageTooManyPixels } });
  });

  it('stops receiving a file over 12,000,000 bytes', async () => {
    const huge = Buffer.alloc(LIMITS.profileImageBytesMax + 1, 1);
    expect(await upload(app, ann, huge)).toEqual({ status: 413, body: { status: 413, msg: PROFILE_MESSAGES.fileTooLarge.body } });
  });

  it('deletes the image, after which the avatar falls back to no-image', async () => {
    await upload(app, ann, await photoWithGps());
    expect((await app.post('/api/user/deleteprofileimage', {}, ann.auth)).status).toBe(200);
    expect((await app.post('/api/user/loadprofile', {}, ann.auth)).body.user.profile_images).toEqual([]);
    const avatar = await fetch(`${app.baseUrl}/api/showimage/profileimage/annimg`);
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get('content-disposition')).toContain('no-image.webp');
    // The avatar URL follows uploads, so even its fallback is cached only briefly.
    expect(avatar.headers.get('cache-control')).toBe('public, max-age=60');
    expect(fs.readdirSync(path.join(app.config.mediaDir, 'profileimages'))).toEqual([]);
  });

  it('never serves anything outside the media folder', async () => {
    for (const probe of [
      '/api/showimage/image/profileimages/..%2F..%2Fapp.db',
      '/api/showimage/image/..%2F..%2F/jwt-secret',
      '/api/showimage/image/logs/application.log',
      '/api/showimage/image/postimages/%2e%2e%2fjwt-secret',
      '/api/showimage/image/profileimages/../../jwt-secret',
    ]) {
      const response = await fetch(app.baseUrl + probe);
      const body = Buffer.from(await response.arrayBuffer());
      // The secret itself (kept in DATA_DIR/jwt-secret on SQLite, given as JWT_SECRET on PostgreSQL).
      expect(body.toString('latin1'), probe).not.toContain(Buffer.from(app.config.jwtSecret).toString('utf8'));
      expect(body.subarray(0, 16).toString('latin1'), probe).not.toContain('SQLite');
    }
  });
});

describe('following people', () => {
  let app: TestApp;
  let ann: TestAccount;
  let bob: TestAccount;

  beforeAll(async () => {
    app = await startTestApp();
    ann = await registerAccount(app, 'annfol');
    bob = await registerAccount(app, 'bobfol');
  });
  afterAll(() => app.close());

  const followersOf = async (username: string) => (await app.post('/api/user/loadpublicprofile', { username })).body.user.followers;

  it('follows and unfollows, with the status the follow button reads', async () => {
    expect((await app.post('/api/user/isUserFollowed', { targetusername: 'bobfol' }, ann.auth)).body).toEqual({ followed: false });
    expect((await app.post('/api/user/followuser', { currentusername: 'annfol', targetusername: 'bobfol' }, ann.auth)).body).toEqual({ status: 200, followed: true });
    expect((await app.post('/api/user/isUserFollowed', { currentusername: 'annfol', targetusername: 'bobfol' }, ann.auth)).body).toEqual({ followed: true });
    expect(await followersOf('bobfol')).toEqual(['annfol']);
    expect((await app.post('/api/user/loadprofile', {}, ann.auth)).body.user.following).toEqual(['bobfol']);
    expect((await app.post('/api/user/unfollowuser', { targetusername: 'bobfol' }, ann.auth)).body).toEqual({ status: 200, followed: false });
    expect(await followersOf('bobfol')).toEqual([]);
  });

  it('keeps counts exact under repeated and concurrent clicks', async () => {
    await Promise.all(Array.from({ length: 12 }, () => app.post('/api/user/followuser', { targetusername: 'bobfol' }, ann.auth)));
    await app.post('/api/user/followuser', { targetusername: 'bobfol' }, ann.auth);
    expect(await followersOf('bobfol')).toEqual(['annfol']);
    expect(await app.data.select().from(userFollows)).toHaveLength(1);
  });

  it('refuses following oneself, unknown people, and acting as someone else', async () => {
    expect((await app.post('/api/user/followuser', { targetusername: 'annfol' }, ann.auth)).body).toEqual({ status: 400, msg: USER_MESSAGES.cannotFollowSelf });
    expect((await app.post('/api/user/followuser', { targetusername: 'ghostly' }, ann.auth)).status).toBe(404);
    for (const route of ['/api/user/followuser', '/api/user/unfollowuser', '/api/user/isUserFollowed']) {
      const spoof = await app.post(route, { currentusername: 'annfol', targetusername: 'bobfol' }, bob.auth);
      expect(spoof.status, route).toBe(403);
    }
    expect(await followersOf('bobfol')).toEqual(['annfol']);
  });

  it('lists followed places in the following list as place:{id};{name}', async () => {
    const annId = (await app.data.select().from(users).where(eq(users.username, 'annfol')))[0]!.id;
    const place = await insertEstablishment(app.data, { placeId: 'test:1', name: 'Bean There Cafe', lat: 30.27, lng: -97.74 });
    await app.data.insert(placeFollows).values({ userId: annId, establishmentId: place.id });
    const profile = (await app.post('/api/user/loadprofile', {}, ann.auth)).body.user;
    expect(profile.following).toEqual(['bobfol', `place:${place.id};Bean There Cafe`]);
    expect(profile.following_places).toEqual([place.id]);
  });
});

describe('searching people and places', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
    await registerAccount(app, 'maria', { firstname: 'Maria', lastname: 'Gomez' });
    await registerAccount(app, 'mario', { firstname: 'Mario', lastname: 'Rossi' });
    await registerAccount(app, 'percent', { firstname: 'Pat', lastname: 'Cent' });
    await insertEstablishment(app.data, { placeId: 'test:mar', name: 'Marigold Tea House', lat: 30.27, lng: -97.74 });
  });
  afterAll(() => app.close());

  const search = (searchString: string) => app.post('/api/user/searchusersorplaces', { searchString }, newClient());

  it('finds people by username or name and places by name, with at least 3 characters', async () => {
    const result = (await search('MAR')).body.searchresult;
    expect(result.map((entry: { username: string }) => entry.username)).toEqual(['maria', 'mario', expect.stringMatching(/^place:\d+;Marigold Tea House$/)]);
    expect((await search('gomez')).body.searchresult.map((entry: { username: string }) => entry.username)).toEqual(['maria']);
    expect((await search('ma')).status).toBe(400);
    expect(JSON.stringify((await search('mar')).body)).not.toContain('@example.com');
  });

  it('matches % and _ literally', async () => {
    expect((await search('%%%')).body.searchresult).toEqual([]);
    expect((await search('___')).body.searchresult).toEqual([]);
  });
});
