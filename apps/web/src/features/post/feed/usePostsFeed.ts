import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { logToServer } from '../../../lib/client-log';
import { trpc, UNBATCHED } from '../../../lib/trpc';
import { describeFailure } from '../../../lib/trpc-errors';
import { firstPageParam, nextPageParam, postsOf, type FeedPage, type FeedPageParam, type FeedPageSizes } from './feed-pages';

/** Which feed: everyone's recent reviews (post.recent) or the signed-in person's Following feed (post.following). */
export type FeedSource = 'recent' | 'following';

const FEEDS = {
  // Back on the map within a minute shows the same feed without refetching every page loaded.
  recent: { procedure: trpc.post.recent, staleTime: 60_000, failure: 'Recent posts load failed' },
  // Shorter: a review by someone followed shows on the next visit soon after (follows refresh it at once, see usePersonFollow).
  following: { procedure: trpc.post.following, staleTime: 15_000, failure: 'Following posts load failed' },
} as const;

/**
 * A feed of reviews paged by cursor (spec §4): newest first, `first` posts on the first load and `next` on each later
 * one. tRPC's own infinite hook can vary only the cursor between loads (and adds a `direction` field that the feeds'
 * strict input refuses), so this is React Query's, keyed as tRPC keys it (post invalidations refresh it), with the
 * page size carried in the page param. Not `enabled`, it asks nothing.
 */
export function usePostsFeed(source: FeedSource, { first, next }: FeedPageSizes, { enabled = true }: { enabled?: boolean } = {}) {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const feed = FEEDS[source];
  const queryKey = useMemo(() => getQueryKey(feed.procedure, { limit: first }, 'infinite'), [feed, first]);
  const query = useInfiniteQuery({
    queryKey,
    initialPageParam: firstPageParam(first),
    getNextPageParam: (last: FeedPage) => nextPageParam(last, next),
    queryFn: ({ pageParam, signal }: { pageParam: FeedPageParam; signal: AbortSignal }): Promise<FeedPage> => {
      // The first page travels alone (not batched with the map's pins): its address is then the same on every visit,
      // and the service worker keeps its last answer for offline use (src/sw/offline-routes.ts).
      const options = { signal, ...(pageParam.cursor === null ? UNBATCHED : {}) };
      return source === 'recent' ? utils.client.post.recent.query(pageParam, options) : utils.client.post.following.query(pageParam, options);
    },
    staleTime: feed.staleTime,
    enabled,
  });
  const { error, fetchNextPage, hasNextPage, isFetching } = query;

  useEffect(() => {
    if (error) logToServer('error', describeFailure(feed.failure, error));
  }, [error, feed]);

  const canLoadMore = hasNextPage && !isFetching && !error;
  const loadMore = useCallback(() => {
    // cancelRefetch: false joins a load under way instead of starting a second one.
    if (canLoadMore) void fetchNextPage({ cancelRefetch: false });
  }, [canLoadMore, fetchNextPage]);

  const retry = useCallback(() => {
    // From the top, as on a first visit: the failed list was emptied.
    void queryClient.resetQueries({ queryKey, exact: true });
  }, [queryClient, queryKey]);

  /** Loads the pages again when they are older than the feed's staleTime (a tab shown again); never cuts a load short. */
  const refreshIfStale = useCallback(() => {
    void queryClient.refetchQueries({ queryKey, exact: true, stale: true }, { cancelRefetch: false });
  }, [queryClient, queryKey]);

  return {
    // Spec §8: a load failure empties the list.
    posts: error ? [] : postsOf(query.data?.pages),
    /** How many people and places the signed-in person follows (the Following feed's answer), once it has come. */
    follows: query.data?.pages[0]?.follows,
    /** How many loads have answered; a new one means the list grew (or ended). */
    pageCount: query.data?.pages.length ?? 0,
    loading: query.isPending,
    loadingMore: query.isFetchingNextPage,
    failed: query.isError,
    hasMore: hasNextPage,
    canLoadMore,
    loadMore,
    retry,
    refreshIfStale,
  };
}

export type PostsFeedState = ReturnType<typeof usePostsFeed>;
