import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '@siplog/db';
import { startTestApp, type TestApp } from './test/test-app';

/** Every documented POST path with a body that would succeed, so each bad variant differs in one way. */
const DOCUMENTED_POSTS: Array<{ path: string; valid: Record<string, unknown> }> = [
  {
    path: '/api/user/requestinformation',
    valid: { clientemail: 'a@example.com', firstname: 'Ann', lastname: 'Lee', phone: '512-555-0199', message: 'Hello there, Siplog!' },
  },
  { path: '/api/clientLog', valid: { level: 'error', msg: 'Error adding post' } },
];

const HUGE = 'x'.repeat(200_000);

describe('bad input on every documented POST path', () => {
  let app: TestApp;
  let ip = 1;
  const send = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    app.post(path, body, { 'X-Forwarded-For': `192.0.2.${ip++}`, ...headers });

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  for (const { path, valid } of DOCUMENTED_POSTS) {
    describe(path, () => {
      const variants: Array<[string, unknown, Record<string, string>?]> = [
        ['no body', undefined],
        ['an empty object', {}],
        ['a JSON array', [valid]],
        ['a JSON string', '"hello"'],
        ['malformed JSON', '{"oops":'],
        ['a form-encoded body', 'a=1&b=2', { 'Content-Type': 'application/x-www-form-urlencoded' }],
        ['an unknown field', { ...valid, isAdmin: true }],
        ...Object.keys(valid).flatMap((key): Array<[string, unknown]> => [
          [`${key} as a number`, { ...valid, [key]: 12345 }],
          [`${key} as an object`, { ...valid, [key]: { $gt: '' } }],
          [`${key} missing`, Object.fromEntries(Object.entries(valid).filter(([k]) => k !== key))],
          [`${key} huge`, { ...valid, [key]: HUGE }],
        ]),
      ];

      it('answers 400 with a clear message and stores nothing', async () => {
        const storedBefore = app.db.select().from(contactMessages).all().length;
        for (const [label, body, headers] of variants) {
          const response = await send(path, body, headers);
          expect(response.status, label).toBe(400);
          expect(response.body.status, label).toBe(400);
          expect(typeof response.body.msg, label).toBe('string');
          expect(response.body.msg.length, label).toBeGreaterThan(3);
          expect(JSON.stringify(response.body), label).not.toMatch(/at \w+ \(|node_modules|SQLITE|\/work\//);
        }
        expect(app.db.select().from(contactMessages).all()).toHaveLength(storedBefore);
      });

      it('accepts the valid body', async () => {
        expect((await send(path, valid)).status).toBe(200);
      });
    });
  }

  it('refuses a body over the size limit without a 500', async () => {
    const response = await send('/api/clientLog', { level: 'error', msg: 'y'.repeat(2_000_000) });
    expect([400, 413]).toContain(response.status);
    expect(response.body.status).toBe(response.status);
  });
});
