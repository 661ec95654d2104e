import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEDERATION_MESSAGES, type FederationAdminAnswer } from '@siplog/contracts';
import { registerAccount, type TestAccount } from '../../test/accounts';
import { startTestApp, type TestApp } from '../../test/test-app';
import { FederationQueueRepository } from '../federation/queue/federation-queue.repository';

const ADMIN = 'fedboss@example.com';

/** The admin's Federation panel over REST and tRPC (issue 30): the switch, domain policies, the delivery queue. */
describe('admin federation at an https PUBLIC_URL, off by default', () => {
  let app: TestApp;
  let admin: TestAccount;
  let ann: TestAccount;

  beforeAll(async () => {
    app = await startTestApp({ ADMIN_EMAILS: ADMIN, PUBLIC_URL: 'https://siplog-admin.test' });
    admin = await registerAccount(app, 'fedboss');
    ann = await registerAccount(app, 'annfed');
  });
  afterAll(() => app.close());

  const api = (path: string, init: RequestInit & { as?: TestAccount | null } = {}) =>
    fetch(`${app.baseUrl}/api/admin/federation${path}`, {
      ...init,
      headers: { 'Content-Type': 'application/json', ...(init.as === null ? {} : (init.as ?? admin).auth) },
    });
  const answer = async (response: Response) => ({ status: response.status, body: (await response.json()) as FederationAdminAnswer & { msg?: string } });
  const finger = () => fetch(`${app.baseUrl}/.well-known/webfinger?resource=${encodeURIComponent('acct:annfed@siplog-admin.test')}`);

  it('is for admins only: 401 signed out, 403 for anyone else, on REST and tRPC', async () => {
    expect((await api('', { as: null })).status).toBe(401);
    expect((await api('', { as: ann })).status).toBe(403);
    expect((await api('/switch', { as: ann, method: 'POST', body: JSON.stringify({ enabled: true }) })).status).toBe(403);
    expect((await app.trpc('query', 'admin.federation', undefined, ann.auth)).status).toBe(403);
  });

  it('starts off (FEDERATION unset), can be switched on and off, and the federation paths follow at once', async () => {
    const start = await answer(await api(''));
    expect(start.body).toMatchObject({ enabled: false, unavailable: null, handle_domain: 'siplog-admin.test', domains: [], servers: [] });
    expect((await finger()).status).toBe(404);

    const on = await app.trpc('mutation', 'admin.setFederation', { enabled: true }, admin.auth);
    expect(on.data).toMatchObject({ enabled: true });
    expect((await finger()).status).toBe(200);

    const off = await answer(await api('/switch', { method: 'POST', body: JSON.stringify({ enabled: false }) }));
    expect(off.body.enabled).toBe(false);
    expect((await finger()).status).toBe(404);
    expect((await api('/switch', { method: 'POST', body: JSON.stringify({ enabled: 'yes' }) })).status).toBe(400);
  });

  it('blocks and silences servers by domain, however typed, and lifts it; refuses what is no domain', async () => {
    const blocked = await answer(await api('/domains', { method: 'POST', body: JSON.stringify({ host: ' https://Spam.Example/about ', policy: 'block' }) }));
    expect(blocked.status).toBe(200);
    expect(blocked.body.domains).toEqual([{ host: 'spam.example', policy: 'block', created_at: expect.any(String) }]);
    const silenced = await app.trpc('mutation', 'admin.setFederationDomain', { host: '@ann@Loud.Example', policy: 'silence' }, admin.auth);
    expect(silenced.data.domains.map((row: { host: string; policy: string }) => `${row.host}:${row.policy}`)).toEqual(['loud.example:silence', 'spam.example:block']);

    for (const bad of [{ host: 'not a domain', policy: 'block' }, { host: 'localhost', policy: 'block' }, { host: '', policy: 'block' }]) {
      const refused = await answer(await api('/domains', { method: 'POST', body: JSON.stringify(bad) }));
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toBe(FEDERATION_MESSAGES.hostInvalid);
    }
    expect((await answer(await api('/domains', { method: 'POST', body: JSON.stringify({ host: 'x.example', policy: 'mute' }) }))).body.msg).toBe(FEDERATION_MESSAGES.policyInvalid);
    expect((await answer(await api('/domains', { method: 'POST', body: JSON.stringify({ host: 'siplog-admin.test', policy: 'block' }) }))).body.msg).toBe(FEDERATION_MESSAGES.hostIsOurs);

    expect((await api('/domains/loud.example', { method: 'DELETE' })).status).toBe(200);
    const gone = await answer(await api('/domains/loud.example', { method: 'DELETE' }));
    expect(gone.status).toBe(404);
    expect(gone.body.msg).toBe(FEDERATION_MESSAGES.noSuchDomain('loud.example'));
    expect((await answer(await api(''))).body.domains.map((row) => row.host)).toEqual(['spam.example']);
  });

  it('lists failed deliveries first, retries them (due now) or drops them; an unknown one is a 404', async () => {
    const queue = app.get(FederationQueueRepository);
    const now = Date.now();
    const message = (inbox: string) => JSON.stringify({ type: 'outbox', inbox, activityType: 'Create' });
    await queue.enqueue(
      [
        { kind: 'outbox', message: message('https://dead.example/inbox'), orderingKey: null, targetHost: 'dead.example', runAt: now + 3_600_000 },
        { kind: 'outbox', message: message('https://slow.example/inbox'), orderingKey: null, targetHost: 'slow.example', runAt: now + 3_600_000 },
      ],
      now,
    );
    const [dead] = (await queue.list(10)).filter((row) => row.targetHost === 'dead.example');
    await queue.giveUp(dead.id, now, 'connect ECONNREFUSED dead.example');

    const listed = (await answer(await api(''))).body.queue;
    expect(listed).toMatchObject({ failed: 1, delayed: 1 });
    expect(listed.deliveries[0]).toMatchObject({ id: dead.id, target_host: 'dead.example', activity_type: 'Create', last_error: 'connect ECONNREFUSED dead.example' });
    expect(listed.deliveries[0].failed_at).toEqual(expect.any(String));

    const retried = await answer(await api(`/deliveries/${dead.id}/retry`, { method: 'POST' }));
    expect(retried.status).toBe(200);
    expect(retried.body.queue.failed).toBe(0);
    expect((await api(`/deliveries/${dead.id}/retry`, { method: 'POST' })).status).toBe(404);

    const slow = retried.body.queue.deliveries.find((row) => row.target_host === 'slow.example')!;
    expect((await app.trpc('mutation', 'admin.dropFederationDelivery', { id: slow.id }, admin.auth)).status).toBe(200);
    expect((await api(`/deliveries/${slow.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await api('/deliveries/abc', { method: 'DELETE' })).status).toBe(400);
  });
});

describe('admin federation without an https PUBLIC_URL', () => {
  it('says why it cannot be switched on, and refuses to', async () => {
    const app = await startTestApp({ ADMIN_EMAILS: ADMIN });
    try {
      const admin = await registerAccount(app, 'fedboss');
      const status = await app.trpc('query', 'admin.federation', undefined, admin.auth);
      expect(status.data).toMatchObject({ enabled: false, unavailable: FEDERATION_MESSAGES.unavailable, handle_domain: null });
      const refused = await app.trpc('mutation', 'admin.setFederation', { enabled: true }, admin.auth);
      expect(refused.status).toBe(400);
      expect(refused.error?.message).toBe(FEDERATION_MESSAGES.unavailable);
    } finally {
      await app.close();
    }
  });
});
