import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEstablishment } from '@siplog/db';
import { registerAccount, type TestAccount } from '../../test/accounts';
import { postReview } from '../../test/reviews';
import { startTestApp, type TestApp } from '../../test/test-app';

/*
 * Issue 30, the first step: with FEDERATION=on every active person is an ActivityPub actor found by WebFinger, and
 * the instance answers NodeInfo; off (the default), none of it exists.
 */
const ORIGIN = 'https://siplog-a.test';
const AP = { Accept: 'application/activity+json' };

describe('federation on', () => {
  let app: TestApp;
  let maya: TestAccount;

  beforeAll(async () => {
    app = await startTestApp({ FEDERATION: 'on', PUBLIC_URL: ORIGIN });
    maya = await registerAccount(app, 'maya_sips', { firstname: 'Maya', lastname: 'Lopez' });
  });
  afterAll(() => app.close());

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${app.baseUrl}${path}`, { headers });
  const actorUriOf = async (username: string) => {
    const response = await get(`/.well-known/webfinger?resource=${encodeURIComponent(`acct:${username}@siplog-a.test`)}`);
    const body = (await response.json()) as { links: { rel: string; type?: string; href: string }[] };
    return body.links.find((link) => link.rel === 'self')!.href;
  };

  it('finds a person by handle (WebFinger): their actor, named after their id on PUBLIC_URL', async () => {
    const response = await get(`/.well-known/webfinger?resource=${encodeURIComponent('acct:maya_sips@siplog-a.test')}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/application\/jrd\+json/);
    const body = (await response.json()) as { subject: string; links: { rel: string; type?: string; href: string }[] };
    expect(body.subject).toBe('acct:maya_sips@siplog-a.test');
    expect(body.links).toEqual(
      expect.arrayContaining([{ rel: 'self', type: 'application/activity+json', href: expect.stringMatching(new RegExp(`^${ORIGIN}/ap/users/\\d+$`)) }]),
    );
    expect((await get(`/.well-known/webfinger?resource=${encodeURIComponent('acct:nobody_here@siplog-a.test')}`)).status).toBe(404);
  });

  it('serves the actor document: name, bio, profile link and signing keys, the same keys every time', async () => {
    const uri = await actorUriOf('maya_sips');
    const path = new URL(uri).pathname;
    const response = await get(path, AP);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/application\/activity\+json/);
    const actor = (await response.json()) as Record<string, any>;
    expect(actor).toMatchObject({ id: uri, type: 'Person', preferredUsername: 'maya_sips', name: 'Maya Lopez', url: `${ORIGIN}/user/maya_sips` });
    expect(actor.publicKey.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(actor.publicKey.owner).toBe(uri);
    expect(actor.assertionMethod).toBeDefined();
    const again = (await (await get(path, AP)).json()) as Record<string, any>;
    expect(again.publicKey.publicKeyPem).toBe(actor.publicKey.publicKeyPem);
    // A browser asking for the same address gets the web app.
    const page = await get(path, { Accept: 'text/html' });
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
  });

  it("lists the person's latest reviews in their outbox, and says when they joined", async () => {
    await insertEstablishment(app.data, { placeId: 'siplog:outbox-cafe', name: 'Outbox Cafe', lat: 41.88, lng: -87.63 });
    expect((await postReview(app, maya, { place_id: 'siplog:outbox-cafe', order: 'Gibraltar', rating: 5 })).status).toBe(200);
    const uri = await actorUriOf('maya_sips');
    const actor = (await (await get(new URL(uri).pathname, AP)).json()) as Record<string, any>;
    expect(actor.outbox).toBe(`${uri}/outbox`);
    expect(actor.published).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const outbox = (await (await get(`${new URL(uri).pathname}/outbox`, AP)).json()) as Record<string, any>;
    expect(outbox).toMatchObject({ type: 'OrderedCollection', totalItems: 1 });
    const first = (await (await fetch(outbox.first.replace(ORIGIN, app.baseUrl), { headers: AP })).json()) as Record<string, any>;
    const [create] = first.orderedItems;
    expect(create).toMatchObject({ type: 'Create', actor: uri, object: { type: 'Note', attributedTo: uri } });
    expect(create.object.content).toContain('<strong>Gibraltar</strong> at');
  });

  it('has no actor for someone who is not there, nor for a made-up id', async () => {
    expect((await get('/ap/users/999999', AP)).status).toBe(404);
    expect((await get('/ap/users/not-a-number', AP)).status).toBe(404);
  });

  it('answers NodeInfo: the software and how many people', async () => {
    const links = (await (await get('/.well-known/nodeinfo')).json()) as { links: { rel: string; href: string }[] };
    expect(links.links[0].href).toBe(`${ORIGIN}/nodeinfo/2.1`);
    const info = (await (await get('/nodeinfo/2.1')).json()) as Record<string, any>;
    expect(info).toMatchObject({ software: { name: 'siplog' }, protocols: ['activitypub'], usage: { users: { total: 1 }, localPosts: 1 } });
    expect(maya.username).toBe('maya_sips');
  });
});

describe('federation off (the default)', () => {
  it('answers none of it', async () => {
    const app = await startTestApp();
    try {
      const webfinger = await fetch(`${app.baseUrl}/.well-known/webfinger?resource=acct:someone@localhost`, { headers: { Accept: 'application/jrd+json' } });
      expect(webfinger.headers.get('content-type') ?? '').not.toMatch(/jrd/);
      expect((await fetch(`${app.baseUrl}/nodeinfo/2.1`, { headers: { Accept: 'application/json' } })).headers.get('content-type') ?? '').not.toMatch(/nodeinfo|json/);
    } finally {
      await app.close();
    }
  });
});
