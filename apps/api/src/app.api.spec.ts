import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './test/test-app';

describe('the app shell over HTTP', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('reports health once migrations have run', async () => {
    const response = await fetch(`${app.baseUrl}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('answers unknown /api paths with a JSON 404, never the web app', async () => {
    for (const route of ['/api/nope', '/api/user/nope', '/api']) {
      const response = await fetch(app.baseUrl + route);
      expect(response.status, route).toBe(404);
      expect(await response.json()).toEqual({ status: 404, msg: 'Not found' });
    }
    const post = await app.post('/api/post/nope', {});
    expect(post.status).toBe(404);
  });

  it('serves the web app with SPA fallback for client routes', async () => {
    for (const route of ['/', '/contact', '/view/wicker-park', '/testfeed']) {
      const response = await fetch(app.baseUrl + route);
      expect(response.status, route).toBe(200);
      expect(await response.text()).toContain('Siplog test shell');
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('answers a page of a review, place or person that does not exist with 404, still with the app shell (issue 19)', async () => {
    for (const route of ['/user/someone', '/view/12', '/view/location/some-place', '/post/12']) {
      const response = await fetch(app.baseUrl + route);
      expect(response.status, route).toBe(404);
      expect(await response.text()).toContain('Siplog test shell');
    }
  });

  it('answers paths that are no page with 404, still with the app shell that shows the not-found page', async () => {
    for (const route of ['/nope', '/user/someone/extra', '/view', '/admin', '/robots.txt']) {
      const response = await fetch(app.baseUrl + route);
      expect(response.status, route).toBe(404);
      expect(await response.text()).toContain('Siplog test shell');
    }
  });

  it('serves the favicon as an icon, not as the app', async () => {
    const response = await fetch(`${app.baseUrl}/favicon.ico`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/icon/);
  });

  it('lets fingerprinted assets be cached for good', async () => {
    const response = await fetch(`${app.baseUrl}/assets/app-abc123.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('immutable');
  });

  it('sends the pre-compressed asset the browser accepts (brotli first), as JavaScript', async () => {
    for (const [accept, encoding] of [['br, gzip', 'br'], ['gzip', 'gzip'], ['identity', null]] as const) {
      const response = await fetch(`${app.baseUrl}/assets/app-abc123.js`, { headers: { 'Accept-Encoding': accept } });
      expect(response.status, accept).toBe(200);
      expect(response.headers.get('content-encoding'), accept).toBe(encoding);
      expect(response.headers.get('content-type'), accept).toMatch(/javascript/);
      expect(response.headers.get('cache-control'), accept).toContain('immutable');
      expect(await response.text(), accept).toBe('console.log(1)');
    }
  });

  it('sends a strict Content-Security-Policy with no inline script', async () => {
    const response = await fetch(`${app.baseUrl}/contact`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-powered-by')).toBeNull();
    // Same-origin calls carry the page, so the client log can name where an error happened.
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('describes the REST paths in an OpenAPI document browsable at /api/docs', async () => {
    const doc: any = await (await fetch(`${app.baseUrl}/api/docs/json`)).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/user/requestinformation', '/api/clientLog']),
    );
    const contactBody = doc.paths['/api/user/requestinformation'].post.requestBody.content['application/json'].schema;
    expect(contactBody.required).toEqual(expect.arrayContaining(['clientemail', 'firstname', 'lastname', 'phone', 'message']));
    const page = await fetch(`${app.baseUrl}/api/docs`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('swagger');
  });

  it('answers an unknown tRPC procedure with 404 and no internals', async () => {
    const response = await app.post('/trpc/nothing.here', {});
    expect(response.status).toBe(404);
    expect(JSON.stringify(response.body)).not.toMatch(/stack|node_modules|\.ts:/);
  });
});
