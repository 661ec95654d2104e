import { idFromPath } from '@siplog/contracts';
import type { PostView } from '../types';

/** A review's id from its address (/post/{id}), by the API's id rule (digits, 1 to LIMITS.idMax); anything else is no review. */
export function parsePostId(param: string | undefined): number | null {
  return param === undefined ? null : idFromPath(param);
}

export interface LikeState {
  liked: boolean;
  likes: number;
}

/** What a like click shows before the server answers; the count never goes below zero. */
export function toggledLike({ liked, likes }: LikeState): LikeState {
  return liked ? { liked: false, likes: Math.max(0, likes - 1) } : { liked: true, likes: likes + 1 };
}

/** "1 like", "12 likes"; the shorthand count is for display, the label keeps the exact one. */
export function likesLabel(likes: number): string {
  return `${likes} ${likes === 1 ? 'like' : 'likes'}`;
}

/** Whether the signed-in person wrote this review (usernames compare without case). */
export function isAuthor(post: Pick<PostView, 'username'>, username: string | undefined): boolean {
  return !!username && username.toLowerCase() === post.username.toLowerCase();
}
