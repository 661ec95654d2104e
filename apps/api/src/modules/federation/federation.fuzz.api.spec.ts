import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { federationQueue, remoteActors } from '@siplog/db';
import { registerAccount } from '../../test/accounts';
import { createTestCa, installTestNetwork, type TestNetwork } from '../../test/federation-network';
import { LEAKS } from '../../test/leaks';
import { rawRequest } from '../../test/raw-http';
import { loggedProblems, startTestApp, type TestApp } from '../../test/test-app';

/**
 * Property-based fuzzing of what the fediverse can reach (issue 30): the inboxes, actors, followers collections,
 * Notes, WebFinger and NodeInfo, with random methods, content types, bodies (JSON-shaped activities, junk, deep
 * nesting) and forged Signature headers. No answer may be a 5xx or leak, nothing may be stored, nothing logged above
 * info, and federation must still answer afterwards. Fixed seeds keep it repeatable; SQLite and PostgreSQL alike.
 */
const SEED = 20261129;
const RUNS = 60;
const ORIGIN = 'https://siplog-fuzz.test';

const activityType = fc.constantFrom('Follow', 'Undo', 'Like', 'Create', 'Update', 'Delete', 'Flag', 'Accept', 'Announce', 'Bogus', '');
const uri = fc.oneof(
  fc.constantFrom(`${ORIGIN}/ap/users/1`, `${ORIGIN}/ap/reviews/1`, 'https://127.0.0.1/users/x', 'http://169.254.169.254/latest', 'javascript:alert(1)', 'https://peer.invalid/users/ann'),
  fc.webUrl(),
  fc.string({ maxLength: 40 }),
);
const activity = fc.record(
  {
    '@context': fc.oneof(fc.constant('https://www.w3.org/ns/activitystreams'), fc.constant(['https://www.w3.org/ns/activitystreams', 'https://w3id.org/security/v1']), fc.string()),
    id: uri,
    type: activityType,
    actor: fc.oneof(uri, fc.record({ id: uri, type: fc.constant('Person') })),
    object: fc.oneof(uri, fc.record({ id: uri, type: activityType, actor: uri, object: uri }), fc.array(uri, { maxLength: 3 })),
    to: fc.oneof(uri, fc.array(uri, { maxLength: 3 })),
    content: fc.string({ maxLength: 200 }),
  },
  { requiredKeys: ['type'] },
);
const deep = fc.integer({ min: 50, max: 5000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth));
const body = fc.oneof(
  { weight: 5, arbitrary: activity.map((value) => JSON.stringify(value)) },
  { weight: 1, arbitrary: fc.string({ maxLength: 300 }) },
  { weight: 1, arbitrary: deep },
  { weight: 1, arbitrary: fc.constantFrom('', 'null', '[]', '{"__proto__": {"polluted": true}}', '{"type": "Follow"', '\u0000') },
);
const signature = fc.oneof(
  fc.constant(undefined),
  fc.record({ keyId: uri, sig: fc.base64String({ maxLength: 64 }) }).map(
    ({ keyId, sig }) => `keyId="${keyId.replace(/"/g, '')}",algorithm="rsa-sha256",headers="(request-target) host date digest",signature="${sig}"`,
  ),
  fc.string({ maxLength: 80 }),
);
const path = fc.constantFrom(
  '/ap/inbox',
  '/ap/users/1/inbox',
  '/ap/users/999999/inbox',
  '/ap/users/1',
  '/ap/users/abc',
  '/ap/users/1/followers',
  '/ap/users/1/followers?cursor=zzz',
  '/ap/users/1/followers?cursor=-1',
  '/ap/reviews/1',
  '/ap/reviews/99999999999999999999',
  '/.well-known/webfinger?resource=acct:fuzzer@siplog-fuzz.test',
  '/.well-known/webfinger?resource=acct:%00@siplog-fuzz.test',
  '/.well-known/webfinger?resource=https://evil.example/',
  '/.well-known/webfinger',
  '/.well-known/nodeinfo',
  '/nodeinfo/2.1',
);

describe('fuzzing what the fediverse reaches', () => {
  let app: TestApp;
  let network: TestNetwork;

  beforeAll(async () => {
    // Forged signatures name keys anywhere: the test network refuses every host before any look-up, so checking one
    // never leaves the machine (and private addresses are allowed so Fedify's own guard does no DNS look-up).
    network = installTestNetwork({ ca: createTestCa(), hosts: new Map() });
    app = await startTestApp({ FEDERATION: 'on', PUBLIC_URL: ORIGIN, FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true' });
    await registerAccount(app, 'fuzzer');
  });
  afterAll(async () => {
    await app?.close();
    await network?.uninstall();
  });

  it('answers every request without a 5xx or a leak, and stores nothing', async () => {
    const request = fc.record({
      method: fc.oneof({ weight: 4, arbitrary: fc.constant('POST') }, { weight: 2, arbitrary: fc.constant('GET') }, { weight: 1, arbitrary: fc.constantFrom('PUT', 'DELETE', 'HEAD', 'OPTIONS') }),
      path,
      body,
      contentType: fc.constantFrom('application/activity+json', 'application/ld+json; profile="https://www.w3.org/ns/activitystreams"', 'application/json', 'text/plain', ''),
      accept: fc.constantFrom('application/activity+json', 'application/jrd+json', 'text/html', '*/*'),
      signature,
    });
    await fc.assert(
      fc.asyncProperty(request, async ({ method, path: target, body: payload, contentType, accept, signature: signed }) => {
        const headers: Record<string, string> = { Accept: accept, Date: new Date().toUTCString() };
        if (contentType) headers['Content-Type'] = contentType;
        if (signed) headers.Signature = signed;
        const bodyless = method === 'GET' || method === 'HEAD';
        const answer = await rawRequest(app.baseUrl, { method, path: target, headers, body: bodyless ? undefined : payload });
        const label = `${method} ${target} ${payload.slice(0, 80)}`;
        expect(answer.status, `${label} → ${answer.status} ${answer.text.slice(0, 200)}`).toBeLessThan(500);
        for (const leak of LEAKS) expect(answer.text, `${label} leaks ${leak}`).not.toMatch(leak);
      }),
      { seed: SEED, numRuns: RUNS * 4, endOnFailure: true },
    );
    expect(await app.data.select().from(remoteActors)).toEqual([]);
    expect(await app.data.select().from(federationQueue)).toEqual([]);
  }, 120_000);

  it('still answers as before, and logged nothing above info', async () => {
    const finger = await fetch(`${app.baseUrl}/.well-known/webfinger?resource=${encodeURIComponent('acct:fuzzer@siplog-fuzz.test')}`);
    expect(finger.status).toBe(200);
    expect((await fetch(`${app.baseUrl}/ap/users/1`, { headers: { Accept: 'application/activity+json' } })).status).toBe(200);
    expect(await loggedProblems(app.config, ['ClientLog', 'AdminAudit'])).toEqual([]);
  });
});
