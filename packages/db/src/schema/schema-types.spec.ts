import type { Table } from 'drizzle-orm';
import { describe, expectTypeOf, it } from 'vitest';
import * as pg from './pg';
import * as sqlite from './sqlite';

/*
 * App code is compiled against the PostgreSQL tables and runs against the SQLite ones on SQLite, so each table's
 * row types must be the same on both. These assertions are checked by `tsc --noEmit` (the spec files are in
 * tsconfig.json); at run time expectTypeOf does nothing.
 */

type TableKeys<M> = { [K in keyof M]: M[K] extends Table ? K : never }[keyof M];
type Rows<M, Kind extends '$inferSelect' | '$inferInsert'> = {
  [K in TableKeys<M>]: M[K] extends Record<Kind, infer Row> ? Row : never;
};

describe('schema/pg.ts and schema/sqlite.ts', () => {
  it('export the same tables', () => {
    expectTypeOf<TableKeys<typeof pg>>().toEqualTypeOf<TableKeys<typeof sqlite>>();
  });

  it('give every table the same select and insert types', () => {
    expectTypeOf<Rows<typeof pg, '$inferSelect'>>().toEqualTypeOf<Rows<typeof sqlite, '$inferSelect'>>();
    expectTypeOf<Rows<typeof pg, '$inferInsert'>>().toEqualTypeOf<Rows<typeof sqlite, '$inferInsert'>>();
  });

  // One by one as well, so a failure names the table.
  it('users … moderation_actions, one by one', () => {
    expectTypeOf(pg.users.$inferSelect).toEqualTypeOf(sqlite.users.$inferSelect);
    expectTypeOf(pg.users.$inferInsert).toEqualTypeOf(sqlite.users.$inferInsert);
    expectTypeOf(pg.profileImages.$inferSelect).toEqualTypeOf(sqlite.profileImages.$inferSelect);
    expectTypeOf(pg.profileImages.$inferInsert).toEqualTypeOf(sqlite.profileImages.$inferInsert);
    expectTypeOf(pg.verificationCodes.$inferSelect).toEqualTypeOf(sqlite.verificationCodes.$inferSelect);
    expectTypeOf(pg.verificationCodes.$inferInsert).toEqualTypeOf(sqlite.verificationCodes.$inferInsert);
    expectTypeOf(pg.sessions.$inferSelect).toEqualTypeOf(sqlite.sessions.$inferSelect);
    expectTypeOf(pg.sessions.$inferInsert).toEqualTypeOf(sqlite.sessions.$inferInsert);
    expectTypeOf(pg.establishments.$inferSelect).toEqualTypeOf(sqlite.establishments.$inferSelect);
    expectTypeOf(pg.establishments.$inferInsert).toEqualTypeOf(sqlite.establishments.$inferInsert);
    expectTypeOf(pg.posts.$inferSelect).toEqualTypeOf(sqlite.posts.$inferSelect);
    expectTypeOf(pg.posts.$inferInsert).toEqualTypeOf(sqlite.posts.$inferInsert);
    expectTypeOf(pg.postImages.$inferSelect).toEqualTypeOf(sqlite.postImages.$inferSelect);
    expectTypeOf(pg.postImages.$inferInsert).toEqualTypeOf(sqlite.postImages.$inferInsert);
    expectTypeOf(pg.postLikes.$inferSelect).toEqualTypeOf(sqlite.postLikes.$inferSelect);
    expectTypeOf(pg.postLikes.$inferInsert).toEqualTypeOf(sqlite.postLikes.$inferInsert);
    expectTypeOf(pg.comments.$inferSelect).toEqualTypeOf(sqlite.comments.$inferSelect);
    expectTypeOf(pg.comments.$inferInsert).toEqualTypeOf(sqlite.comments.$inferInsert);
    expectTypeOf(pg.userFollows.$inferSelect).toEqualTypeOf(sqlite.userFollows.$inferSelect);
    expectTypeOf(pg.userFollows.$inferInsert).toEqualTypeOf(sqlite.userFollows.$inferInsert);
    expectTypeOf(pg.placeFollows.$inferSelect).toEqualTypeOf(sqlite.placeFollows.$inferSelect);
    expectTypeOf(pg.placeFollows.$inferInsert).toEqualTypeOf(sqlite.placeFollows.$inferInsert);
    expectTypeOf(pg.contactMessages.$inferSelect).toEqualTypeOf(sqlite.contactMessages.$inferSelect);
    expectTypeOf(pg.contactMessages.$inferInsert).toEqualTypeOf(sqlite.contactMessages.$inferInsert);
    expectTypeOf(pg.notifications.$inferSelect).toEqualTypeOf(sqlite.notifications.$inferSelect);
    expectTypeOf(pg.notifications.$inferInsert).toEqualTypeOf(sqlite.notifications.$inferInsert);
    expectTypeOf(pg.mentions.$inferSelect).toEqualTypeOf(sqlite.mentions.$inferSelect);
    expectTypeOf(pg.mentions.$inferInsert).toEqualTypeOf(sqlite.mentions.$inferInsert);
    expectTypeOf(pg.emailPreferences.$inferSelect).toEqualTypeOf(sqlite.emailPreferences.$inferSelect);
    expectTypeOf(pg.emailPreferences.$inferInsert).toEqualTypeOf(sqlite.emailPreferences.$inferInsert);
    expectTypeOf(pg.notificationDigests.$inferSelect).toEqualTypeOf(sqlite.notificationDigests.$inferSelect);
    expectTypeOf(pg.notificationDigests.$inferInsert).toEqualTypeOf(sqlite.notificationDigests.$inferInsert);
    expectTypeOf(pg.mailQueue.$inferSelect).toEqualTypeOf(sqlite.mailQueue.$inferSelect);
    expectTypeOf(pg.mailQueue.$inferInsert).toEqualTypeOf(sqlite.mailQueue.$inferInsert);
    expectTypeOf(pg.userBlocks.$inferSelect).toEqualTypeOf(sqlite.userBlocks.$inferSelect);
    expectTypeOf(pg.userBlocks.$inferInsert).toEqualTypeOf(sqlite.userBlocks.$inferInsert);
    expectTypeOf(pg.reports.$inferSelect).toEqualTypeOf(sqlite.reports.$inferSelect);
    expectTypeOf(pg.reports.$inferInsert).toEqualTypeOf(sqlite.reports.$inferInsert);
    expectTypeOf(pg.moderationActions.$inferSelect).toEqualTypeOf(sqlite.moderationActions.$inferSelect);
    expectTypeOf(pg.moderationActions.$inferInsert).toEqualTypeOf(sqlite.moderationActions.$inferInsert);
  });

  it('share the plain constants and type isActiveUser alike', () => {
    expectTypeOf(pg.USER_ROLES).toEqualTypeOf(sqlite.USER_ROLES);
    expectTypeOf(pg.NOTIFICATION_KIND_VALUES).toEqualTypeOf(sqlite.NOTIFICATION_KIND_VALUES);
    expectTypeOf(pg.REPORT_KIND_VALUES).toEqualTypeOf(sqlite.REPORT_KIND_VALUES);
    expectTypeOf(pg.REPORT_REASON_VALUES).toEqualTypeOf(sqlite.REPORT_REASON_VALUES);
    expectTypeOf(pg.REPORT_ACTION_VALUES).toEqualTypeOf(sqlite.REPORT_ACTION_VALUES);
    expectTypeOf(pg.ACTIVE_USER_SQL).toEqualTypeOf(sqlite.ACTIVE_USER_SQL);
    expectTypeOf(pg.isActiveUser).toEqualTypeOf(sqlite.isActiveUser);
  });
});
