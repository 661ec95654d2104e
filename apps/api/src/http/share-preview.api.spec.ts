import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEstablishment } from '@siplog/db';
import { PublicCacheService } from '../modules/public-cache/public-cache.service';
import { registerAccount, type TestAccount } from '../test/accounts';
import { rawRequest } from '../test/raw-http';
import { postReview } from '../test/reviews';
import { startTestApp, type TestApp } from '../test/test-app';

const SITE = 'https://siplog.example';
const ADMIN_EMAIL = 'previewboss@example.com';
const THEME_SCRIPT = "document.documentElement.dataset.theme='dark'";
/** A shell like the build's: a head with the site's title and description, and an inline script allowed by its hash. */
const SHELL =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" />' +
  '<meta name="description" content="Siplog: find and review coffee, tea and boba places near you." />' +
  `<script>${THEME_SCRIPT}</script><title>Siplog</title></head><body><div id="root"></div>` +
  '<script type="module" crossorigin src="/assets/app-abc123.js"></script></body></html>';

/** Writes the shell into the app's web build; the server reads it again when its time changes, as after a rebuild. */
function useShell(app: TestApp): void {
  const indexFile = path.join(app.config.webDistDir, 'index.html');
  fs.writeFileSync(indexFile, SHELL);
  fs.utimesSync(indexFile, new Date(), new Date(Date.now() + 5000));
}

const decode = (text: string) =>
  text.replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code))).replace(/&(lt|gt|quot|amp|apos);/g, (_, name: string) => ({ lt: '<', gt: '>', quot: '"', amp: '&', apos: "'" })[name]!);

/** The page's Open Graph and Twitter tags, decoded, by property or name (each must appear once). */
function previewTags(html: string): Record<string, string> {
  const head = html.slice(0, html.indexOf('</head>'));
  const tags: Record<string, string> = {};
  for (const [, key, value] of head.matchAll(/<meta (?:property|name)="((?:og|twitter):[^"]+)" content="([^"]*)">/g)) {
    expect(tags[key], `${key} twice`).toBeUndefined();
    tags[key] = decode(value);
  }
  return tags;
}

/** Any Open Graph or Twitter card element. */
const NO_PREVIEW = /<meta (?:property|name)="(?:og|twitter):/;
const titleOf = (html: string) => decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
const descriptionOf = (html: string) => decode(/<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '');

async function page(app: TestApp, route: string, headers: Record<string, string> = {}) {
  const response = await fetch(app.baseUrl + route, { headers });
  const html = await response.text();
  return { status: response.status, html, tags: previewTags(html), csp: response.headers.get('content-security-policy') ?? '' };
}

async function photoOf(app: TestApp, postId: number): Promise<string> {
  const { body } = await app.post('/api/post/loadpost', { postid: postId });
  expect(body.post.images.length).toBeGreaterThan(0);
  return body.post.images[0] as string;
}

async function uploadAvatar(app: TestApp, account: TestAccount): Promise<string> {
  const image = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#36c' } }).jpeg().toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'me.jpg');
  const response = await fetch(`${app.baseUrl}/api/user/uploadprofileimages`, { method: 'POST', headers: account.auth, body: form });
  expect(response.status).toBe(200);
  return ((await response.json()) as { profile_images: string[] }).profile_images[0];
}

describe('share previews: Open Graph and Twitter card tags made on the server (issue 19)', () => {
  let app: TestApp;
  let ann: TestAccount;
  let darkMatter: number;
  let cortado: number;
  let avatar: string;
  const longReview = `${'Silky, balanced and sweet without sugar. '.repeat(5)}☕😀 and more words after the cut`;

  beforeAll(async () => {
    app = await startTestApp({ PUBLIC_URL: `${SITE}/`, ADMIN_EMAILS: ADMIN_EMAIL });
    useShell(app);
    ann = await registerAccount(app, 'annpreview', { firstname: 'Ann', lastname: 'Lee' });
    const place = await insertEstablishment(app.data, {
      placeId: 'siplog:dark-matter',
      name: 'Dark Matter Coffee',
      street: '1117 N Ashland Ave',
      city: 'Chicago',
      state: 'IL',
      zip: '60622',
      country: 'US',
      lat: 41.9,
      lng: -87.67,
    });
    darkMatter = place.id;
    const posted = await postReview(app, ann, { place_id: 'siplog:dark-matter', order: 'Cortado', review: longReview, rating: 5, drink: { kind: 'cortado', milk: 'oat' } });
    expect(posted.status).toBe(200);
    cortado = posted.body.post_id;
    avatar = await uploadAvatar(app, ann);
    expect((await app.post('/api/user/updateprofiledetails', { gender: '', bio: 'Espresso first, questions later.' }, ann.auth)).status).toBe(200);
  });
  afterAll(() => app?.close());

  it("a review's page: its drink, place and stars as the title, its first 200 characters, its first photo at card size", async () => {
    const { status, html, tags } = await page(app, `/post/${cortado}?utm_source=share`);
    expect(status).toBe(200);
    const photo = await photoOf(app, cortado);
    const description = Array.from(longReview).slice(0, 200).join('');
    expect(Array.from(description).length).toBe(200);
    expect(tags).toEqual({
      'og:site_name': 'Siplog',
      'og:type': 'article',
      'og:title': 'Oat milk cortado at Dark Matter Coffee · ★★★★★',
      'og:description': description,
      'og:url': `${SITE}/post/${cortado}`,
      'og:image': `${SITE}/api/showimage/image/postimages/${photo}?size=card`,
      'og:image:alt': 'Oat milk cortado at Dark Matter Coffee · ★★★★★',
      'twitter:card': 'summary_large_image',
      'twitter:title': 'Oat milk cortado at Dark Matter Coffee · ★★★★★',
      'twitter:description': description,
      'twitter:image': `${SITE}/api/showimage/image/postimages/${photo}?size=card`,
    });
    // The page's own title and description say the same, for search engines and plain scrapers.
    expect(titleOf(html)).toBe('Oat milk cortado at Dark Matter Coffee · ★★★★★');
    expect(descriptionOf(html)).toBe(description);
    // The image is there, at that address on this server, at the card's size.
    const image = await fetch(app.baseUrl + new URL(tags['og:image']).pathname + new URL(tags['og:image']).search);
    expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/webp']);
  });

  it("a place's page, by id and by its readable address: its name, address and rating, its newest review photo", async () => {
    const photo = await photoOf(app, cortado);
    const { body } = await app.post('/api/place/loadestablishment', { establishment_id: darkMatter });
    const { slug, rating } = body.establishment as { slug: string; rating: string };
    expect(rating).toBe('5.0');
    const expected = {
      'og:site_name': 'Siplog',
      'og:type': 'website',
      'og:title': 'Dark Matter Coffee',
      'og:description': '1117 N Ashland Ave, Chicago, IL 60622, US · ★ 5.0 from 1 review',
      'og:image': `${SITE}/api/showimage/image/postimages/${photo}?size=card`,
      'og:image:alt': 'Dark Matter Coffee',
      'twitter:card': 'summary_large_image',
      'twitter:title': 'Dark Matter Coffee',
      'twitter:description': '1117 N Ashland Ave, Chicago, IL 60622, US · ★ 5.0 from 1 review',
      'twitter:image': `${SITE}/api/showimage/image/postimages/${photo}?size=card`,
    };
    const byId = await page(app, `/view/${darkMatter}`);
    expect(byId.status).toBe(200);
    expect(byId.tags).toEqual({ ...expected, 'og:url': `${SITE}/view/${darkMatter}` });
    // Its data still comes with it (the place page's own queries).
    expect(byId.html).toContain('id="siplog-data"');
    for (const location of [slug, 'siplog:dark-matter', '41.9,-87.67']) {
      const byLocation = await page(app, `/view/location/${encodeURIComponent(location)}`);
      expect(byLocation.status, location).toBe(200);
      expect(byLocation.tags, location).toEqual({ ...expected, 'og:url': `${SITE}/view/location/${slug}` });
    }
  });

  it("a person's page: their name, bio and number of reviews, their profile photo", async () => {
    const { status, tags, html } = await page(app, '/user/AnnPreview');
    expect(status).toBe(200);
    expect(tags).toEqual({
      'og:site_name': 'Siplog',
      'og:type': 'profile',
      'og:title': 'Ann Lee (@annpreview)',
      'og:description': 'Espresso first, questions later. · 1 review',
      'og:url': `${SITE}/user/annpreview`,
      'og:image': `${SITE}/api/showimage/image/profileimages/${avatar}`,
      'og:image:alt': 'Ann Lee (@annpreview)',
      'twitter:card': 'summary_large_image',
      'twitter:title': 'Ann Lee (@annpreview)',
      'twitter:description': 'Espresso first, questions later. · 1 review',
      'twitter:image': `${SITE}/api/showimage/image/profileimages/${avatar}`,
    });
    expect(titleOf(html)).toBe('Ann Lee (@annpreview)');
    expect((await fetch(`${app.baseUrl}/api/showimage/image/profileimages/${avatar}`)).status).toBe(200);
  });

  it("keeps a person's whole description to 200 characters, their review count included, with a bio at its longest", async () => {
    const bea = await registerAccount(app, 'longbioprev', { firstname: 'Bea', lastname: 'Long' });
    // A place of its own, so the other tests' counts at Dark Matter stay theirs.
    await insertEstablishment(app.data, { placeId: 'siplog:long-bio-cafe', name: 'Long Bio Cafe', street: '1 W Lake St', city: 'Chicago', state: 'IL', zip: '60601', country: 'US', lat: 41.88, lng: -87.63 });
    for (const review of ['First cup.', 'Second cup.']) {
      expect((await postReview(app, bea, { place_id: 'siplog:long-bio-cafe', order: 'Latte', review, rating: 4 })).status).toBe(200);
    }
    // The longest bio (300 UTF-16 units), an emoji across the 188th unit, where the cut falls: it stays whole.
    const bio = `${'Pour-over devotee, '.repeat(9)}${'y'.repeat(16)}🧋${'x'.repeat(111)}`;
    expect(bio).toHaveLength(300);
    expect((await app.post('/api/user/updateprofiledetails', { gender: '', bio }, bea.auth)).status).toBe(200);

    const { status, tags, html } = await page(app, '/user/longbioprev');
    expect(status).toBe(200);
    const description = tags['og:description'];
    expect(Array.from(description).length).toBeLessThanOrEqual(200);
    expect(description).toMatch(/^Pour-over devotee, .* · 2 reviews$/u);
    expect(description).toMatch(/y🧋 · 2 reviews$/u);
    expect(bio.startsWith(description.slice(0, -' · 2 reviews'.length))).toBe(true);
    expect(tags['twitter:description']).toBe(description);
    expect(descriptionOf(html)).toBe(description);
  });

  it('escapes every text: markup, quotes and ampersands stay text, emoji stay whole, and the CSP allows only the build\'s script', async () => {
    const mallory = await registerAccount(app, 'malloryprev', { firstname: '"><img/x>', lastname: `<b>"&'</b>` });
    const review = `"><script>alert(1)</script> it's "great" & <b>bold</b> 🧋✨ '; x="`;
    const order = `<i>Latte</i> "big" & 'hot'`;
    const posted = await postReview(app, mallory, { place_id: 'siplog:dark-matter', order, review, rating: 3 });
    expect(posted.status).toBe(200);
    expect((await app.post('/api/user/updateprofiledetails', { gender: '', bio: `</title><script>alert(2)</script>"'&` }, mallory.auth)).status).toBe(200);

    const shellHash = `'sha256-${crypto.createHash('sha256').update(THEME_SCRIPT).digest('base64')}'`;
    for (const route of [`/post/${posted.body.post_id}`, '/user/malloryprev', `/view/${darkMatter}`]) {
      const { status, html, tags, csp } = await page(app, route);
      expect(status, route).toBe(200);
      // No text a person wrote opens an element: the only scripts are the shell's own (and the inert page data).
      expect(html, route).not.toMatch(/<script>alert|<b>|<i>|<img\/x|<\/title><script/);
      const scripts = (html.match(/<script\b[^>]*>/g) ?? []).sort();
      const inert = html.includes('id="siplog-data"') ? ['<script type="application/json" id="siplog-data">'] : [];
      expect(scripts, route).toEqual(['<script>', '<script type="module" crossorigin src="/assets/app-abc123.js">', ...inert].sort());
      expect(html.split(`<script>${THEME_SCRIPT}</script>`).length, route).toBe(2);
      // The policy allows the build's inline script by its hash, and nothing from the page's data.
      expect(/(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1].trim(), route).toBe(`'self' ${shellHash}`);
      // Every attribute value is closed where it should be: the meta elements parse back to the very texts.
      if (route.startsWith('/post/')) {
        expect(tags['og:title'], route).toBe(`${order} at Dark Matter Coffee · ★★★`);
        expect(tags['og:description'], route).toBe(review);
        expect(titleOf(html), route).toBe(`${order} at Dark Matter Coffee · ★★★`);
      } else if (route.startsWith('/user/')) {
        expect(tags['og:title'], route).toBe(`"><img/x> <b>"&'</b> (@malloryprev)`);
        expect(tags['og:description'], route).toBe(`</title><script>alert(2)</script>"'& · 1 review`);
      } else {
        expect(tags['og:description'], route).toContain('from 2 reviews');
      }
    }
  });

  it('answers 404 with no preview for a review, place or person that is not there, or an id that names nothing', async () => {
    for (const route of ['/post/987654', '/post/0', '/post/abc', '/post/99999999999', '/view/987654', '/view/99999999999', '/view/location/no-such-cafe', '/view/location/x%00y', '/user/nobody-here', '/user/x%00y', '/user/x%0Ay']) {
      const { status, html } = await page(app, route);
      expect(status, route).toBe(404);
      expect(html, route).not.toMatch(NO_PREVIEW);
      expect(titleOf(html), route).toBe('Siplog');
      expect(html, route).not.toContain('siplog-data');
    }
    // A path that is not even a valid URL (a broken escape): refused before any page is made.
    for (const route of ['/post/%E0%A4%A', '/view/location/%E0%A4%A', '/user/%E0%A4%A']) {
      const { status, html } = await page(app, route);
      expect(status, route).toBe(400);
      expect(html, route).not.toMatch(NO_PREVIEW);
    }
    // Pages that name no review, place or person carry no preview, and are found as before.
    for (const route of ['/', '/login', '/view/chicago']) {
      const { status, html } = await page(app, route);
      expect(status, route).toBe(200);
      expect(html, route).not.toMatch(NO_PREVIEW);
    }
  });

  it("follows an edit: the kept page changes with the review, the person's bio and photo, and the place's newest photo", async () => {
    const cache = app.get(PublicCacheService);
    const route = `/post/${cortado}`;
    await page(app, route);
    const hitsBefore = cache.stats().hits;
    expect((await page(app, route)).tags['og:title']).toBe('Oat milk cortado at Dark Matter Coffee · ★★★★★');
    // Kept: the second visit was answered from the public cache.
    expect(cache.stats().hits).toBe(hitsBefore + 1);

    const edit = { postid: cortado, order: 'Cortado', review: 'Changed my mind: a little bitter.', rating: 3, drink: { kind: 'cortado', milk: 'whole', temperature: 'iced' } };
    expect((await app.post('/api/post/updatepost', edit, ann.auth)).status).toBe(200);
    const edited = await page(app, route);
    expect(edited.tags['og:title']).toBe('Iced whole milk cortado at Dark Matter Coffee · ★★★');
    expect(edited.tags['og:description']).toBe('Changed my mind: a little bitter.');
    // Signed out and kept, or with a token and never kept: the same page.
    expect(edited.html).toBe((await page(app, route, ann.auth)).html);

    await page(app, '/user/annpreview');
    expect((await app.post('/api/user/updateprofiledetails', { gender: '', bio: 'Now a tea person.' }, ann.auth)).status).toBe(200);
    expect((await page(app, '/user/annpreview')).tags['og:description']).toBe('Now a tea person. · 1 review');
    const newAvatar = await uploadAvatar(app, ann);
    expect(newAvatar).not.toBe(avatar);
    expect((await page(app, '/user/annpreview')).tags['og:image']).toBe(`${SITE}/api/showimage/image/profileimages/${newAvatar}`);

    const placeRoute = `/view/${darkMatter}`;
    await page(app, placeRoute);
    const newer = await postReview(app, ann, { place_id: 'siplog:dark-matter', order: 'Flat white', review: 'Fine', rating: 4 });
    expect(newer.status).toBe(200);
    const newerPhoto = await photoOf(app, newer.body.post_id);
    expect((await page(app, placeRoute)).tags['og:image']).toBe(`${SITE}/api/showimage/image/postimages/${newerPhoto}?size=card`);
  });

  describe("a deactivated, suspended or deleted person's pages carry no preview", () => {
    const leave = {
      deactivated: (account: TestAccount) => app.post('/api/user/deactivateaccount', { password: account.password }, account.auth),
      suspended: async (account: TestAccount) => {
        const admin = await registerAccount(app, 'previewboss', { email: ADMIN_EMAIL });
        return app.post('/api/admin/suspenduser', { email: account.email, reason: 'Spam' }, admin.auth);
      },
      deleted: (account: TestAccount) => app.post('/api/user/deleteaccount', { password: account.password }, account.auth),
    };

    for (const [how, act] of Object.entries(leave)) {
      it(`${how}: their review and profile pages answer 404 without tags, and the place's preview no longer shows their photo`, async () => {
        const person = await registerAccount(app, `gone${how.slice(0, 6)}`);
        const placeId = `siplog:gone-${how}`;
        const place = await insertEstablishment(app.data, { placeId, name: `Quiet ${how} cafe`, lat: 40, lng: -80 });
        const posted = await postReview(app, person, { place_id: placeId, order: 'Mocha', review: 'Mine', rating: 4 });
        expect(posted.status).toBe(200);
        const photo = await photoOf(app, posted.body.post_id);
        const routes = [`/post/${posted.body.post_id}`, `/user/gone${how.slice(0, 6)}`];
        // Seen (and kept) before.
        for (const route of routes) expect((await page(app, route)).tags['og:title'], route).toBeTruthy();
        expect((await page(app, `/view/${place.id}`)).tags['og:image']).toContain(photo);

        expect((await act(person)).status).toBe(200);
        for (const route of routes) {
          const { status, html } = await page(app, route);
          expect(status, `${how} ${route}`).toBe(404);
          expect(html, `${how} ${route}`).not.toMatch(NO_PREVIEW);
          expect(html, `${how} ${route}`).not.toContain(photo);
        }
        const placePage = await page(app, `/view/${place.id}`);
        expect(placePage.status).toBe(200);
        expect(placePage.tags['og:image']).toBeUndefined();
        expect(placePage.html).not.toContain(photo);
      });
    }
  });
});

describe('share previews without PUBLIC_URL: absolute URLs only for a loopback Host', () => {
  let app: TestApp;
  let postId: number;

  beforeAll(async () => {
    app = await startTestApp();
    useShell(app);
    const bea = await registerAccount(app, 'beapreview');
    await insertEstablishment(app.data, { placeId: 'siplog:loop-cafe', name: 'Loop Cafe', lat: 41, lng: -87 });
    const posted = await postReview(app, bea, { place_id: 'siplog:loop-cafe', order: 'Drip', review: 'Plain and good', rating: 4 });
    expect(posted.status).toBe(200);
    postId = posted.body.post_id;
  });
  afterAll(() => app?.close());

  it("takes the request's loopback Host, keeps pages per Host, and gives a forged Host no URL at all", async () => {
    const route = `/post/${postId}`;
    const port = new URL(app.baseUrl).port;
    const get = async (host: string) => {
      const answer = await rawRequest(app.baseUrl, { path: route, headers: { Host: host } });
      expect(answer.status, host).toBe(200);
      return previewTags(answer.text);
    };
    for (let round = 0; round < 2; round++) {
      // Twice each, in turns: the second round comes from the cache, which must not mix the Hosts up.
      const loopback = await get(`127.0.0.1:${port}`);
      expect(loopback['og:url']).toBe(`http://127.0.0.1:${port}${route}`);
      expect(loopback['og:image']).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/api/showimage/image/postimages/[^/?]+\\?size=card$`));
      expect((await get(`localhost:${port}`))['og:url']).toBe(`http://localhost:${port}${route}`);

      const forged = await get('evil.example');
      expect(forged['og:title']).toBe('Drip at Loop Cafe · ★★★★');
      expect(forged['og:description']).toBe('Plain and good');
      expect(forged['twitter:card']).toBe('summary_large_image');
      expect(Object.keys(forged).filter((key) => key.endsWith(':url') || key.endsWith(':image'))).toEqual([]);
      expect(JSON.stringify(forged)).not.toContain('evil.example');
    }
  });
});
