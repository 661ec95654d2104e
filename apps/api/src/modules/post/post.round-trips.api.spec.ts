import { AsyncLocalStorage } from 'node:async_hooks';
import type http from 'node:http';
import { createRequire } from 'node:module';
import { HttpAdapterHost } from '@nestjs/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, DIALECT, insertEstablishment, notifications, PgDatabase, posts, users, type Database } from '@siplog/db';
import { registerAccount, type TestAccount } from '../../test/accounts';
import { startTestApp, type TestApp } from '../../test/test-app';
import { EventBus } from '../events/event-bus.service';
import { EventClockRepository } from '../events/event-clock.repository';
import { postTag } from '../public-cache/public-cache.tags';

/** The pg the app's pool runs on (@siplog/db's own copy). */
const pg = createRequire(require.resolve('@siplog/db'))('pg') as { Client: { prototype: { query: (...args: unknown[]) => unknown } } };

/** Issue 32's bound: the event clock's read for the remembered token, the write with its checks and effects, the announcement. */
const MOST_ROUND_TRIPS = 3;

async function userId(db: Database, username: string): Promise<number> {
  return (await db.select().from(users).where(eq(users.username, username)))[0]!.id;
}

/** Waits (at most 2 s) until `heard` holds what `expected` looks for. */
async function eventually(heard: () => unknown, expected: unknown): Promise<void> {
  const deadline = Date.now() + 2_000;
  while (Date.now() < deadline) {
    try {
      expect(heard()).toEqual(expected);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  expect(heard()).toEqual(expected);
}

/**
 * Issue 32: on PostgreSQL every statement is a round trip to the database, so a like, an unlike and a comment (their
 * checks, the write, the notifications, the count, the public cache's announcement) must cost at most three each.
 * Every statement a request causes is counted, those sent after it was answered too (a NOTIFY for the bells); the
 * app's timers (the mailer, the sweepers) run outside any request and are not.
 */
describe.runIf(DIALECT === 'pg')('round trips of a like, an unlike and a comment on PostgreSQL', () => {
  let app: TestApp;
  let bob: TestAccount;
  let cal: TestAccount;
  let postid: number;
  /** Another node: its own connections and EventBus, and what it hears the app's node tell the bells and the cache. */
  let other: PgDatabase;
  let otherBus: EventBus;
  const bells: number[] = [];
  const staleTags: string[] = [];
  /** The statements of the request being served, by the request. */
  const request = new AsyncLocalStorage<string[]>();
  /** Where the next request the server takes sends its statements. */
  let nextCounted: string[] | undefined;
  const query = pg.Client.prototype.query;

  /** The answer to one request, and the statements it sent (their prepared name, or their SQL), once it has gone quiet. */
  async function counted(send: () => Promise<{ status: number; body: any }>): Promise<{ status: number; body: any; statements: string[] }> {
    const statements: string[] = [];
    nextCounted = statements;
    const answer = await send();
    // What a request sends after its answer (a NOTIFY queued for the next turn of the event loop) is its own too.
    await new Promise((resolve) => setTimeout(resolve, 100));
    return { ...answer, statements };
  }

  beforeAll(async () => {
    app = await startTestApp();
    await registerAccount(app, 'annrounds');
    bob = await registerAccount(app, 'bobrounds');
    cal = await registerAccount(app, 'calrounds');
    await registerAccount(app, 'danrounds');
    const place = await insertEstablishment(app.data, { placeId: 'siplog:rounds', name: 'Rounds Cafe', lat: 30.27, lng: -97.74 });
    postid = (
      await app.data
        .insert(posts)
        .values({ userId: await userId(app.data, 'annrounds'), establishmentId: place.id, orderText: 'Cortado', review: 'Short and sweet', rating: 5 })
        .returning()
    )[0]!.id;
    // An earlier commenter, so a new comment also tells someone of a reply.
    expect((await app.post('/api/post/addcomment', { postid, comment: 'First!' }, cal.auth)).status).toBe(200);

    // A counted request is served inside its list: every statement it causes, at once or later, lands there.
    const server = app.get(HttpAdapterHost).httpAdapter.getHttpServer() as http.Server;
    const listeners = server.listeners('request') as Array<(req: http.IncomingMessage, res: http.ServerResponse) => void>;
    server.removeAllListeners('request');
    server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
      const into = nextCounted;
      nextCounted = undefined;
      const serve = () => listeners.forEach((listener) => listener.call(server, req, res));
      if (into) request.run(into, serve);
      else serve();
    });
    pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
      const statement = args[0] as string | { name?: string; text?: string };
      request.getStore()?.push(typeof statement === 'string' ? statement : (statement.name ?? statement.text ?? '?'));
      return query.apply(this, args);
    };
    other = new PgDatabase(app.config.databaseUrl!);
    otherBus = new EventBus(other, new EventClockRepository(other));
    await otherBus.onModuleInit();
    otherBus.subscribe('notification', (people) => bells.push(...(people ?? [])));
    otherBus.subscribe('cache', (tags) => staleTags.push(...(tags ?? [])));
    // The token is remembered from here on, as on every request after a person's first.
    expect((await app.post('/api/post/ispostliked', { postid }, bob.auth)).status).toBe(200);
  });
  afterAll(async () => {
    pg.Client.prototype.query = query;
    await otherBus?.onApplicationShutdown();
    await other?.close();
    await app.close();
  });

  it('a like, which tells the author (on every node), costs at most 3 round trips', async () => {
    bells.length = 0;
    staleTags.length = 0;
    const like = await counted(() => app.post('/api/post/likepost', { postid }, bob.auth));
    expect(like.body).toEqual({ status: 200, liked: true, likes: 1 });
    expect(like.statements.length, like.statements.join('\n')).toBeLessThanOrEqual(MOST_ROUND_TRIPS);
    const annId = await userId(app.data, 'annrounds');
    const told = await app.data.select().from(notifications).where(eq(notifications.kind, 'like'));
    expect(told.map((row) => row.userId)).toEqual([annId]);
    // The author's bell and the answers gone stale reach the other node too.
    await eventually(() => [bells, staleTags.includes(postTag(postid))], [[annId], true]);
  });

  it('an unlike, which takes the unread notification back (the bell falls on every node), costs at most 3 round trips', async () => {
    bells.length = 0;
    const unlike = await counted(() => app.post('/api/post/unlikepost', { postid }, bob.auth));
    expect(unlike.body).toEqual({ status: 200, liked: false, likes: 0 });
    expect(unlike.statements.length, unlike.statements.join('\n')).toBeLessThanOrEqual(MOST_ROUND_TRIPS);
    expect(await app.data.select().from(notifications).where(eq(notifications.kind, 'like'))).toEqual([]);
    await eventually(() => bells, [await userId(app.data, 'annrounds')]);
  });

  it('a comment, which spends the comment budget, names someone and tells the author and an earlier commenter (on every node), costs at most 3 round trips', async () => {
    bells.length = 0;
    const comment = await counted(() => app.post('/api/post/addcomment', { postid, comment: 'Agreed, @danrounds should try it' }, bob.auth));
    expect(comment.status).toBe(200);
    expect(comment.body.comment).toMatchObject({ username: 'bobrounds', comment: 'Agreed, @danrounds should try it', mentions: ['danrounds'] });
    expect(comment.statements.length, comment.statements.join('\n')).toBeLessThanOrEqual(MOST_ROUND_TRIPS);
    const told = await app.data.select().from(notifications).where(eq(notifications.commentId, comment.body.comment.comment_id));
    const kindOf = new Map(told.map((row) => [row.userId, row.kind]));
    const [annId, danId, calId] = [await userId(app.data, 'annrounds'), await userId(app.data, 'danrounds'), await userId(app.data, 'calrounds')];
    expect(kindOf).toEqual(
      new Map([
        [annId, 'comment'],
        [danId, 'mention'],
        [calId, 'reply'],
      ]),
    );
    await eventually(() => [...new Set(bells)].sort(), [annId, calId, danId].sort());
    expect(await app.data.select().from(comments).where(eq(comments.postId, postid))).toHaveLength(2);
  });
});
