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
import type { AppConfig } from '../config/app.config';
import type { PublicCacheService } from '../modules/public-cache/public-cache.service';
import type { RateLimitService } from '../modules/rate-limit/rate-limit.service';
import { PostService } from '../modules/post/post.service';

type Sqlite = DB['$client'];

/** A drizzle prepared query as PostService keeps it: its SQL and the names of its placeholders, in order. */
interface PreparedQuery {
  getQuery(): { sql: string; params: unknown[] };
}

export interface AppStatement {
  sql: string;
  /** Placeholder names in the order of the SQL's `?`s. */
  params: string[];
}

function statementOf(query: PreparedQuery): AppStatement {
  const { sql, params } = query.getQuery();
  return { sql, params: params.map((param) => (param as { name: string }).name) };
}

/** Positional arguments for an AppStatement from named values. */
export function argumentsOf(statement: AppStatement, values: Record<string, unknown>): unknown[] {
  return statement.params.map((name) => values[name]);
}

/**
 * PostService built on `sqlite`, with a NotificationService for its mention links: enough for its reads (the feeds
 * touch neither the rate limiter nor the public cache, which are left out).
 */
export function postServiceOn(sqlite: Sqlite): PostService {
  const notifications = new NotificationService(notificationRepositoryOn(sqlite), { notificationEmail: true } as AppConfig);
  const db = drizzle({ client: sqlite }) as unknown as DB;
  const blocks = new BlockService(new BlockRepository(db), {} as PublicCacheService);
  return new PostService(db, {} as RateLimitService, {} as PublicCacheService, notifications, blocks);
}

/** NotificationRepository built on `sqlite`; its statements are plain better-sqlite3 ones with named parameters. */
export function notificationRepositoryOn(sqlite: Sqlite): NotificationRepository {
  return new NotificationRepository(drizzle({ client: sqlite }) as unknown as DB);
}

/** One of NotificationRepository's prepared statements by name (its SQL, as the app runs it). */
export function notificationStatement(repository: NotificationRepository, name: string): ReturnType<Sqlite['prepare']> {
  const statement = (repository as unknown as { statements: Record<string, ReturnType<Sqlite['prepare']>> }).statements[name];
  if (!statement) throw new Error(`NotificationRepository has no statement ${name}`);
  return statement;
}

export interface FollowingSql {
  /** PostService.followingQuery: the Following feed page (per-source top-k merged). */
  following: AppStatement;
  /** PostService.followsCountQuery: how many people and places the caller follows. */
  followsCount: AppStatement;
  /** NotificationRepository's postMentionNames: the mention links of a page of reviews (named parameter :ids). */
  postMentionNames: string;
}

/** The Following feed's SQL as PostService and NotificationRepository prepare it, read on a connection to `sqlite`. */
export function followingSqlOf(sqlite: Sqlite): FollowingSql {
  const posts = postServiceOn(sqlite) as unknown as Record<'followingQuery' | 'followsCountQuery', PreparedQuery>;
  return {
    following: statementOf(posts.followingQuery),
    followsCount: statementOf(posts.followsCountQuery),
    postMentionNames: notificationStatement(notificationRepositoryOn(sqlite), 'postMentionNames').source,
  };
}
