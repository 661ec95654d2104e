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
    for (const route of ['/', '/contact', '/user/someone', '/view/12']) {
      const response = await fetch(app.baseUrl + route);
      expect(response.status, route).toBe(200);
      expect(await response.text()).toContain('Siplog test shell');
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('lets fingerprinted assets be cached for good', async () => {
    const response = await fetch(`${app.baseUrl}/assets/app-abc123.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('immutable');
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
