import { LIMITS } from '@siplog/contracts';
import type { PostView } from '../types';

/** One answer of post.recent or post.following (which also says how many people and places the caller follows). */
export interface FeedPage {
  posts: PostView[];
  nextCursor: string | null;
  follows?: number;
}

/** What a load asks for: where to go on from (null: the newest) and how many, since the first load's size differs. */
export interface FeedPageParam {
  cursor: string | null;
  limit: number;
}

export interface FeedPageSizes {
  first: number;
  next: number;
}

/** Spec §7: 5 then 1 per scroll in the map page's panel; 3 then 1 in the phone's Activity panel. */
export function feedPageSizes(activityPanel: boolean): FeedPageSizes {
  return activityPanel
    ? { first: LIMITS.activityFirstPage, next: LIMITS.activityNextPage }
    : { first: LIMITS.feedFirstPage, next: LIMITS.feedNextPage };
}

export function firstPageParam(first: number): FeedPageParam {
  return { cursor: null, limit: first };
}

/** The next load after `last`, or undefined once a load added nothing (spec §4: the feed stops). */
export function nextPageParam(last: FeedPage, next: number): FeedPageParam | undefined {
  if (last.posts.length === 0 || last.nextCursor === null) return undefined;
  return { cursor: last.nextCursor, limit: next };
}

/** The feed's posts in the order loaded: newest first, each page after the one before. */
export function postsOf(pages: readonly FeedPage[] | undefined): PostView[] {
  return pages?.flatMap((page) => page.posts) ?? [];
}

/** A plain left click, which opens the post in place; with a modifier key or another button the browser does its own thing (a new tab). */
export function isPlainClick(event: Pick<MouseEvent, 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey'>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
