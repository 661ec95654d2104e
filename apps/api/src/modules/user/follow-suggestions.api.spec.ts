import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEstablishment, posts, users, type Database } from '@siplog/db';
import { registerAccount, type TestAccount } from '../../test/accounts';
import { startTestApp, type TestApp } from '../../test/test-app';

async function userId(db: Database, username: string): Promise<number> {
  return (await db.select().from(users).where(eq(users.username, username)))[0]!.id;
}

/** What the empty Following feed suggests: the most reviewed places near the map's centre and the month's most active reviewers. */
describe('follow suggestions', () => {
  let app: TestApp;
  let reader: TestAccount;
  const at = { lat: 30.27, lng: -97.74 };

  beforeAll(async () => {
    app = await startTestApp();
    reader = await registerAccount(app, 'readsug');
    await registerAccount(app, 'busysug');
    await registerAccount(app, 'quietsug');
    await registerAccount(app, 'oldsug');
    const near = async (name: string, dLat: number) => (await insertEstablishment(app.data, { placeId: `siplog:${name}`, name, lat: at.lat + dLat, lng: at.lng })).id;
    const popular = await near('Popular', 0.01);
    const middling = await near('Middling', 0.02);
    await near('Unreviewed', 0.03);
    const far = (await insertEstablishment(app.data, { placeId: 'siplog:far', name: 'Far Away', lat: 40, lng: -74 })).id;
    const write = async (username: string, establishmentId: number, times: number, createdAt = new Date()) => {
      for (let i = 0; i < times; i++) {
        await app.data.insert(posts).values({ userId: await userId(app.data, username), establishmentId, orderText: 'Tea', review: 'Ok', rating: 4, createdAt });
      }
    };
    await write('busysug', popular, 4);
    await write('quietsug', middling, 1);
    await write('busysug', far, 5);
    await write('oldsug', popular, 9, new Date(Date.now() - 60 * 24 * 60 * 60_000));
    await write('readsug', middling, 2);
  });
  afterAll(() => app.close());

  it('needs a token and a point', async () => {
    expect((await app.trpc('query', 'user.followSuggestions', at)).status).toBe(401);
    for (const input of [{}, { lat: 'x', lng: 1 }, { lat: 91, lng: 0 }, { ...at, extra: 1 }]) {
      expect((await app.trpc('query', 'user.followSuggestions', input, reader.auth)).status, JSON.stringify(input)).toBe(400);
    }
  });

  it('lists reviewed places near the point, most reviewed first, and the month’s most active people, never the caller', async () => {
    const { data } = await app.trpc('query', 'user.followSuggestions', at, reader.auth);
    expect(data.places.map((place: { name: string }) => place.name)).toEqual(['Popular', 'Middling']);
    expect(data.places[0]).toMatchObject({ posts: 13, rating: 4, city: '', street: '' });
    expect(data.people.map((person: { username: string; reviews: number }) => `${person.username}:${person.reviews}`)).toEqual(['busysug:9', 'quietsug:1']);
    expect(data.people[0]).toMatchObject({ first_name: expect.any(String), profile_image: null });
  });

  it('leaves out what the caller follows already', async () => {
    await app.post('/api/user/followuser', { targetusername: 'busysug' }, reader.auth);
    const popular = (await app.trpc('query', 'user.followSuggestions', at, reader.auth)).data.places[0].establishment_id;
    await app.post('/api/place/followestablishment', { establishment_id: popular }, reader.auth);
    const { data } = await app.trpc('query', 'user.followSuggestions', at, reader.auth);
    expect(data.places.map((place: { name: string }) => place.name)).toEqual(['Middling']);
    expect(data.people.map((person: { username: string }) => person.username)).toEqual(['quietsug']);
  });
});
