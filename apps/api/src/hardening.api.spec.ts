import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt, SignJWT } from 'jose';
import { eq } from 'drizzle-orm';
import { users } from '@siplog/db';
import { loadConfig } from './config/app.config';
import { BODY_MIN_BYTES_PER_SECOND, CONNECTION_CHECK_INTERVAL_MS, LINGER_MS } from './http/http-timeouts';
import { MAX_JSON_DEPTH } from './common/json-depth';
import { bearer, newClient, registerAccount, type TestAccount } from './test/accounts';
import { rawRequest, trickle } from './test/raw-http';
import { loggedProblems, startTestApp, type TestApp } from './test/test-app';

/** Issue 11, findings 1, 2, 3 and 6: each test here failed on the code before its fix. */

const DEEP = 5000;
const deepArray = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('hardening', () => {
  let app: TestApp;
  let ann: TestAccount;
  let ben: TestAccount;
  const json = { 'Content-Type': 'application/json' };

  beforeAll(async () => {
    app = await startTestApp();
    ann = await registerAccount(app, 'annhard');
    ben = await registerAccount(app, 'benhard');
  });
  afterAll(() => app.close());

  describe('finding 1: deeply nested JSON', () => {
    it('is refused with 400 on every transport (tRPC mutation, batch and query; REST body and multipart field), signed in or not, with nothing logged above info', async () => {
      const deep = deepArray(DEEP);
      const calls: Array<{ name: string; method: string; path: string; body?: string; headers?: Record<string, string> }> = [
        { name: 'tRPC mutation', method: 'POST', path: '/trpc/auth.login', body: deep, headers: json },
        { name: 'tRPC mutation, signed in', method: 'POST', path: '/trpc/place.add', body: deep, headers: { ...json, ...ann.auth } },
        { name: 'tRPC mutation, deep inside a field', method: 'POST', path: '/trpc/support.contact', body: `{"message":${deep}}`, headers: json },
        { name: 'tRPC batch', method: 'POST', path: '/trpc/auth.login,post.like?batch=1', body: `{"0":${deep},"1":${deep}}`, headers: { ...json, ...ann.auth } },
        { name: 'tRPC query', method: 'GET', path: `/trpc/place.inBounds?input=${deepArray(3000)}` },
        { name: 'tRPC batched query', method: 'GET', path: `/trpc/map.config,user.publicProfile?batch=1&input=${encodeURIComponent('{"1":')}${deepArray(2000)}}` },
        { name: 'REST body', method: 'POST', path: '/api/user/usernameavailable', body: deep, headers: json },
        { name: 'REST body, signed in', method: 'POST', path: '/api/user/loadprofile', body: `{"email":${deep}}`, headers: { ...json, ...ann.auth } },
      ];
      for (const call of calls) {
        const answer = await rawRequest(app.baseUrl, { ...call, headers: { ...call.headers, ...newClient() } });
        expect(answer.status, call.name).toBe(400);
        const body = JSON.parse(answer.text);
        // Each transport answers in its own error shape.
        if (call.path.startsWith('/trpc')) expect(body.error, call.name).toMatchObject({ message: 'The request nests too deeply.', data: { code: 'BAD_REQUEST', httpStatus: 400 } });
        else expect(body, call.name).toEqual({ status: 400, msg: 'The request nests too deeply.' });
      }

      const form = new FormData();
      form.set('data', `{"establishment_id":${deep}}`);
      const upload = await fetch(`${app.baseUrl}/api/post/addpostwithimages`, { method: 'POST', body: form, headers: { ...ann.auth, ...newClient() } });
      expect(upload.status).toBe(400);
      expect(await upload.json()).toEqual({ status: 400, msg: 'The request nests too deeply.' });

      expect(await loggedProblems(app.config)).toEqual([]);
    });

    it('still takes real nesting, and deep qs-style query strings on REST are plain keys', async () => {
      const atTheLimit = `{"0":${'['.repeat(MAX_JSON_DEPTH - 1)}${']'.repeat(MAX_JSON_DEPTH - 1)}}`;
      const batch = await rawRequest(app.baseUrl, { method: 'POST', path: '/trpc/auth.login?batch=1', body: atTheLimit, headers: json });
      expect(batch.status).toBe(400);
      expect(batch.text).not.toMatch(/nests too deeply/);
      expect((await app.trpc('mutation', 'place.select', { place_info: { place_id: 'deep-ok', name: 'Ok', lat: 41.88, lng: -87.63 } })).status).toBeLessThan(500);

      for (const path of ['/api/health', '/api/map/style.json', '/api/showimage/profileimage/annhard']) {
        const answer = await rawRequest(app.baseUrl, { path: `${path}?a${'[b]'.repeat(3000)}=1&size${'[x]'.repeat(50)}=thumb` });
        expect(answer.status, path).toBe(200);
      }
      expect(await loggedProblems(app.config)).toEqual([]);
    });
  });

  describe('finding 2: methods tRPC does not serve', () => {
    it('answers TRACE and the other unsupported methods on /trpc with 405 and Allow, in tRPC error shape, with no error logged', async () => {
      for (const method of ['TRACE', 'OPTIONS', 'DELETE', 'PUT', 'PATCH']) {
        for (const path of ['/trpc', '/trpc/map.config', '/trpc/auth.login', '/trpc/no.such']) {
          const answer = await rawRequest(app.baseUrl, { method, path });
          expect(answer.status, `${method} ${path}`).toBe(405);
          expect(answer.headers.allow, `${method} ${path}`).toBe('GET, HEAD, POST');
          expect(JSON.parse(answer.text).error.data.code, `${method} ${path}`).toBe('METHOD_NOT_SUPPORTED');
        }
      }
      expect((await rawRequest(app.baseUrl, { method: 'TRACE', path: '/api/health' })).status).toBeLessThan(500);
      expect((await app.trpc('query', 'map.config')).status).toBe(200);
      expect(await loggedProblems(app.config)).toEqual([]);
    });
  });

  describe('finding 6: token subject', () => {
    it("refuses (401) a token whose sub is not its session's user, on REST and tRPC", async () => {
      const { jti } = decodeJwt(ann.token);
      const benId = (await app.data.select().from(users).where(eq(users.email, ben.email)))[0]!.id;
      const annId = (await app.data.select().from(users).where(eq(users.email, ann.email)))[0]!.id;
      const sign = (sub: string) =>
        new SignJWT({})
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(sub)
          .setJti(jti!)
          .setIssuer('siplog')
          .setAudience('siplog-web')
          .setIssuedAt()
          .setExpirationTime('1h')
          .sign(app.config.jwtSecret);

      // The same claims with the right subject work, so only the subject differs below.
      const right = bearer(await sign(String(annId)));
      expect((await app.post('/api/user/loadprofile', {}, right)).status).toBe(200);

      for (const sub of [String(benId), `${annId}0`, ` ${annId}`, 'annhard']) {
        const wrong = bearer(await sign(sub));
        const rest = await app.post('/api/user/loadprofile', {}, wrong);
        expect(rest.status, sub).toBe(401);
        expect((await app.trpc('query', 'user.profile', {}, wrong)).status, sub).toBe(401);
      }
    });
  });
});

describe('finding 3: slow clients', () => {
  let app: TestApp;
  const LIMIT_MS = 1000;
  /** A limit plus the server's check interval, plus room for a loaded test box. */
  const CLOSED_WITHIN_MS = LIMIT_MS + CONNECTION_CHECK_INTERVAL_MS + 1500;

  beforeAll(async () => {
    app = await startTestApp({
      HEADERS_TIMEOUT_MS: String(LIMIT_MS),
      BODY_TIMEOUT_MS: String(LIMIT_MS),
      REQUEST_TIMEOUT_MS: '60000',
      KEEP_ALIVE_TIMEOUT_MS: String(LIMIT_MS),
    });
  });
  afterAll(() => app.close());

  it('has deliberate defaults: headers and a trickling body cut off well within 20 s, a 150 MB upload at 2 Mbit/s within the request limit', () => {
    const { httpTimeouts } = loadConfig({ DATA_DIR: app.config.dataDir });
    expect(httpTimeouts.headersMs + CONNECTION_CHECK_INTERVAL_MS).toBeLessThan(20_000);
    // A body at 1 byte a second earns almost no extra time past its grace.
    expect(httpTimeouts.bodyMs + (20 / BODY_MIN_BYTES_PER_SECOND) * 1000 + CONNECTION_CHECK_INTERVAL_MS).toBeLessThan(20_000);
    const threePhotos = 3 * 50_000_000;
    const twoMbitPerSecond = 2_000_000 / 8;
    expect(httpTimeouts.requestMs).toBeGreaterThanOrEqual((threePhotos / twoMbitPerSecond) * 1000);
    expect(httpTimeouts.keepAliveMs).toBeGreaterThan(0);
    expect(() => loadConfig({ DATA_DIR: app.config.dataDir, HEADERS_TIMEOUT_MS: 'soon' })).toThrow(/HEADERS_TIMEOUT_MS/);
    expect(() => loadConfig({ DATA_DIR: app.config.dataDir, REQUEST_TIMEOUT_MS: '0' })).toThrow(/REQUEST_TIMEOUT_MS/);
    expect(() => loadConfig({ DATA_DIR: app.config.dataDir, HEADERS_TIMEOUT_MS: '5000', REQUEST_TIMEOUT_MS: '4000' })).toThrow(/must not exceed/);
  });

  it('closes a connection that sends its headers a byte at a time, with 408', async () => {
    const result = await trickle(app.baseUrl, 'GET /api/health HTTP/1.1\r\n', 'Host: 127.0.0.1\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', 100, 8000);
    expect(result.closedAfterMs).not.toBeNull();
    expect(result.closedAfterMs!).toBeLessThan(CLOSED_WITHIN_MS);
    expect(result.received).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes a connection whose JSON body trickles in a byte at a time, with 408', async () => {
    const body = `{"username":"${'a'.repeat(200)}"}`;
    const head = `POST /api/user/usernameavailable HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const result = await trickle(app.baseUrl, head, body, 100, 8000);
    expect(result.closedAfterMs).not.toBeNull();
    expect(result.closedAfterMs!).toBeLessThan(CLOSED_WITHIN_MS + 500);
    expect(result.received).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes a trickling multipart upload too, with nothing logged above info', async () => {
    const account = await registerAccount(app, 'slowposter');
    const boundary = 'slowboundary';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="file1"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n${'x'.repeat(400)}\r\n--${boundary}--\r\n`;
    const head =
      `POST /api/post/addpostwithimages HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${account.token}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\n\r\n`;
    const result = await trickle(app.baseUrl, head, body, 100, 8000);
    expect(result.closedAfterMs).not.toBeNull();
    expect(result.closedAfterMs!).toBeLessThan(CLOSED_WITHIN_MS + 500);
    expect(await loggedProblems(app.config)).toEqual([]);
  });

  it('lets a body that keeps a real rate (20 KB/s) run past the grace', async () => {
    const body = `{"username":"${'a'.repeat(60_000)}"}`;
    const head = `POST /api/user/usernameavailable HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
    const chunks = body.match(/[\s\S]{1,2000}/g)!;
    const result = await trickle(app.baseUrl, head, chunks, 100, 8000);
    expect(result.closedAfterMs).not.toBeNull();
    expect(result.closedAfterMs!).toBeGreaterThan(LIMIT_MS + CONNECTION_CHECK_INTERVAL_MS);
    expect(result.received).toMatch(/^HTTP\/1\.1 400/);
  });

  it('closes an idle kept-alive connection after the keep-alive limit', async () => {
    const result = await trickle(app.baseUrl, 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', '', 100, 8000);
    expect(result.received).toMatch(/^HTTP\/1\.1 200/);
    expect(result.closedAfterMs).not.toBeNull();
    expect(result.closedAfterMs!).toBeLessThan(CLOSED_WITHIN_MS);
  });
});

describe('finding 7: requests Node cannot parse', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  /** Writes `request` whole on a fresh connection and reads until the server closes: the answer, or the error. */
  function sendRaw(request: string): Promise<{ received: string; error: string | null; closedAfterMs: number }> {
    const { port } = new URL(app.baseUrl);
    return new Promise((resolve) => {
      const started = Date.now();
      const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(request));
      let received = '';
      let error: string | null = null;
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
      socket.on('error', (cause: NodeJS.ErrnoException) => (error = cause.code ?? String(cause)));
      socket.on('close', () => resolve({ received, error, closedAfterMs: Date.now() - started }));
    });
  }

  it('answers a request line past 16 KB with 431 every time, never a reset while the client is still sending it', async () => {
    // Node 24 destroyed the connection at the overflow: the client, still writing 400 KB, got ECONNRESET.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const { received, error, closedAfterMs } = await sendRaw(`GET /trpc/post.recent?input=${'x'.repeat(400_000)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
      expect({ error, head: received.split('\r\n')[0] }).toEqual({ error: null, head: 'HTTP/1.1 431 Request Header Fields Too Large' });
      expect(closedAfterMs).toBeLessThan(LINGER_MS + 1500);
    }
  });

  it('answers a request it cannot parse with 400 and closes, and keeps serving', async () => {
    const { received, error } = await sendRaw('NOT AN HTTP REQUEST\r\n\r\n');
    expect({ error, head: received.split('\r\n')[0] }).toEqual({ error: null, head: 'HTTP/1.1 400 Bad Request' });
    expect((await fetch(`${app.baseUrl}/api/health`)).status).toBe(200);
    expect(await loggedProblems(app.config)).toEqual([]);
  });
});
