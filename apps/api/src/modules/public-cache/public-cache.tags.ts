/**
 * What a kept answer depends on, and what a write changes. Every answer depends on EVERYTHING (bumped by what shows
 * in many places at once: a person's name, photo or deactivation, an admin's action); the rest narrow it down so a
 * review or a like at one place leaves the other places' answers alone.
 */
export const EVERYTHING = 'all';
/** Any review's text, rating, photos or likes, or a review added or removed: the recent feed's pages. */
export const ANY_POST = 'posts';
/** Lists of several places with their totals: pins in a box, an area, placeforfeed, a place found by location. */
export const ANY_PLACE = 'places';

/** One place: its totals, followers and reviews (and its page). */
export const placeTag = (establishmentId: number) => `place:${establishmentId}`;
/** One review with its comments. */
export const postTag = (postId: number) => `post:${postId}`;
/** One person's public profile, follows and order lists (and their page), by username as stored (lower case). */
export const personTag = (username: string) => `user:${username}`;

/** What a review's creation, edit, deletion or a like on it changes. */
export function reviewTags(review: { postId?: number; establishmentId: number; authorUsername: string }): string[] {
  return [ANY_POST, ANY_PLACE, placeTag(review.establishmentId), personTag(review.authorUsername), ...(review.postId === undefined ? [] : [postTag(review.postId)])];
}
