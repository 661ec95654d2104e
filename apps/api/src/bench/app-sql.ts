/**
 * The SQL our services prepare, read from the services themselves (not copied), so the raw server and the SQL
 * benchmarks run exactly the statements the app runs, and stay so when a service changes its query. Building a
 * service only prepares its statements on the connection given; nothing else of the app starts.
 */
import { drizzle } from 'drizzle-orm/better-sqlite3';
import type { DB } from '@siplog/db';
import { BlockRepository } from '../modules/block/block.repository';
import { BlockService } from '../modules/block/block.service';
import { NotificationRepository } from '../modules/notification/notification.repository';
import { NotificationService } from '../modules/notification/notification.service';
import { NotificationAudienceRepository } from '../modules/notification/notification-audience.repository';
import { EventBus } from '../modules/events/event-bus.service';
import { EventClockRepository } from '../modules/events/event-clock.repository';
import type { AppConfig } from '../config/app.config';
import type { ImageStore } from '../modules/media/image-store';
import type { PublicCacheService } from '../modules/public-cache/public-cache.service';
import type { RateLimitService } from '../modules/rate-limit/rate-limit.service';
import { RemoteCommentsRepository } from '../modules/post/remote-comments.repository';
import { RemoteCommentsService } from '../modules/post/remote-comments.service';
import { RemoteReviewsRepository } from '../modules/post/remote-reviews.repository';
import { RemoteReviewsService } from '../modules/post/remote-reviews.service';
import type { PlaceService } from '../modules/place/place.service';
import { PostAmenitiesRepository } from '../modules/post/post-amenities.repository';
import { PostRepository } from '../modules/post/post.repository';
import { PostService } from '../modules/post/post.service';
import { RecordingDatabase, type RecordedQuery } from '../test/recording-database';

type Sqlite = DB['$client'];

export interface AppStatement {
  sql: string;
  /** Placeholder names in the order of the SQL's `?`s. */
  params: string[];
}

function statementOf(query: RecordedQuery): AppStatement {
  return { sql: query.sql, params: query.params as string[] };
}

/** Positional arguments for an AppStatement from named values. */
export function argumentsOf(statement: AppStatement, values: Record<string, unknown>): unknown[] {
  return statement.params.map((name) => values[name]);
}

/** The Database the services are built on, over `sqlite`, keeping the SQL of what they prepare. */
function databaseOn(sqlite: Sqlite): RecordingDatabase {
  return new RecordingDatabase(drizzle({ client: sqlite }) as unknown as DB);
}

/**
 * PostService built on `sqlite`, with a NotificationService for its mention links: enough for its reads (the feeds
 * touch neither the rate limiter nor the public cache, which are left out).
 */
export function postServiceOn(sqlite: Sqlite, db: RecordingDatabase = databaseOn(sqlite)): PostService {
  const events = new EventBus(db, new EventClockRepository(db));
  const notifications = new NotificationService(
    new NotificationRepository(db),
    { notificationEmail: true } as AppConfig,
    events,
    new NotificationAudienceRepository(db),
  );
  const blocks = new BlockService(new BlockRepository(db), {} as PublicCacheService, notifications, events, db);
  const posts = new PostRepository(db);
  const remoteComments = new RemoteCommentsService(db, posts, new RemoteCommentsRepository(db), notifications, {} as PublicCacheService);
  const remoteReviews = new RemoteReviewsService(new RemoteReviewsRepository(db), {} as PlaceService, {} as AppConfig, {} as ImageStore);
  return new PostService(db, {} as RateLimitService, {} as PublicCacheService, notifications, blocks, posts, remoteComments, remoteReviews, new PostAmenitiesRepository(db));
}

/** NotificationRepository built on `sqlite`. */
export function notificationRepositoryOn(sqlite: Sqlite): NotificationRepository {
  return new NotificationRepository(databaseOn(sqlite));
}

/** One of NotificationRepository's statements by name, prepared synchronously on `sqlite` with the app's SQL. */
export function notificationStatement(sqlite: Sqlite, repository: NotificationRepository, name: string): ReturnType<Sqlite['prepare']> {
  const statement = (repository as unknown as { statements: Record<string, { source: string }> }).statements[name];
  if (!statement) throw new Error(`NotificationRepository has no statement ${name}`);
  return sqlite.prepare(statement.source);
}

export interface FollowingSql {
  /** PostRepository's following query: the Following feed page (per-source top-k merged). */
  following: AppStatement;
  /** PostRepository's followsCount query: how many people and places the caller follows. */
  followsCount: AppStatement;
  /** NotificationRepository's postMentionNames: the mention links of a page of reviews (named parameter :ids). */
  postMentionNames: string;
  /** PostAmenitiesRepository's answers: a page of reviews' amenity answers (named parameter :ids). */
  postAmenities: string;
}

/** The Following feed's SQL as PostRepository and NotificationRepository prepare it, read on a connection to `sqlite`. */
export function followingSqlOf(sqlite: Sqlite): FollowingSql {
  const db = databaseOn(sqlite);
  postServiceOn(sqlite, db);
  return {
    following: statementOf(db.query('post.following.open')),
    followsCount: statementOf(db.query('post.followsCount')),
    postMentionNames: notificationStatement(sqlite, notificationRepositoryOn(sqlite), 'postMentionNames').source,
    postAmenities: (new PostAmenitiesRepository(db) as unknown as { answersQuery: { source: string } }).answersQuery.source,
  };
}
