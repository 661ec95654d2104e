import { z } from 'zod';
import { LIMITS } from '../limits';
import { idField, pageField, plainText } from './fields';
import { feedCursorField, FEED_SKIP_MAX } from './post';

/** What someone can be told about (issue 16), in the order My Log's 'E-mail me when…' lists them. */
export const NOTIFICATION_KINDS = ['follow', 'follow_request', 'like', 'comment', 'reply', 'mention', 'place_review', 'report_reviewed'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * Kinds e-mailed unless the person turns them off: likes and place reviews come often and matter less; a follow
 * request from another server (issue 30) waits for the person's answer.
 */
export const EMAILED_BY_DEFAULT: Record<NotificationKind, boolean> = {
  follow: true,
  follow_request: true,
  like: false,
  comment: true,
  reply: true,
  mention: true,
  place_review: false,
  report_reviewed: false,
};

/** The 'E-mail me when…' choices, as My Log shows them. */
export const NOTIFICATION_EMAIL_LABELS: Record<NotificationKind, string> = {
  follow: 'someone follows me',
  follow_request: 'someone on another server asks to follow me',
  like: 'someone likes my review',
  comment: 'someone comments on my review',
  reply: 'someone replies after my comment',
  mention: 'someone mentions me',
  place_review: 'a place I follow gets a review',
  report_reviewed: 'an admin reviews my report',
};

/** How many people a notification line names before it says 'and N others'. */
const NAMED_ACTORS_MAX = 2;

/**
 * Whom one line of notifications names, on the site and in the e-mail: the people (the most recent first) and how many
 * more it counts. 'ann', 'ann and ben', 'ann and 2 others'.
 */
export function notificationActors(actors: readonly string[]): { named: string[]; others: number } {
  if (actors.length <= NAMED_ACTORS_MAX) return { named: [...actors], others: 0 };
  return { named: [actors[0]], others: actors.length - 1 };
}

/** notificationActors as text: 'ann and 2 others'. */
export function notificationActorsText(actors: readonly string[]): string {
  const { named, others } = notificationActors(actors);
  return `${named.join(' and ')}${others > 0 ? ` and ${others} others` : ''}`;
}

export const NOTIFICATION_MESSAGES = {
  badUnsubscribeLink: 'This unsubscribe link is not valid.',
  noNotifications: 'Nothing yet. When someone follows you, likes or comments on your reviews, or mentions you, it shows up here.',
} as const;

/** Notification paging: the REST twin by limit/skip, the web app by cursor (the last notification_id shown). */
export const NOTIFICATIONS_PAGE_MAX = 50;
export const notificationPageSchema = z.strictObject({
  limit: pageField(NOTIFICATIONS_PAGE_MAX).default(20),
  skip: pageField(FEED_SKIP_MAX).default(0),
});
export const notificationCursorSchema = z.strictObject({
  limit: pageField(NOTIFICATIONS_PAGE_MAX).default(20),
  cursor: idField.nullish(),
});
export const unreadCountSchema = z.strictObject({});
/** Marks the listed notifications (the caller's own; others are ignored) or all of them read. */
export const markReadSchema = z
  .strictObject({
    notification_ids: z.array(idField, { error: 'notification_ids must be a list of ids.' }).max(NOTIFICATIONS_PAGE_MAX * 10).optional(),
    all: z.literal(true, { error: 'all must be true when given.' }).optional(),
  })
  .refine((input) => input.notification_ids !== undefined || input.all === true, { error: 'Give notification_ids or all: true.' });

const notificationKindField = z.enum(NOTIFICATION_KINDS, { error: 'Unknown notification kind.' });
/** Which kinds to e-mail: any subset of the kinds, each on or off; the ones left out stay as they are. */
export const emailSettingsUpdateSchema = z.strictObject(
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, z.boolean({ error: `${kind} must be true or false.` }).optional()])) as {
    [K in NotificationKind]: z.ZodOptional<z.ZodBoolean>;
  },
);
export const emailSettingsSchema = z.strictObject({});
/** A signed unsubscribe token from a notification e-mail (no sign-in needed). */
export const unsubscribeSchema = z.strictObject({
  token: plainText({ error: NOTIFICATION_MESSAGES.badUnsubscribeLink }).min(1, { error: NOTIFICATION_MESSAGES.badUnsubscribeLink }).max(1000, { error: NOTIFICATION_MESSAGES.badUnsubscribeLink }),
  /** Undo: subscribe again with the same link. */
  resubscribe: z.boolean().optional(),
});
export { notificationKindField };

/** The Following feed: the REST twin by limit/skip (spec paging), the web app by cursor as post.recent. */
export const followingPageSchema = z.strictObject({
  limit: pageField(50).default(LIMITS.feedFirstPage),
  skip: pageField(FEED_SKIP_MAX).default(0),
});
export const followingCursorSchema = z.strictObject({
  limit: pageField(50).default(LIMITS.feedFirstPage),
  cursor: feedCursorField.nullish(),
});
/** The empty Following feed's suggestions: places near the map's centre and active reviewers. */
export const followSuggestionsSchema = z.strictObject({
  lat: z.number({ error: 'lat must be a number.' }).min(-90).max(90),
  lng: z.number({ error: 'lng must be a number.' }).min(-180).max(180),
});
