import { and, isNull, sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { AMENITY_BITS, GOOD_FOR_WORKING } from '@siplog/contracts';

/** Creation time in epoch milliseconds, set by SQLite so every writer agrees. */
const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

/** Roles named in the terms. Admins are not a role: they are the accounts listed in ADMIN_EMAILS. */
export const USER_ROLES = ['user', 'agent', 'advertiser'] as const;

export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
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
    verified: integer('verified', { mode: 'boolean' }).notNull().default(false),
    /** Follow requests from other servers wait for this person's Accept or Reject (issue 30); off: accepted at once. */
    approveFollowers: integer('approve_followers', { mode: 'boolean' }).notNull().default(false),
    /** A single-use temporary password from 'Email Password'; the real password keeps working until it is used. */
    tempPasswordHash: text('temp_password_hash'),
    tempPasswordExpiresAt: integer('temp_password_expires_at', { mode: 'timestamp_ms' }),
    /**
     * A temporary password that has signed in moves here: it never signs in again, but Change Password (and
     * deactivation) accept it as the current password until this expires, so a forgotten password can be replaced.
     */
    recoveryPasswordHash: text('recovery_password_hash'),
    recoveryExpiresAt: integer('recovery_expires_at', { mode: 'timestamp_ms' }),
    /** Set by the person in their account settings (Terms: deactivation); signing in again reactivates. */
    deactivatedAt: integer('deactivated_at', { mode: 'timestamp_ms' }),
    /** Set by an admin (issue 17): hidden everywhere like a deactivated account, and refused at sign-in until unsuspended. */
    suspendedAt: integer('suspended_at', { mode: 'timestamp_ms' }),
    suspensionReason: text('suspension_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_username_unique').on(t.username),
    index('users_name_idx').on(t.firstName, t.lastName),
  ],
);

/**
 * People who are neither deactivated (Terms: hidden until they sign in again) nor suspended by an admin (hidden until
 * unsuspended). Plain SQL says the same with ACTIVE_USER_SQL.
 */
export const isActiveUser = and(isNull(users.deactivatedAt), isNull(users.suspendedAt))!;

/**
 * Contracts' GOOD_FOR_WORKING as masks over the amenity bits reviewers' answers keep (amenities_yes, amenities_no): a
 * place is good for working when its yes bits hold all of `confirmed` and its no bits none of `notDenied`. The one
 * home of the rule's bits: WORKING_PLACES_SQL below and the API's goodForWorking (a pin's mark) are both built on it.
 */
export const WORKING_AMENITY_BITS = {
  confirmed: GOOD_FOR_WORKING.confirmed.reduce((bits, amenity) => bits | AMENITY_BITS[amenity], 0),
  notDenied: GOOD_FOR_WORKING.notDenied.reduce((bits, amenity) => bits | AMENITY_BITS[amenity], 0),
} as const;

/**
 * Places good for working (WORKING_AMENITY_BITS) in SQL: the words of the partial index
 * establishments_working_rank_idx, which a query must repeat exactly for the index to serve it.
 */
export const WORKING_PLACES_SQL = `(amenities_yes & ${WORKING_AMENITY_BITS.confirmed}) = ${WORKING_AMENITY_BITS.confirmed} and (amenities_no & ${WORKING_AMENITY_BITS.notDenied}) = 0`;

/** isActiveUser for hand-written SQL: `${ACTIVE_USER_SQL('u')}` for the users row aliased u. */
export const ACTIVE_USER_SQL = (alias: string) => `${alias}.deactivated_at is null and ${alias}.suspended_at is null`;

export const profileImages = sqliteTable(
  'profile_images',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('profile_images_user_idx').on(t.userId, t.id), uniqueIndex('profile_images_file_unique').on(t.fileName)],
);

export const verificationCodes = sqliteTable(
  'verification_codes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    consumedAt: integer('consumed_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [index('verification_codes_email_idx').on(t.email, t.createdAt)],
);

/** One row per issued token (its jti): logout and password change revoke rows, and verification checks them. */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    revokedAt: integer('revoked_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const establishments = sqliteTable(
  'establishments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** The map provider's id for the place, or `siplog:{n}` for places known only to this app. */
    placeId: text('place_id').notNull(),
    name: text('name').notNull(),
    street: text('street').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    zip: text('zip').notNull().default(''),
    country: text('country').notNull().default(''),
    lat: real('lat').notNull(),
    lng: real('lng').notNull(),
    details: text('details', { mode: 'json' }),
    /**
     * The place's address in URLs (`/view/{slug}`): contracts' slugify(name, city), `-2`, `-3` on collision.
     * Every insert gives one (insertEstablishment fills it); a trigger (migration 0003) refuses NULL. The column
     * stays nullable in SQL because making it NOT NULL means rebuilding the table, and with foreign keys on
     * inside the migration transaction dropping the old table would cascade to every review.
     */
    slug: text('slug'),
    /** Kept by triggers on posts (migration 0002) so the map can rank pins without counting reviews per query. */
    postCount: integer('post_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    /**
     * Which of coffee (1), tea (2) and boba (4) at least a third of the place's reviews with drink details are: the
     * map's filters. Kept by triggers on posts (SQLite 0008, PostgreSQL 0004).
     */
    drinkMix: integer('drink_mix').notNull().default(0),
    lastPostAt: integer('last_post_at', { mode: 'timestamp_ms' }),
    /** OpenStreetMap `opening_hours` text (issue 31), as people last set it; null when nobody has. */
    openingHours: text('opening_hours'),
    /** The IANA time zone of the place's point, looked up when its hours are set: the hours are its local time. */
    timeZone: text('time_zone'),
    /** Epoch ms up to which place_hours_intervals holds the place's open intervals (a sweep rolls it forward). */
    hoursUntil: integer('hours_until'),
    /**
     * The place's current or next open interval [open_from, open_until), epoch ms, and the one after it [next_from,
     * next_until), copied from place_hours_intervals and moved on by the minute once the first ends: "Open now" is
     * then two columns of an index, and a pin's status needs no look-up at all.
     */
    openFrom: integer('open_from'),
    openUntil: integer('open_until'),
    nextFrom: integer('next_from'),
    nextUntil: integer('next_until'),
    /** Amenity bits (contracts' AMENITIES) that reviewers' answers, newest weighing most, say yes to; and no to. */
    amenitiesYes: integer('amenities_yes').notNull().default(0),
    amenitiesNo: integer('amenities_no').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('establishments_place_id_unique').on(t.placeId),
    uniqueIndex('establishments_slug_unique').on(t.slug),
    index('establishments_last_post_idx').on(t.lastPostAt, t.id),
    index('establishments_hours_until_idx').on(t.hoursUntil),
    index('establishments_open_until_idx').on(t.openUntil),
    /** Most reviewed first, with the point: a dense map box walks this instead of sorting every place inside it. */
    index('establishments_rank_idx').on(t.postCount, t.id, t.lat, t.lng),
    /**
     * The same order over just the places with hours, and over just those good for working, each with the filters'
     * columns (issue 31): a dense box filtered by Open now or Good for working walks these, rejecting places
     * without reading their rows.
     */
    index('establishments_open_rank_idx')
      .on(t.postCount, t.id, t.lat, t.lng, t.openFrom, t.openUntil, t.amenitiesYes, t.amenitiesNo)
      .where(sql`${t.openUntil} is not null`),
    index('establishments_working_rank_idx').on(t.postCount, t.id, t.lat, t.lng, t.openFrom, t.openUntil).where(sql.raw(WORKING_PLACES_SQL)),
  ],
);

/*
 * Migration 0002 also creates, outside drizzle-kit's reach, two virtual tables over establishments kept in
 * sync by triggers: `establishments_rtree` (R*Tree: id, min_lat, max_lat, min_lng, max_lng) for the map's
 * bounds queries, and `establishments_fts` (FTS5 over name, street, city; unicode61 remove_diacritics 2)
 * for offline place search. The place module describes them for the query builder.
 */

export const posts = sqliteTable(
  'posts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
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
      t.drinkKind,
      t.drinkMilk,
      t.drinkTemperature,
      t.orderText,
    ),
    /**
     * Counts a place's reviews by drink (the map's Coffee, Tea and Boba filters); with the author, so leaving out
     * hidden people's reviews reads no post rows.
     */
    index('posts_establishment_drink_idx').on(t.establishmentId, t.drinkGroup, t.userId),
    index('posts_user_recent_idx').on(t.userId, t.createdAt),
    index('posts_user_rating_idx').on(t.userId, t.rating, t.createdAt),
    check('posts_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);

export const postImages = sqliteTable(
  'post_images',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [index('post_images_post_idx').on(t.postId, t.position), uniqueIndex('post_images_file_unique').on(t.fileName)],
);

export const postLikes = sqliteTable(
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

export const comments = sqliteTable(
  'comments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
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

export const userFollows = sqliteTable(
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

export const placeFollows = sqliteTable(
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
export const wantToTry = sqliteTable(
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

export const contactMessages = sqliteTable(
  'contact_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    supportEmail: text('support_email').notNull(),
    clientEmail: text('client_email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone').notNull(),
    message: text('message').notNull(),
    ip: text('ip').notNull().default(''),
    mailedAt: integer('mailed_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);

/** What someone is told about (issue 16); the kinds are listed once in contracts (NOTIFICATION_KINDS). */
export const NOTIFICATION_KIND_VALUES = ['follow', 'follow_request', 'like', 'comment', 'reply', 'mention', 'place_review', 'report_reviewed'] as const;

/**
 * One thing that happened to someone (`userId`, the recipient) by someone else (`actorId`). The review, comment or
 * place it is about cascades: deleting a review or a comment takes its notifications with it.
 */
export const notifications = sqliteTable(
  'notifications',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
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
    readAt: integer('read_at', { mode: 'timestamp_ms' }),
    /** Waiting for the person's next notification e-mail (set only for the kinds they have e-mailed). */
    emailPending: integer('email_pending', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    index('notifications_email_pending_idx').on(t.userId, t.id).where(sql`${t.emailPending} = 1`),
    index('notifications_post_idx').on(t.postId),
    // Only the rows that have one: a like or a follow then writes two index entries fewer (cascading deletes still use them).
    index('notifications_comment_idx').on(t.commentId).where(sql`${t.commentId} is not null`),
    index('notifications_establishment_idx').on(t.establishmentId).where(sql`${t.establishmentId} is not null`),
    index('notifications_actor_idx').on(t.actorId),
    /** However often someone toggles a like or a follow, the other person hears of it once. */
    uniqueIndex('notifications_one_like_unique').on(t.userId, t.actorId, t.postId).where(sql`${t.kind} = 'like'`),
    uniqueIndex('notifications_one_follow_unique').on(t.userId, t.actorId).where(sql`${t.kind} = 'follow'`),
    /**
     * A busy thread tells each earlier commenter once per person replying until they read it, not once per comment;
     * the list and the e-mail then tell them as one line ('maya and 2 others replied …').
     */
    uniqueIndex('notifications_one_unread_reply_unique').on(t.userId, t.postId, t.actorId).where(sql`${t.kind} = 'reply' and ${t.readAt} is null`),
    check('notifications_not_self', sql`${t.userId} <> ${t.actorId}`),
    check('notifications_one_actor', sql`(${t.actorId} is null) <> (${t.remoteActorId} is null)`),
    index('notifications_remote_comment_idx').on(t.remoteCommentId).where(sql`${t.remoteCommentId} is not null`),
    index('notifications_remote_actor_idx').on(t.remoteActorId).where(sql`${t.remoteActorId} is not null`),
    uniqueIndex('notifications_one_remote_like_unique')
      .on(t.userId, t.remoteActorId, t.postId)
      .where(sql`${t.kind} = 'like' and ${t.remoteActorId} is not null`),
  ],
);

/** Who a review (postId) or a comment (commentId) names with `@username`, as resolved when it was written. */
export const mentions = sqliteTable(
  'mentions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
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

/** A person's own choice to e-mail a kind or not; without a row the kind's default (contracts EMAILED_BY_DEFAULT) holds. */
export const emailPreferences = sqliteTable(
  'email_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KIND_VALUES }).notNull(),
    enabled: integer('enabled', { mode: 'boolean' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/** When a person was last sent a notification e-mail: at most one per NOTIFICATION_EMAIL_GAP. */
export const notificationDigests = sqliteTable('notification_digests', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastSentAt: integer('last_sent_at', { mode: 'timestamp_ms' }).notNull(),
});

/**
 * Mail waiting to go out, durable across restarts: a sender claims a message until `claimedUntil`, sends it and
 * marks it sent; a failure sets the next attempt (backoff). A process killed mid-send leaves a claim that runs out.
 */
export const mailQueue = sqliteTable(
  'mail_queue',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    /** Extra headers (List-Unsubscribe…), as a JSON object. */
    headers: text('headers', { mode: 'json' }).$type<Record<string, string>>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' }).notNull(),
    claimedUntil: integer('claimed_until', { mode: 'timestamp_ms' }),
    lastError: text('last_error'),
    /**
     * The Message-ID's unique part, random and written once with the row: unique for all time (a restored or reset
     * database reuses row ids), and the same on every retry. Every enqueue sets it; 0010 filled the rows before it.
     */
    messageId: text('message_id'),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [index('mail_queue_due_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} is null`)],
);

/**
 * Who blocked whom (issue 17). Both directions hide: for each of the two, signed in, the other's reviews, comments,
 * profile and notifications are gone, and neither can follow, like or comment on the other.
 */
export const userBlocks = sqliteTable(
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

/** `remote_comment` and `remote_user`: a reply from elsewhere and a person elsewhere (issue 30). */
export const REPORT_KIND_VALUES = ['post', 'comment', 'user', 'remote_comment', 'remote_user', 'hours_change'] as const;
export const REPORT_REASON_VALUES = ['spam', 'harassment', 'inappropriate', 'off_topic', 'other'] as const;
export const REPORT_ACTION_VALUES = ['dismiss', 'remove', 'suspend'] as const;

/**
 * Something a person reported (issue 17). `targetKey` is the reported post_id, comment_id or username as text;
 * `ownerId` is whose it is (deleting that account takes its reports); `snapshot` is the content as it was reported,
 * so the admin sees what the reporter saw even after an edit or a removal.
 */
export const reports = sqliteTable(
  'reports',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
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
    snapshot: text('snapshot', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    /** Null while open; the admin's action once closed. */
    action: text('action', { enum: REPORT_ACTION_VALUES }),
    closedAt: integer('closed_at', { mode: 'timestamp_ms' }),
    /** The reporter chose to send it on to the server of the person elsewhere (a Flag, without their name). */
    forwarded: integer('forwarded', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    /** One open report per reporter and target: a repeat answers the same report. */
    uniqueIndex('reports_one_open_unique').on(t.reporterId, t.kind, t.targetKey).where(sql`${t.closedAt} is null`),
    uniqueIndex('reports_flag_unique').on(t.flagUri).where(sql`${t.flagUri} is not null`),
    index('reports_remote_actor_idx').on(t.remoteActorId).where(sql`${t.remoteActorId} is not null`),
    check('reports_one_reporter', sql`(${t.reporterId} is null) <> (${t.fromHost} is null)`),
    check('reports_one_owner', sql`(${t.ownerId} is null) <> (${t.remoteActorId} is null)`),
    index('reports_open_idx').on(t.kind, t.targetKey).where(sql`${t.closedAt} is null`),
    index('reports_created_idx').on(t.closedAt, t.id),
    index('reports_owner_idx').on(t.ownerId),
    index('reports_reporter_idx').on(t.reporterId),
  ],
);

/**
 * The admins' moderation log (issue 17): who did what to which target and why, and to whom (the person acted on, or
 * whose content it was: their id and their username at the time). No foreign keys: it outlives its targets and
 * the people, erased accounts included.
 */
export const moderationActions = sqliteTable(
  'moderation_actions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
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

/*
 * State that several API nodes share when they run on PostgreSQL (issue 18). One SQLite process keeps these in
 * memory instead; the tables exist on both so the two schemas stay one.
 */

/** rate-limiter-flexible's table (RateLimiterPostgres): one row per policy and key, `points` used until `expire` (epoch ms). */
export const rateLimits = sqliteTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull().default(0),
  expire: integer('expire'),
});

/** Settings the nodes must agree on and that are generated once (the admin path when ADMIN_PATH is unset). */
export const appSettings = sqliteTable('app_settings', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

/** Remembered answers (the place search provider's), shared by the nodes until `expires_at` (epoch ms). */
export const sharedCache = sqliteTable(
  'shared_cache',
  {
    key: text('key').primaryKey(),
    value: text('value').notNull(),
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [index('shared_cache_expires_idx').on(t.expiresAt)],
);

/** Federation (issue 30): each local actor's signing key pairs, made on first use and kept (JWK text). */
export const federationKeys = sqliteTable(
  'federation_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    algorithm: text('algorithm').notNull(),
    publicJwk: text('public_jwk').notNull(),
    privateJwk: text('private_jwk').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  // One pair per algorithm: RSA for Mastodon's HTTP signatures, Ed25519 for object proofs.
  (t) => [primaryKey({ columns: [t.userId, t.algorithm] })],
);

/**
 * The instance's own actor's key pairs (issue 30): the Application actor that sends reports on to other servers
 * (a Flag, as Mastodon does, without the reporter's name). One pair per algorithm, kept as people's are.
 */
export const federationInstanceKeys = sqliteTable('federation_instance_keys', {
  algorithm: text('algorithm').primaryKey(),
  publicJwk: text('public_jwk').notNull(),
  privateJwk: text('private_jwk').notNull(),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
});

/** Fedify's key-value store (documents it fetched, idempotence marks), shared by the nodes; `expires_at` epoch ms or null. */
export const federationKv = sqliteTable(
  'federation_kv',
  {
    key: text('key').primaryKey(),
    value: text('value').notNull(),
    expiresAt: integer('expires_at'),
  },
  (t) => [index('federation_kv_expires_idx').on(t.expiresAt)],
);

/**
 * Fedify's message queue (issue 30): activities to deliver, received activities to handle, fan-outs to followers.
 * Kept until handled, so a restart or a kill -9 loses none and the nodes share it. Times are epoch ms. A message whose
 * retries ran out keeps its row with `failed_at` set, for the admin to retry or drop.
 */
export const federationQueue = sqliteTable(
  'federation_queue',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Fedify's message type: outbox (one delivery), inbox (one received activity) or fanout. */
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    /** Messages with one ordering key run one at a time, in order (a Delete after its Create). */
    orderingKey: text('ordering_key'),
    /** The server a delivery goes to: for the admin's queue and a domain block. */
    targetHost: text('target_host'),
    runAt: integer('run_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    claimedUntil: integer('claimed_until'),
    failedAt: integer('failed_at'),
    lastError: text('last_error'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    index('federation_queue_due_idx').on(t.runAt).where(sql`${t.failedAt} is null`),
    index('federation_queue_ordering_idx').on(t.orderingKey, t.id).where(sql`${t.orderingKey} is not null`),
    // The deliveries in hand per server: one at a time each, so a slow server holds one worker, not all.
    index('federation_queue_host_idx').on(t.targetHost).where(sql`${t.claimedUntil} is not null`),
  ],
);

/**
 * People on other servers that Siplog knows (issue 30): never accounts, never signed in. `uri` is the actor's id;
 * `handle` is username@host; what they show (name, avatar) is refreshed when they send something.
 */
export const remoteActors = sqliteTable(
  'remote_actors',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
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
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [uniqueIndex('remote_actors_uri_idx').on(t.uri), index('remote_actors_handle_idx').on(t.handle), index('remote_actors_host_idx').on(t.host)],
);

/** Remote people following a local person; `accepted` is false while the person has not approved them. */
export const remoteFollowers = sqliteTable(
  'remote_followers',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id')
      .notNull()
      .references(() => remoteActors.id, { onDelete: 'cascade' }),
    /** The Follow activity's id, which an Accept, Reject or Undo names. */
    followUri: text('follow_uri').notNull(),
    accepted: integer('accepted', { mode: 'boolean' }).notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.actorId] }), index('remote_followers_actor_idx').on(t.actorId)],
);

/** Local people following remote ones; `accepted` turns true when the remote server accepts. */
export const remoteFollowing = sqliteTable(
  'remote_following',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id')
      .notNull()
      .references(() => remoteActors.id, { onDelete: 'cascade' }),
    followUri: text('follow_uri').notNull(),
    accepted: integer('accepted', { mode: 'boolean' }).notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.actorId] }), index('remote_following_actor_idx').on(t.actorId)],
);

/**
 * People elsewhere whom a person here blocked (issue 30): their replies, likes and reviews are hidden from the blocker,
 * follows both ways end, and their Follow of the blocker is refused.
 */
export const remoteActorBlocks = sqliteTable(
  'remote_actor_blocks',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id')
      .notNull()
      .references(() => remoteActors.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.actorId] }), index('remote_actor_blocks_actor_idx').on(t.actorId)],
);

/** Other servers the admin blocked or silenced (issue 30), by host (name[:port]). */
export const federationDomains = sqliteTable(
  'federation_domains',
  {
    host: text('host').primaryKey(),
    policy: text('policy', { enum: ['block', 'silence'] }).notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [check('federation_domains_policy_check', sql`${t.policy} in ('block', 'silence')`)],
);

/** Likes from people on other servers (issue 30): counted with the local ones; `activity_uri` is the Like's id. */
export const remoteLikes = sqliteTable(
  'remote_likes',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id')
      .notNull()
      .references(() => remoteActors.id, { onDelete: 'cascade' }),
    activityUri: text('activity_uri').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.actorId] }), index('remote_likes_actor_idx').on(t.actorId)],
);

/**
 * The public keys of people who left (erased or suspended, issue 30), for 30 days: their Delete reaches servers that
 * check its signature after they are gone, so their actor keeps answering with these keys alone. No account data.
 */
export const federationDepartures = sqliteTable('federation_departures', {
  /** The actor's identifier (the user id as text, as in /ap/users/{identifier}). */
  identifier: text('identifier').primaryKey(),
  publicKeys: text('public_keys').notNull(),
  leftAt: integer('left_at').notNull(),
});

/**
 * Replies from people on other servers to a review here (issue 30): shown with its comments, never a local comment.
 * `uri` is the reply's Note id, which its Update and Delete name; `body` is its text, plain, within the comment limit.
 */
export const remoteComments = sqliteTable(
  'remote_comments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id')
      .notNull()
      .references(() => remoteActors.id, { onDelete: 'cascade' }),
    uri: text('uri').notNull(),
    body: text('body').notNull(),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at'),
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
export const remoteReviews = sqliteTable(
  'remote_reviews',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
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
    lat: real('lat'),
    lng: real('lng'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at'),
  },
  (t) => [
    uniqueIndex('remote_reviews_uri_idx').on(t.uri),
    // A followed person's newest first: the Following feed reads each followed person's page from here.
    index('remote_reviews_actor_recent_idx').on(t.actorId, t.createdAt, t.id),
  ],
);

/** Likes people here gave reviews from elsewhere (issue 30): the Like went to the author's server; `activity_uri` is its id, which an Undo names. */
export const remoteReviewLikes = sqliteTable(
  'remote_review_likes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    remoteReviewId: integer('remote_review_id')
      .notNull()
      .references(() => remoteReviews.id, { onDelete: 'cascade' }),
    activityUri: text('activity_uri').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.remoteReviewId] }), index('remote_review_likes_review_idx').on(t.remoteReviewId)],
);

/**
 * Replies people here sent to reviews from elsewhere (issue 30): a public Note (`note_uri`, under the person's actor)
 * in reply to the review went to its author's server; kept so the card shows them and their author can take one back.
 */
export const remoteReviewReplies = sqliteTable(
  'remote_review_replies',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    remoteReviewId: integer('remote_review_id')
      .notNull()
      .references(() => remoteReviews.id, { onDelete: 'cascade' }),
    noteUri: text('note_uri').notNull(),
    body: text('body').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('remote_review_replies_note_idx').on(t.noteUri), index('remote_review_replies_review_idx').on(t.remoteReviewId, t.userId)],
);

/**
 * A place's open intervals (issue 31), epoch ms, from a little before its hours were last evaluated to `hoursUntil`:
 * the map's "Open now" is one indexed look-up per place, and the place page's status and week read them.
 */
export const placeHoursIntervals = sqliteTable(
  'place_hours_intervals',
  {
    establishmentId: integer('establishment_id')
      .notNull()
      .references(() => establishments.id, { onDelete: 'cascade' }),
    startsAt: integer('starts_at').notNull(),
    endsAt: integer('ends_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.establishmentId, t.endsAt] })],
);

/** Every change of a place's hours (issue 31): who, when, before and after; a revert is a change naming the one it undoes. */
export const placeHoursChanges = sqliteTable(
  'place_hours_changes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    establishmentId: integer('establishment_id')
      .notNull()
      .references(() => establishments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    before: text('before'),
    after: text('after'),
    /** The change this one reverts, if it is a revert. */
    revertsId: integer('reverts_id'),
    /** Set when a later change reverted this one. */
    revertedAt: integer('reverted_at'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('place_hours_changes_place_idx').on(t.establishmentId, t.id), index('place_hours_changes_user_idx').on(t.userId, t.createdAt)],
);

/** A review's yes/no answers about the place's amenities (issue 31): one row per review and amenity answered. */
export const postAmenities = sqliteTable(
  'post_amenities',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    amenity: text('amenity').notNull(),
    value: integer('value', { mode: 'boolean' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.amenity] })],
);
