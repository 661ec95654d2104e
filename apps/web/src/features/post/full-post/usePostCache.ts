import { trpc } from '../../../lib/trpc';
import type { PostView } from '../types';

interface CachedQuery {
  queryKey: readonly unknown[];
}

/** tRPC keys a query as [path, { input, type }]: whether its input names this post. */
function isAboutPost(query: CachedQuery, postId: number): boolean {
  const input = (query.queryKey[1] as { input?: unknown } | undefined)?.input;
  return typeof input === 'object' && input !== null && (input as { postid?: unknown }).postid === postId;
}

/**
 * Keeping what the app shows in step with one review's changes. The open post's own queries are written from the
 * server's answers; the lists that show it (feed, carousels, a place's reviews) are refetched. After a delete the
 * post's own queries are left alone: refetching them would only answer 404 while the screen closes.
 */
export function usePostCache(postId: number) {
  const utils = trpc.useUtils();
  const input = { postid: postId };
  const refreshLists = () => utils.post.invalidate(undefined, { predicate: (query) => !isAboutPost(query, postId) });

  return {
    /** Stops refetches of the post and whether it is liked, so they cannot overwrite an optimistic like. */
    cancelLikeQueries: () => Promise.all([utils.post.byId.cancel(input), utils.post.isLiked.cancel(input)]),
    setLike: (liked: boolean, likes: number) => {
      utils.post.isLiked.setData(input, { liked });
      utils.post.byId.setData(input, (current) => current && { post: { ...current.post, likes } });
    },
    afterLike: () => void refreshLists(),
    afterEdit: (post: PostView) => {
      utils.post.byId.setData(input, { post });
      void refreshLists();
      // A place's average rating follows its reviews.
      void utils.place.invalidate();
    },
    afterDelete: () => {
      void refreshLists();
      void utils.place.invalidate();
      // Review counts on profiles.
      void utils.user.invalidate();
    },
  };
}
