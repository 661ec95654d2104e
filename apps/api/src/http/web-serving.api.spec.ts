import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount } from '../test/accounts';
import { startTestApp, type TestApp } from '../test/test-app';

/** The web app's public folder: Vite copies it into the build as it is, so these are the files production serves. */
const webPublic = path.resolve(__dirname, '../../../web/public');
const SOURCE_MAP = '{"version":3,"sources":["../../src/secret.ts"],"mappings":""}';

/** What a web build holds besides the test app's shell: a source map beside its script, and the public files. */
function addBuildFiles(app: TestApp): void {
  const dist = app.config.webDistDir;
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js.map'), SOURCE_MAP);
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js.map.gz'), zlib.gzipSync(SOURCE_MAP));
  for (const file of ['robots.txt', 'favicon.ico', 'favicon.svg']) fs.copyFileSync(path.join(webPublic, file), path.join(dist, file));
  // The installable app (issue 19): the icons are public files; the manifest and the worker are written by the build.
  fs.cpSync(path.join(webPublic, 'icons'), path.join(dist, 'icons'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), JSON.stringify(MANIFEST));
  fs.writeFileSync(path.join(dist, 'sw.js'), SERVICE_WORKER);
}

const MANIFEST = {
  name: 'Siplog',
  start_url: '/',
  display: 'standalone',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};
const SERVICE_WORKER = "self.addEventListener('fetch', () => {});";

describe('the page HTML links its screen chunks, so they load beside the entry', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
    const dist = app.config.webDistDir;
    // Written after start: the server reads the shell again when it changes, as after a rebuild.
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><title>Siplog test shell</title><script type="module" crossorigin src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>',
    );
    fs.writeFileSync(
      path.join(dist, 'route-preloads.json'),
      JSON.stringify({
        login: { js: ['/assets/LoginPage-1.js', '/assets/index-1.js'], css: ['/assets/PasswordField-1.css'] },
        view: { js: ['/assets/ViewPage-1.js', '"><script>alert(1)</script>'], css: [] },
      }),
    );
  });
  afterAll(() => app?.close());

  it("adds a page's own chunks and stylesheets to its head, once, and nothing to other pages", async () => {
    const login = await (await fetch(`${app.baseUrl}/login`)).text();
    expect(login).toContain('<link rel="modulepreload" crossorigin href="/assets/LoginPage-1.js">');
    expect(login).toContain('<link rel="stylesheet" crossorigin href="/assets/PasswordField-1.css">');
    expect(login.split('/assets/index-1.js').length - 1).toBe(1);
    expect(login.indexOf('LoginPage-1.js')).toBeLessThan(login.indexOf('</head>'));

    const view = await (await fetch(`${app.baseUrl}/view/12`)).text();
    expect(view).toContain('/assets/ViewPage-1.js');
    expect(view).not.toContain('<script>alert');

    for (const route of ['/contact', '/nope']) expect(await (await fetch(app.baseUrl + route)).text(), route).not.toContain('modulepreload');
  });

  it("answers a public profile's data with its HTML, under the page's own query inputs, as inert JSON", async () => {
    const person = await registerAccount(app, 'seededperson');
    const bio = 'Hi </script><script>alert(1)</script> & \u2028 bye';
    expect((await app.post('/api/user/updateprofiledetails', { gender: '', bio }, person.auth)).status).toBe(200);

    const html = await (await fetch(`${app.baseUrl}/user/SeededPerson`)).text();
    expect(html).not.toContain('<script>alert(1)');
    const json = /<script type="application\/json" id="siplog-data">(.*?)<\/script>/s.exec(html)?.[1];
    expect(json).toBeTruthy();
    const seeded = JSON.parse(json!) as { path: string; input: unknown; data: unknown }[];
    expect(seeded.map(({ path }) => path)).toEqual(['user.publicProfile', 'post.fiveStarOrders', 'post.recentOrders']);
    const profile = await app.trpc('query', 'user.publicProfile', { username: 'seededperson' });
    expect(seeded[0]).toEqual({ path: 'user.publicProfile', input: { username: 'seededperson' }, data: profile.data });
    expect((seeded[0].data as { user: { bio: string } }).user.bio).toBe(bio);

    // Nobody there, or a place that does not exist: the page asks for itself (and shows not found).
    for (const route of ['/user/nobody-here', '/view/987654', '/contact']) expect(await (await fetch(app.baseUrl + route)).text(), route).not.toContain('siplog-data');
  });

  it("allows the build's inline scripts by hash in its pages' CSP, never a page's data, and nothing inline elsewhere", async () => {
    const dist = app.config.webDistDir;
    const indexFile = path.join(dist, 'index.html');
    const before = fs.readFileSync(indexFile, 'utf8');
    const theme = "document.documentElement.dataset.theme='dark'";
    try {
      fs.writeFileSync(indexFile, before.replace('<title>', `<script>${theme}</script><script type="application/json">{"a":1}</script><title>`));
      // A rebuild is read again: bump the time, as a build a moment later would.
      fs.utimesSync(indexFile, new Date(), new Date(Date.now() + 5000));
      const hash = `'sha256-${crypto.createHash('sha256').update(theme).digest('base64')}'`;
      await registerAccount(app, 'themeperson');
      const page = await fetch(`${app.baseUrl}/user/themeperson`);
      const html = await page.text();
      expect(html).toContain(`<script>${theme}</script>`);
      expect(html).toContain('siplog-data');
      const csp = page.headers.get('content-security-policy') ?? '';
      const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1].trim();
      // Only the theme script's hash: not the JSON script's, nor the page data's.
      expect(scriptSrc).toBe(`'self' ${hash}`);
      expect(csp).not.toMatch(/unsafe-inline[^;]*;[^;]*script-src|script-src[^;]*unsafe-inline/);
      for (const route of ['/api/health', '/trpc/map.config']) {
        const other = (await fetch(app.baseUrl + route)).headers.get('content-security-policy') ?? '';
        expect(other, route).toContain("script-src 'self';");
        expect(other, route).not.toContain('sha256');
      }
    } finally {
      fs.writeFileSync(indexFile, before);
      fs.utimesSync(indexFile, new Date(), new Date(Date.now() + 10_000));
    }
  });

  it('answers a repeat visit with 304 by ETag', async () => {
    const first = await fetch(`${app.baseUrl}/login`);
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    // fetch adds Cache-Control: no-cache to a conditional request unless one is given, as a browser revalidating does not.
    const again = await fetch(`${app.baseUrl}/login`, { headers: { 'If-None-Match': etag!, 'Cache-Control': 'max-age=0' } });
    expect(again.status).toBe(304);
  });
});

describe('serving the web build (issue 11, findings 4 and 5)', () => {
  let app: TestApp;
  let withMaps: TestApp;
  beforeAll(async () => {
    [app, withMaps] = await Promise.all([startTestApp(), startTestApp({ SERVE_SOURCE_MAPS: 'true' })]);
    addBuildFiles(app);
    addBuildFiles(withMaps);
  });
  afterAll(() => Promise.all([app?.close(), withMaps?.close()]));

  it('keeps the source maps to itself unless SERVE_SOURCE_MAPS=true', async () => {
    for (const route of ['/assets/app-abc123.js.map', '/assets/app-abc123.js.ma%70', '/assets/app-abc123.js.map.gz', '/assets/APP-abc123.js.MAP']) {
      for (const encoding of ['gzip, br', 'identity']) {
        const response = await fetch(app.baseUrl + route, { headers: { 'Accept-Encoding': encoding } });
        expect(response.status, `${route} ${encoding}`).toBe(404);
        const body = await response.text();
        expect(body, route).not.toContain('secret.ts');
        expect(body, route).not.toContain('Siplog test shell');
      }
    }
    // The script itself is still served.
    expect((await fetch(`${app.baseUrl}/assets/app-abc123.js`)).status).toBe(200);

    const served = await fetch(`${withMaps.baseUrl}/assets/app-abc123.js.map`);
    expect(served.status).toBe(200);
    expect(await served.text()).toBe(SOURCE_MAP);
  });

  it('sends a Permissions-Policy that denies what no page uses and keeps geolocation for the map', async () => {
    for (const route of ['/', '/login', '/api/health', '/assets/app-abc123.js']) {
      const policy = (await fetch(app.baseUrl + route)).headers.get('permissions-policy') ?? '';
      expect(policy, route).toContain('geolocation=(self)');
      for (const denied of ['camera=()', 'microphone=()', 'payment=()', 'usb=()']) expect(policy, route).toContain(denied);
    }
  });

  it('forbids framing in both headers alike: X-Frame-Options DENY beside frame-ancestors none', async () => {
    const response = await fetch(`${app.baseUrl}/contact`);
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });

  it('serves a real robots.txt: public pages allowed, the API and the operator screen not', async () => {
    const response = await fetch(`${app.baseUrl}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const rules = (await response.text()).split('\n').map((line) => line.trim());
    expect(rules).toContain('User-agent: *');
    for (const path of ['/api', '/trpc', '/admin', '/notifications', '/unsubscribe']) expect(rules).toContain(`Disallow: ${path}`);
    expect(rules).not.toContain('Disallow: /');
  });

  it('serves the web app manifest as application/manifest+json, and its icons as PNG images of their sizes', async () => {
    const response = await fetch(`${app.baseUrl}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as typeof MANIFEST;
    expect(manifest.start_url).toBe('/');
    for (const icon of manifest.icons) {
      const png = await fetch(app.baseUrl + icon.src);
      expect([png.status, png.headers.get('content-type')], icon.src).toEqual([200, 'image/png']);
      const bytes = Buffer.from(await png.arrayBuffer());
      expect(bytes.subarray(0, 8).toString('hex'), icon.src).toBe('89504e470d0a1a0a');
      // IHDR: width and height, big-endian, at bytes 16 and 20.
      const [width] = icon.sizes.split('x').map(Number);
      expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)], icon.src).toEqual([width, width]);
    }
  });

  it('serves the service worker from the root, as JavaScript, asked again on every visit (never cached for long)', async () => {
    const response = await fetch(`${app.baseUrl}/sw.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^(application|text)\/javascript/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toBe(SERVICE_WORKER);
    // The hashed assets beside it are the ones cached for good.
    expect((await fetch(`${app.baseUrl}/assets/app-abc123.js`)).headers.get('cache-control')).toContain('immutable');
  });

  it("lets this origin's workers and manifest in (worker-src, manifest-src), and no one else's", async () => {
    for (const route of ['/', '/login', '/sw.js']) {
      const policy = (await fetch(app.baseUrl + route)).headers.get('content-security-policy') ?? '';
      expect(policy, route).toMatch(/(^|;)\s*worker-src 'self' blob:(;|$)/);
      expect(policy, route).toMatch(/(^|;)\s*manifest-src 'self'(;|$)/);
    }
  });

  it('serves a real favicon.ico (an icon directory with PNG images) and the SVG icon, never the app', async () => {
    const response = await fetch(`${app.baseUrl}/favicon.ico`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/icon/);
    const icon = Buffer.from(await response.arrayBuffer());
    // ICONDIR: reserved 0, type 1 (icon), then the image count; each entry points at a PNG inside the file.
    expect(icon.readUInt16LE(0)).toBe(0);
    expect(icon.readUInt16LE(2)).toBe(1);
    const count = icon.readUInt16LE(4);
    expect(count).toBeGreaterThanOrEqual(1);
    for (let entry = 0; entry < count; entry++) {
      const size = icon.readUInt32LE(6 + 16 * entry + 8);
      const offset = icon.readUInt32LE(6 + 16 * entry + 12);
      expect(offset + size).toBeLessThanOrEqual(icon.length);
      expect(icon.subarray(offset, offset + 8).toString('hex')).toBe('89504e470d0a1a0a');
    }

    const svg = await fetch(`${app.baseUrl}/favicon.svg`);
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await svg.text()).toContain('<svg');
  });
});
