import { and, isNull, sql } from 'drizzle-orm';
import { bigint, boolean, check, customType, doublePrecision, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { NOTIFICATION_KIND_VALUES, REPORT_ACTION_VALUES, REPORT_KIND_VALUES, REPORT_REASON_VALUES, USER_ROLES, WORKING_PLACES_SQL } from './sqlite';

/*
 * The PostgreSQL twin of ./sqlite.ts: same tables, columns, indexes and constraints, and the same TypeScript row
 * types per table (schema-types.spec.ts), so code compiled against these tables runs on either database.
 * schema-parity.spec.ts compares the two; change both together.
 */

// Plain constants are shared as they are (the same objects); anything built over tables is declared again below.
export {
  ACTIVE_USER_SQL,
  NOTIFICATION_KIND_VALUES,
  REPORT_ACTION_VALUES,
  REPORT_KIND_VALUES,
  REPORT_REASON_VALUES,
  USER_ROLES,
  WORKING_AMENITY_BITS,
  WORKING_PLACES_SQL,
} from './sqlite';

/**
 * SQLite's `integer({ mode: 'timestamp_ms' })`: a Date kept as epoch milliseconds in a bigint, so hand-written SQL
 * compares numbers of ms on both databases. node-postgres answers int8 as a string, JSON aggregates as a number.
 */
const timestampMs = customType<{ data: Date; driverData: number | string }>({
  dataType: () => 'bigint',
  toDriver: (value) => value.getTime(),
  fromDriver: (value) => new Date(Number(value)),
});

/** SQLite's `text({ mode: 'json' })`: JSON in a text column (not jsonb, so the stored text is the same). */
const jsonText = customType<{ data: unknown; driverData: string }>({
  dataType: () => 'text',
  toDriver: (value) => JSON.stringify(value),
  fromDriver: (value) => JSON.parse(value) as unknown,
});

/** Creation time in epoch milliseconds, set by PostgreSQL so every writer agrees (SQLite: `unixepoch('subsec') * 1000`). */
const createdAt = () =>
  timestampMs('created_at')
    .notNull()
    .default(sql`(floor(extract(epoch from statement_timestamp()) * 1000))::bigint`);

/** SQLite's `integer('id').primaryKey({ autoIncrement: true })`: never reused, optional on insert. */
const serialId = () => integer('id').primaryKey().generatedByDefaultAsIdentity();

/*
 * Indexes on nullable columns are built NULLS FIRST, SQLite's order, so queries spelling SQLite's NULL order
 * (`desc nulls last`, `asc nulls first`: both databases accept it) can walk them.
 */

export const users = pgTable(
  'users',
  {
    id: serialId(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone').notNull().default(''),
    zipCode: text('zip_code').notNull().default(''),
    address: text('address').notNull().default(''),
    yearOfBirth: integer('year_of_birth'),
    gender: text('gender').notNull().default(''),
    bio: text('bio').notNull().default(''),
    currentFavOrder: text('current_fav_order').notNull().default(''),
    role: text('role', { enum: USER_ROLES }).notNull().default('user'),
    verified: boolean('verified').notNull().default(false),
    /** Follow requests from other servers wait for this person's Accept or Reject (issue 30); off: accepted at once. */
    approveFollowers: boolean('approve_followers').notNull().default(false),
    tempPasswordHash: text('temp_password_hash'),
    tempPasswordExpiresAt: timestampMs('temp_password_expires_at'),
    recoveryPasswordHash: text('recovery_password_hash'),
    recoveryExpiresAt: timestampMs('recovery_expires_at'),
    deactivatedAt: timestampMs('deactivated_at'),
    suspendedAt: timestampMs('suspended_at'),
    suspensionReason: text('suspension_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_username_unique').on(t.username),
    index('users_name_idx').on(t.firstName, t.lastName),
  ],
);

/** sqlite.ts's isActiveUser over these tables. */
export const isActiveUser = and(isNull(users.deactivatedAt), isNull(users.suspendedAt))!;

export const profileImages = pgTable(
  'profile_images',
  {
    id: serialId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('profile_images_user_idx').on(t.userId, t.id), uniqueIndex('profile_images_file_unique').on(t.fileName)],
);

export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serialId(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestampMs('expires_at').notNull(),
    consumedAt: timestampMs('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('verification_codes_email_idx').on(t.email, t.createdAt)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestampMs('expires_at').notNull(),
    revokedAt: timestampMs('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/*
 * The custom migration in drizzle-pg also gives establishments `establishments_search_idx` (GIN over
 * establishment_search(name, street, city): FTS5's twin) and `establishments_geo_idx` (GiST over point(lng, lat):
 * the R*Tree's twin), the slug guards and the review totals triggers.
 */
export const establishments = pgTable(
  'establishments',
  {
    id: serialId(),
    placeId: text('place_id').notNull(),
    name: text('name').notNull(),
    street: text('street').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    zip: text('zip').notNull().default(''),
    country: text('country').notNull().default(''),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    details: jsonText('details'),
    /** Nullable as on SQLite (types stay equal); triggers refuse NULL. */
    slug: text('slug'),
    postCount: integer('post_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    /**
     * Which of coffee (1), tea (2) and boba (4) at least a third of the place's reviews with drink details are: the
     * map's filters. Kept by triggers on posts (SQLite 0008, PostgreSQL 0004).
     */
    drinkMix: integer('drink_mix').notNull().default(0),
    lastPostAt: timestampMs('last_post_at'),
    openingHours: text('opening_hours'),
    timeZone: text('time_zone'),
    hoursUntil: bigint('hours_until', { mode: 'number' }),
    openFrom: bigint('open_from', { mode: 'number' }),
    openUntil: bigint('open_until', { mode: 'number' }),
    nextFrom: bigint('next_from', { mode: 'number' }),
    nextUntil: bigint('next_until', { mode: 'number' }),
    amenitiesYes: integer('amenities_yes').notNull().default(0),
    amenitiesNo: integer('amenities_no').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('establishments_place_id_unique').on(t.placeId),
    uniqueIndex('establishments_slug_unique').on(t.slug.asc().nullsFirst()),
    index('establishments_last_post_idx').on(t.lastPostAt.asc().nullsFirst(), t.id),
    index('establishments_hours_until_idx').on(t.hoursUntil.asc().nullsFirst()),
    index('establishments_open_until_idx').on(t.openUntil.asc().nullsFirst()),
    index('establishments_rank_idx').on(t.postCount, t.id, t.lat, t.lng),
    index('establishments_open_rank_idx')
      .on(t.postCount, t.id, t.lat, t.lng, t.openFrom.asc().nullsFirst(), t.openUntil.asc().nullsFirst(), t.amenitiesYes, t.amenitiesNo)
      .where(sql`${t.openUntil} is not null`),
    index('establishments_working_rank_idx')
      .on(t.postCount, t.id, t.lat, t.lng, t.openFrom.asc().nullsFirst(), t.openUntil.asc().nullsFirst())
      .where(sql.raw(WORKING_PLACES_SQL)),
  ],
);

export const posts = pgTable(
  'posts',
  {
    id: serialId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    establishmentId: integer('establishment_id')
      .notNull()
      .references(() => establishments.id, { onDelete: 'cascade' }),
    orderText: text('order_text').notNull(),
    review: text('review').notNull(),
    rating: integer('rating').notNull(),
    /**
     * Drink details (issue 19), all null when none were given: values of contracts' DRINK_* lists, toppings as
     * their values joined by commas in the list's order ('' for none chosen). drink_group is the kind's group
     * (coffee, tea, boba, other), kept beside it so SQL can count groups without the lists (establishments.drink_mix).
     */
    drinkKind: text('drink_kind'),
    drinkGroup: text('drink_group'),
    drinkTemperature: text('drink_temperature'),
    drinkMilk: text('drink_milk'),
    drinkSweetness: integer('drink_sweetness'),
    drinkToppings: text('drink_toppings'),
    createdAt: createdAt(),
  },
  (t) => [
    index('posts_recent_idx').on(t.createdAt, t.id),
    index('posts_establishment_idx').on(t.establishmentId, t.createdAt),
    /**
     * Best orders (issue 19) read a place's newest reviews from this index alone (covering: no table row is visited),
     * about twice as fast as through posts_establishment_idx at 500 reviews.
     */
    index('posts_best_orders_idx').on(
      t.establishmentId,
      t.createdAt,
      t.id,
      t.rating,
      t.userId,
      t.drinkKind.asc().nullsFirst(),
      t.drinkMilk.asc().nullsFirst(),
      t.drinkTemperature.asc().nullsFirst(),
      t.orderText,
    ),
    /**
     * Counts a place's reviews by drink (the map's Coffee, Tea and Boba filters); with the author, so leaving out
     * hidden people's reviews reads no post rows.
     */
    index('posts_establishment_drink_idx').on(t.establishmentId, t.drinkGroup.asc().nullsFirst(), t.userId),
    index('posts_user_recent_idx').on(t.userId, t.createdAt),
    index('posts_user_rating_idx').on(t.userId, t.rating, t.createdAt),
    check('posts_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);

export const postImages = pgTable(
  'post_images',
  {
    id: serialId(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [index('post_images_post_idx').on(t.postId, t.position), uniqueIndex('post_images_file_unique').on(t.fileName)],
);

export const postLikes = pgTable(
  'post_likes',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('post_likes_user_idx').on(t.userId)],
);

export const comments = pgTable(
  'comments',
  {
    id: serialId(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('comments_post_idx').on(t.postId, t.createdAt)],
);

export const userFollows = pgTable(
  'user_follows',
  {
    followerId: integer('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followeeId: integer('followee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followeeId] }),
    index('user_follows_followee_idx').on(t.followeeId, t.followerId),
    check('user_follows_not_self', sql`${t.followerId} <> ${t.followeeId}`),
  ],
);

export const placeFollows = pgTable(
  'place_follows',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    establishmentId: integer('establishment_id')
      .notNull()
      .references(() => establishments.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.establishmentId] }),
    index('place_follows_establishment_idx').on(t.establishmentId, t.userId),
  ],
);

/** Places a person wants to try (issue 19): most recent first on My Log; a review of the place takes it off. */
export const wantToTry = pgTable(
  'want_to_try',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    establishmentId: integer('establishment_id')
      .notNull()
      .references(() => establishments.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.establishmentId] }),
    index('want_to_try_user_recent_idx').on(t.userId, t.createdAt),
    index('want_to_try_establishment_idx').on(t.establishmentId),
  ],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serialId(),
    supportEmail: text('support_email').notNull(),
    clientEmail: text('client_email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone').notNull(),
    message: text('message').notNull(),
    ip: text('ip').notNull().default(''),
    mailedAt: timestampMs('mailed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: serialId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who did it: a person here, or (remoteActorId) someone on another server (issue 30); exactly one of the two. */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'cascade' }),
    remoteActorId: integer('remote_actor_id').references(() => remoteActors.id, { onDelete: 'cascade' }),
    /** A reply from someone elsewhere (issue 30) this is about; it goes with the reply. */
    remoteCommentId: integer('remote_comment_id').references(() => remoteComments.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KIND_VALUES }).notNull(),
    postId: integer('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    commentId: integer('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    establishmentId: integer('establishment_id').references(() => establishments.id, { onDelete: 'cascade' }),
    readAt: timestampMs('read_at'),
    emailPending: boolean('email_pending').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    index('notifications_email_pending_idx').on(t.userId, t.id).where(sql`${t.emailPending} = true`),
    index('notifications_post_idx').on(t.postId.asc().nullsFirst()),
    index('notifications_comment_idx').on(t.commentId).where(sql`${t.commentId} is not null`),
    index('notifications_establishment_idx').on(t.establishmentId).where(sql`${t.establishmentId} is not null`),
    index('notifications_actor_idx').on(t.actorId.asc().nullsFirst()),
    uniqueIndex('notifications_one_like_unique').on(t.userId, t.actorId.asc().nullsFirst(), t.postId.asc().nullsFirst()).where(sql`${t.kind} = 'like'`),
    uniqueIndex('notifications_one_follow_unique').on(t.userId, t.actorId.asc().nullsFirst()).where(sql`${t.kind} = 'follow'`),
    uniqueIndex('notifications_one_unread_reply_unique').on(t.userId, t.postId.asc().nullsFirst(), t.actorId.asc().nullsFirst()).where(sql`${t.kind} = 'reply' and ${t.readAt} is null`),
    check('notifications_not_self', sql`${t.userId} <> ${t.actorId}`),
    check('notifications_one_actor', sql`(${t.actorId} is null) <> (${t.remoteActorId} is null)`),
    index('notifications_remote_comment_idx').on(t.remoteCommentId).where(sql`${t.remoteCommentId} is not null`),
    index('notifications_remote_actor_idx').on(t.remoteActorId.asc().nullsFirst()).where(sql`${t.remoteActorId} is not null`),
    uniqueIndex('notifications_one_remote_like_unique')
      .on(t.userId, t.remoteActorId.asc().nullsFirst(), t.postId.asc().nullsFirst())
      .where(sql`${t.kind} = 'like' and ${t.remoteActorId} is not null`),
  ],
);

export const mentions = pgTable(
  'mentions',
  {
    id: serialId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: integer('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    commentId: integer('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('mentions_post_unique').on(t.postId, t.userId).where(sql`${t.postId} is not null`),
    uniqueIndex('mentions_comment_unique').on(t.commentId, t.userId).where(sql`${t.commentId} is not null`),
    index('mentions_user_idx').on(t.userId),
    check('mentions_one_source', sql`(${t.postId} is null) <> (${t.commentId} is null)`),
  ],
);

export const emailPreferences = pgTable(
  'email_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KIND_VALUES }).notNull(),
    enabled: boolean('enabled').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

export const notificationDigests = pgTable('notification_digests', {
  /**
   * SQLite types an integer primary key as optional on insert (it would take a rowid); the same type here, but
   * leaving it out is refused rather than guessed.
   */
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' })
    .$defaultFn(() => {
      throw new Error('notification_digests.user_id is required');
    }),
  lastSentAt: timestampMs('last_sent_at').notNull(),
});

export const mailQueue = pgTable(
  'mail_queue',
  {
    id: serialId(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    headers: jsonText('headers').$type<Record<string, string>>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestampMs('next_attempt_at').notNull(),
    claimedUntil: timestampMs('claimed_until'),
    lastError: text('last_error'),
    messageId: text('message_id'),
    sentAt: timestampMs('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [index('mail_queue_due_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} is null`)],
);

export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('user_blocks_blocked_idx').on(t.blockedId, t.blockerId),
    check('user_blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

export const reports = pgTable(
  'reports',
  {
    id: serialId(),
    /** Who reported it here; null for a report another server sent (a Flag, `fromHost`). */
    reporterId: integer('reporter_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Whose it is here; null for someone elsewhere's (`remoteActorId`, issue 30). */
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The person elsewhere it is about (their reply or themselves); forgetting them takes their reports. */
    remoteActorId: integer('remote_actor_id').references(() => remoteActors.id, { onDelete: 'cascade' }),
    /** The server whose Flag this is (a report from there, reporter unnamed). */
    fromHost: text('from_host'),
    /** The incoming Flag's id: the same Flag twice is one report. */
    flagUri: text('flag_uri'),
    kind: text('kind', { enum: REPORT_KIND_VALUES }).notNull(),
    targetKey: text('target_key').notNull(),
    reason: text('reason', { enum: REPORT_REASON_VALUES }).notNull(),
    note: text('note').notNull().default(''),
    snapshot: jsonText('snapshot').$type<Record<string, unknown>>().notNull(),
    action: text('action', { enum: REPORT_ACTION_VALUES }),
    closedAt: timestampMs('closed_at'),
    forwarded: boolean('forwarded').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reports_one_open_unique').on(t.reporterId.asc().nullsFirst(), t.kind, t.targetKey).where(sql`${t.closedAt} is null`),
    uniqueIndex('reports_flag_unique').on(t.flagUri.asc().nullsFirst()).where(sql`${t.flagUri} is not null`),
    index('reports_remote_actor_idx').on(t.remoteActorId.asc().nullsFirst()).where(sql`${t.remoteActorId} is not null`),
    check('reports_one_reporter', sql`(${t.reporterId} is null) <> (${t.fromHost} is null)`),
    check('reports_one_owner', sql`(${t.ownerId} is null) <> (${t.remoteActorId} is null)`),
    index('reports_open_idx').on(t.kind, t.targetKey).where(sql`${t.closedAt} is null`),
    index('reports_created_idx').on(t.closedAt.asc().nullsFirst(), t.id),
    index('reports_owner_idx').on(t.ownerId.asc().nullsFirst()),
    index('reports_reporter_idx').on(t.reporterId.asc().nullsFirst()),
  ],
);

export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: serialId(),
    adminEmail: text('admin_email').notNull(),
    action: text('action').notNull(),
    targetKind: text('target_kind').notNull(),
    target: text('target').notNull(),
    reason: text('reason').notNull().default(''),
    reportId: integer('report_id'),
    personId: integer('person_id'),
    personUsername: text('person_username'),
    createdAt: createdAt(),
  },
  (t) => [index('moderation_actions_created_idx').on(t.createdAt)],
);

/* State the API nodes share (issue 18); see sqlite.ts. */

export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull().default(0),
  expire: bigint('expire', { mode: 'number' }),
});

export const appSettings = pgTable('app_settings', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

export const sharedCache = pgTable(
  'shared_cache',
  {
    key: text('key').primaryKey(),
    value: text('value').notNull(),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('shared_cache_expires_idx').on(t.expiresAt)],
);

export const federationKeys = pgTable(
  'federation_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    algorithm: text('algorithm').notNull(),
    publicJwk: text('public_jwk').notNull(),
    privateJwk: text('private_jwk').notNull(),
    createdAt: timestampMs('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.algorithm] })],
);

export const federationInstanceKeys = pgTable('federation_instance_keys', {
  algorithm: text('algorithm').primaryKey(),
  publicJwk: text('public_jwk').notNull(),
  privateJwk: text('private_jwk').notNull(),
  createdAt: timestampMs('created_at').notNull(),
});

export const federationKv = pgTable(
  'federation_kv',
  {
    key: text('key').primaryKey(),
    value: text('value').notNull(),
    expiresAt: bigint('expires_at', { mode: 'number' }),
  },
  (t) => [index('federation_kv_expires_idx').on(t.expiresAt.asc().nullsFirst())],
);

export const federationQueue = pgTable(
  'federation_queue',
  {
    id: serialId(),
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    orderingKey: text('ordering_key'),
    targetHost: text('target_host'),
    runAt: bigint('run_at', { mode: 'number' }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    claimedUntil: bigint('claimed_until', { mode: 'number' }),
    failedAt: bigint('failed_at', { mode: 'number' }),
    lastError: text('last_error'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('federation_queue_due_idx').on(t.runAt).where(sql`${t.failedAt} is null`),
    index('federation_queue_ordering_idx').on(t.orderingKey, t.id).where(sql`${t.orderingKey} is not null`),
    // The deliveries in hand per server: one at a time each, so a slow server holds one worker, not all.
    index('federation_queue_host_idx').on(t.targetHost.asc().nullsFirst()).where(sql`${t.claimedUntil} is not null`),
  ],
);

export const remoteActors = pgTable(
  'remote_actors',
  {
    id: serialId(),
    uri: text('uri').notNull(),
    handle: text('handle').notNull(),
    host: text('host').notNull(),
    inbox: text('inbox').notNull(),
    sharedInbox: text('shared_inbox'),
    name: text('name').notNull(),
    iconUrl: text('icon_url'),
    profileUrl: text('profile_url'),
    /** Their avatar as fetched once from iconUrl through the image pipeline and served from our store (null: none yet). */
    avatarFile: text('avatar_file'),
    /** The iconUrl avatarFile was made from: a new icon is fetched again, the same one never. */
    avatarSource: text('avatar_source'),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('remote_actors_uri_idx').on(t.uri), index('remote_actors_handle_idx').on(t.handle), index('remote_actors_host_idx').on(t.host)],
);

export const remoteFollowers = pgTable(
  'remote_followers',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id')
      .notNull()
      .references(() => remoteActors.id, { onDelete: 'cascade' }),
    followUri: text('follow_uri').notNull(),
    accepted: boolean('accepted').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.actorId] }), index('remote_followers_actor_idx').on(t.actorId)],
);

export const remoteFollowing = pgTable(
  'remote_following',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id')
      .notNull()
      .references(() => remoteActors.id, { onDelete: 'cascade' }),
    followUri: text('follow_uri').notNull(),
    accepted: boolean('accepted').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.actorId] }), index('remote_following_actor_idx').on(t.actorId)],
);

export const remoteActorBlocks = pgTable(
  'remote_actor_blocks',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id')
      .notNull()
      .references(() => remoteActors.id, { onDelete: 'cascade' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.actorId] }), index('remote_actor_blocks_actor_idx').on(t.actorId)],
);

export const federationDomains = pgTable(
  'federation_domains',
  {
    host: text('host').primaryKey(),
    policy: text('policy', { enum: ['block', 'silence'] }).notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [check('federation_domains_policy_check', sql`${t.policy} in ('block', 'silence')`)],
);

export const remoteLikes = pgTable(
  'remote_likes',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id')
      .notNull()
      .references(() => remoteActors.id, { onDelete: 'cascade' }),
    activityUri: text('activity_uri').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.actorId] }), index('remote_likes_actor_idx').on(t.actorId)],
);

export const federationDepartures = pgTable('federation_departures', {
  /** The actor's identifier (the user id as text, as in /ap/users/{identifier}). */
  identifier: text('identifier').primaryKey(),
  publicKeys: text('public_keys').notNull(),
  leftAt: bigint('left_at', { mode: 'number' }).notNull(),
});

/**
 * Replies from people on other servers to a review here (issue 30): shown with its comments, never a local comment.
 * `uri` is the reply's Note id, which its Update and Delete name; `body` is its text, plain, within the comment limit.
 */
export const remoteComments = pgTable(
  'remote_comments',
  {
    id: serialId(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id')
      .notNull()
      .references(() => remoteActors.id, { onDelete: 'cascade' }),
    uri: text('uri').notNull(),
    body: text('body').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('remote_comments_uri_idx').on(t.uri),
    index('remote_comments_post_idx').on(t.postId, t.createdAt),
    index('remote_comments_actor_idx').on(t.actorId),
  ],
);

/**
 * Reviews from people on other servers that someone here follows (issue 30): a Note with a `Place` location and a
 * rating, shown in its followers' Following feed marked with its server. `uri` is the Note's id (its Update and
 * Delete name it), `url` its page there. The place is a local one within 50 m of the same name (`establishmentId`),
 * else kept as it came (name, address, coordinates, `placeUrl`). `body` is its text, plain, within the review limit.
 */
export const remoteReviews = pgTable(
  'remote_reviews',
  {
    id: serialId(),
    actorId: integer('actor_id')
      .notNull()
      .references(() => remoteActors.id, { onDelete: 'cascade' }),
    uri: text('uri').notNull(),
    url: text('url'),
    rating: integer('rating').notNull(),
    /** What they had, when the Note says (a Siplog review's order); '' otherwise. */
    orderText: text('order_text').notNull().default(''),
    body: text('body').notNull(),
    establishmentId: integer('establishment_id').references(() => establishments.id, { onDelete: 'set null' }),
    placeName: text('place_name').notNull(),
    placeAddress: text('place_address').notNull().default(''),
    placeUrl: text('place_url'),
    /** Its photos as they came: up to three {url, alt} (JSON), fetched once into our store (imageFiles). */
    imageSources: text('image_sources').notNull().default('[]'),
    /** The stored copies of imageSources, in their order (JSON names; shorter while they are being fetched). */
    imageFiles: text('image_files').notNull().default('[]'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('remote_reviews_uri_idx').on(t.uri),
    // A followed person's newest first: the Following feed reads each followed person's page from here.
    index('remote_reviews_actor_recent_idx').on(t.actorId, t.createdAt, t.id),
  ],
);

/** Likes people here gave reviews from elsewhere (issue 30): the Like went to the author's server; `activity_uri` is its id, which an Undo names. */
export const remoteReviewLikes = pgTable(
  'remote_review_likes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    remoteReviewId: integer('remote_review_id')
      .notNull()
      .references(() => remoteReviews.id, { onDelete: 'cascade' }),
    activityUri: text('activity_uri').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.remoteReviewId] }), index('remote_review_likes_review_idx').on(t.remoteReviewId)],
);

/**
 * Replies people here sent to reviews from elsewhere (issue 30): a public Note (`note_uri`, under the person's actor)
 * in reply to the review went to its author's server; kept so the card shows them and their author can take one back.
 */
export const remoteReviewReplies = pgTable(
  'remote_review_replies',
  {
    id: serialId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    remoteReviewId: integer('remote_review_id')
      .notNull()
      .references(() => remoteReviews.id, { onDelete: 'cascade' }),
    noteUri: text('note_uri').notNull(),
    body: text('body').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('remote_review_replies_note_idx').on(t.noteUri), index('remote_review_replies_review_idx').on(t.remoteReviewId, t.userId)],
);

export const placeHoursIntervals = pgTable(
  'place_hours_intervals',
  {
    establishmentId: integer('establishment_id')
      .notNull()
      .references(() => establishments.id, { onDelete: 'cascade' }),
    startsAt: bigint('starts_at', { mode: 'number' }).notNull(),
    endsAt: bigint('ends_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.establishmentId, t.endsAt] })],
);

export const placeHoursChanges = pgTable(
  'place_hours_changes',
  {
    id: serialId(),
    establishmentId: integer('establishment_id')
      .notNull()
      .references(() => establishments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    before: text('before'),
    after: text('after'),
    revertsId: integer('reverts_id'),
    revertedAt: bigint('reverted_at', { mode: 'number' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('place_hours_changes_place_idx').on(t.establishmentId, t.id), index('place_hours_changes_user_idx').on(t.userId, t.createdAt)],
);

export const postAmenities = pgTable(
  'post_amenities',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    amenity: text('amenity').notNull(),
    value: boolean('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.amenity] })],
);
