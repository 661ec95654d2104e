import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_BODY_LIMIT } from '../app.factory';
import { refuseDeepJson } from '../common/json-depth';
import { TokenService } from '../modules/auth/token.service';
import { securityHeaders } from '../http/security-headers';
import { bearer, newClient, registerAccount, type TestAccount } from '../test/accounts';
import { comparableAnswer, rawRequest, type RawAnswer, type RawRequest } from '../test/raw-http';
import { startTestApp, type TestApp } from '../test/test-app';
import { createAppRouter } from './app.router';
import { TRPC_PATH, trpcHandlers } from './trpc.mount';

/** Express as Nest's platform package depends on it (the API package does not name it itself). */
const express = createRequire(require.resolve('@nestjs/platform-express'))('express') as typeof import('express');

/**
 * The reference: the app's Express settings and middleware in front of /trpc as app.factory.ts sets them, and under
 * /trpc the request guard and tRPC's own adapter alone (no fast path), over the test app's own services and database.
 */
async function startReference(app: TestApp): Promise<{ baseUrl: string; server: Server }> {
  const reference = express();
  reference.set('trust proxy', app.config.trustProxy);
  reference.set('x-powered-by', false);
  reference.set('etag', false);
  reference.set('query parser', 'simple');
  reference.use(securityHeaders(app.config));
  reference.use(express.json({ limit: JSON_BODY_LIMIT, verify: refuseDeepJson }));
  reference.use(TRPC_PATH, ...trpcHandlers(createAppRouter(app.get), app.get(TokenService), () => undefined, { fastPath: false }).handlers);
  const server = await new Promise<Server>((resolve) => {
    const listening = reference.listen(0, '127.0.0.1', () => resolve(listening));
  });
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** How each answer is framed (a stream in chunks, or one body with its length) is the one difference allowed. */
const FRAMING = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

const comparable = (answer: RawAnswer) => comparableAnswer(answer, FRAMING);

const json = { 'Content-Type': 'application/json' };
const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const deep = '['.repeat(40) + ']'.repeat(40);

describe('tRPC fast path', () => {
  let app: TestApp;
  let reference: { baseUrl: string; server: Server };
  let ann: TestAccount;

  beforeAll(async () => {
    // Without the public cache, so every GET reaches tRPC on both sides.
    app = await startTestApp({ PUBLIC_CACHE_MB: '0' });
    reference = await startReference(app);
    ann = await registerAccount(app, 'annfastpath');
  });
  afterAll(async () => {
    await new Promise((resolve) => reference.server.close(resolve));
    await app.close();
  });

  /** The same request to the app and to the reference; `fresh` gives each a client address of its own (rate limits). */
  async function both(request: RawRequest, fresh = false) {
    const client = fresh ? newClient() : {};
    const send = (baseUrl: string) => rawRequest(baseUrl, { ...request, headers: { ...client, ...request.headers } });
    return { ours: await send(app.baseUrl), official: await send(reference.baseUrl) };
  }

  const cases = (): Array<[string, RawRequest]> => [
    ['a query', { path: `/trpc/post.recent?input=${input({ limit: 5 })}` }],
    ['a query with its input unescaped', { path: '/trpc/post.recent?input={"limit":2}' }],
    ['a query with no input', { path: '/trpc/map.config' }],
    ['a query with an empty input', { path: '/trpc/map.config?input=' }],
    ['a batch, as httpBatchLink sends it', { path: `/trpc/post.recent,map.config?batch=1&input=${input({ 0: { limit: 2 }, 1: null })}` }],
    ['a batch without input', { path: '/trpc/map.config,support.info?batch=1' }],
    ['a batch, one call refused (207)', { path: `/trpc/post.recent,map.config?batch=1&input=${input({ 0: { limit: 'x' } })}` }],
    ['a batch whose input is an array', { path: `/trpc/post.recent?batch=1&input=${input([{ limit: 2 }])}` }],
    ['bad input (400)', { path: `/trpc/post.recent?input=${input({ limit: 'x' })}` }],
    ['an unknown field (400)', { path: `/trpc/post.recent?input=${input({ limit: 2, nope: 1 })}` }],
    ['input that is not JSON', { path: '/trpc/post.recent?input=notjson' }],
    ['a malformed escape', { path: '/trpc/post.recent?input=%E0%A4%A' }],
    ['input nested too deeply', { path: `/trpc/post.recent?input=${encodeURIComponent(deep)}` }],
    ['two inputs, the second too deep', { path: `/trpc/post.recent?input=${input({ limit: 2 })}&input=${encodeURIComponent(deep)}` }],
    ['an unknown procedure (404)', { path: '/trpc/no.such' }],
    ['a name from Object.prototype', { path: '/trpc/constructor' }],
    ['a batch with an unknown procedure', { path: '/trpc/map.config,no.such?batch=1' }],
    ['no procedure', { path: '/trpc/' }],
    ['a mutation by GET (405)', { path: `/trpc/auth.login?input=${input({ email: 'a@b.c', password: 'x' })}` }],
    ['a query by POST (405)', { method: 'POST', path: '/trpc/post.recent', headers: json, body: JSON.stringify({ limit: 2 }) }],
    ['a batched query by POST (405)', { method: 'POST', path: '/trpc/post.recent,map.config?batch=1', headers: json, body: '{"0":{"limit":2}}' }],
    ['a query and a mutation in one batch', { path: '/trpc/map.config,auth.login?batch=1' }],
    ['a mutation', { method: 'POST', path: '/trpc/support.clientLog', headers: json, body: JSON.stringify({ level: 'info', msg: 'fast path' }) }],
    ['a mutation with a charset', { method: 'POST', path: '/trpc/support.clientLog', headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: '{"level":"info","msg":"x"}' }],
    ['a mutation refused (401)', { method: 'POST', path: '/trpc/auth.login', headers: json, body: JSON.stringify({ email: 'nobody@example.com', password: 'x' }) }],
    ['a mutation with bad input (400)', { method: 'POST', path: '/trpc/auth.login', headers: json, body: '{"email":"nope"}' }],
    ['a batch of mutations (207)', { method: 'POST', path: '/trpc/support.clientLog,auth.login?batch=1', headers: json, body: JSON.stringify({ 0: { level: 'info', msg: 'x' }, 1: { email: 'nobody@example.com', password: 'x' } }) }],
    ['a mutation with an empty body', { method: 'POST', path: '/trpc/support.clientLog', headers: json, body: '' }],
    ['a mutation with no body', { method: 'POST', path: '/trpc/support.clientLog', headers: json }],
    ['a mutation with bad JSON', { method: 'POST', path: '/trpc/support.clientLog', headers: json, body: '{nope' }],
    ['a mutation with a query input nested too deeply', { method: 'POST', path: `/trpc/support.clientLog?input=${encodeURIComponent(deep)}`, headers: json, body: '{"level":"info","msg":"x"}' }],
    ['a mutation nested too deeply', { method: 'POST', path: '/trpc/support.clientLog', headers: json, body: deep }],
    ['a mutation too large (413)', { method: 'POST', path: '/trpc/support.clientLog', headers: json, body: JSON.stringify({ level: 'info', msg: 'x'.repeat(300 * 1024) }) }],
    ['a mutation as text (415)', { method: 'POST', path: '/trpc/support.clientLog', headers: { 'Content-Type': 'text/plain' }, body: '{}' }],
    ['a mutation in Latin-1 (415)', { method: 'POST', path: '/trpc/support.clientLog', headers: { 'Content-Type': 'application/json; charset=latin1' }, body: '{}' }],
    ['a mutation without a content type', { method: 'POST', path: '/trpc/support.clientLog', body: '{}' }],
    ['signed out (401)', { path: `/trpc/user.profile?input=${input({ email: ann.email })}` }],
    ['a bad token (401)', { path: `/trpc/user.profile?input=${input({ email: ann.email })}`, headers: bearer('nope') }],
    ['signed in', { path: `/trpc/user.profile?input=${input({ email: ann.email })}`, headers: ann.auth }],
    ['someone else (403)', { path: `/trpc/user.profile?input=${input({ email: 'other@example.com' })}`, headers: ann.auth }],
    ['the admin screen, not an admin (403)', { path: '/trpc/admin.users', headers: ann.auth }],
    ['HEAD', { method: 'HEAD', path: `/trpc/post.recent?input=${input({ limit: 2 })}` }],
    ['OPTIONS (405 with Allow)', { method: 'OPTIONS', path: '/trpc/map.config' }],
    ['DELETE (405 with Allow)', { method: 'DELETE', path: '/trpc/map.config' }],
    ['a streamed batch (jsonl)', { path: '/trpc/map.config?batch=1', headers: { 'trpc-accept': 'application/jsonl' } }],
    ['a GET with form data', { path: '/trpc/map.config', headers: { 'Content-Type': 'multipart/form-data; boundary=x' } }],
    ['a Host header URL cannot read', { path: '/trpc/map.config', headers: { Host: 'a b' } }],
    ['a host in the path URL cannot read', { path: '/trpc//a%zz/map.config' }],
    ['a path of two segments', { path: '/trpc/a/map.config' }],
    ['an absolute request target', { path: 'http://example.com/trpc/map.config' }],
    ['connection params that are not JSON', { path: '/trpc/map.config?connectionParams=nope' }],
  ];

  it('answers every case as tRPC’s own adapter does: status, headers, body', async () => {
    for (const [name, request] of cases()) {
      const { ours, official } = await both(request, true);
      expect(comparable(ours), name).toEqual(comparable(official));
    }
  });

  it('counts rate limits by the address behind the trusted proxy, for queries answered before Express too', async () => {
    // usernameCheck: 60 a minute per client address.
    const [first, second] = [newClient(), newClient()];
    const check = (headers: Record<string, string>, i: number) =>
      rawRequest(app.baseUrl, { path: `/trpc/auth.usernameAvailable?input=${input({ username: `free${i}` })}`, headers });
    for (let i = 0; i < 60; i++) expect((await check(first, i)).status).toBe(200);
    expect((await check(first, 60)).status).toBe(429);
    expect((await check(second, 61)).status).toBe(200);
  });

  it('answers the common calls itself, each in one write framed by Content-Length', async () => {
    const common = cases().filter(([name]) =>
      ['a query', 'a batch, as httpBatchLink sends it', 'bad input (400)', 'a mutation', 'a batch of mutations (207)', 'signed in', 'signed out (401)'].includes(name),
    );
    expect(common).toHaveLength(7);
    for (const [name, request] of common) {
      const { ours, official } = await both(request, true);
      expect(official.headers['transfer-encoding'], name).toBe('chunked');
      expect(ours.headers['transfer-encoding'], name).toBeUndefined();
      expect(Number(ours.headers['content-length']), name).toBe(Buffer.byteLength(ours.text));
    }
  });
});
