/**
 * What a kept answer depends on, and what a write changes. Every answer depends on EVERYTHING (bumped by what shows
 * in many places at once: a person's name, photo or deactivation, an admin's action); the rest narrow it down so a
 * review or a like at one place leaves the other places' answers alone. Reads name their tags in public-reads.ts;
 * writes name theirs from STALE_AFTER below.
 */
export const EVERYTHING = 'all';
/** Any review's text, rating, photos or likes, or a review added or removed: the recent feed's pages. */
export const ANY_POST = 'posts';
/** Lists of several places with their totals: pins in a box, an area, placeforfeed, a place found by location. */
export const ANY_PLACE = 'places';

/**
 * The clock of opening hours (issue 31): pins carry each place's next open intervals, so their answers go stale as
 * time passes even with no write; the hours sweeper bumps this every HOURS_CLOCK_EVERY_MS.
 */
export const HOURS_CLOCK = 'hours-clock';

/** The map's config: its default centre follows the installed map regions. */
export const MAP_REGIONS = 'map-regions';

/** One place: its totals, followers and reviews (and its page). */
export const placeTag = (establishmentId: number) => `place:${establishmentId}`;
/** One review with its comments. */
export const postTag = (postId: number) => `post:${postId}`;
/** One person's public profile, follows and order lists (and their page), by username as stored (lower case). */
export const personTag = (username: string) => `user:${username}`;

/**
 * What each kind of write makes stale: the one list to read for "what does this write make stale?", and to extend
 * with a new kind of write. A service names its write here as it tells the cache (`cache.changed(STALE_AFTER.…)`),
 * once the write's transaction is over or inside it: either way the cache hears it after the commit.
 */
export const STALE_AFTER = {
  /** A review posted, edited, liked, unliked or deleted: the feed, the place's lists and page, the author's profile, the review. */
  review: (review: { postId?: number; establishmentId: number; authorUsername: string }): string[] => [
    ANY_POST,
    ANY_PLACE,
    placeTag(review.establishmentId),
    personTag(review.authorUsername),
    ...(review.postId === undefined ? [] : [postTag(review.postId)]),
  ],
  /** A review that is gone already (deleted meanwhile): its own answers. */
  reviewGone: (postId: number): string[] => [postTag(postId)],
  /** A comment added or removed: comments show only in their review's own list. */
  comment: (postId: number): string[] => [postTag(postId)],
  /** A person's favourite order or profile photo: their profile only. */
  profile: (username: string): string[] => [personTag(username)],
  /** A follow between two people, or a block (which ends the follows both ways): both profiles' follow lists. */
  peopleFollow: (username: string, otherUsername: string): string[] => [personTag(username), personTag(otherUsername)],
  /** A place followed or unfollowed: its follower count (its page and the place lists) and the person's profile. */
  placeFollow: (username: string, establishmentId: number): string[] => [placeTag(establishmentId), ANY_PLACE, personTag(username)],
  /** A place's opening hours set, reverted or rolled forward: its page, and the pins (their status and Open now). */
  placeHours: (establishmentId: number): string[] => [placeTag(establishmentId), ANY_PLACE],
  /** Time passing for the pins' opening hours (the hours sweeper, hourly). */
  hoursClock: (): string[] => [HOURS_CLOCK],
  /** A place added: the lists of places, and its own page. */
  placeAdded: (establishmentId: number): string[] => [ANY_PLACE, placeTag(establishmentId)],
  /**
   * What shows wherever a person appears (their bio and gender, an admin's edit of their name, a profile cleared by
   * a moderator) or makes them and all they did leave or come back (deactivation, reactivation, suspension, erasure).
   */
  person: (): string[] => [EVERYTHING],
  /** A map region added or removed: the map's config (its default centre). */
  mapRegions: (): string[] => [MAP_REGIONS],
} as const;
