import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { logToServer } from '../../../lib/client-log';
import { trpc } from '../../../lib/trpc';
import { describeFailure } from '../../../lib/trpc-errors';
import { firstPageParam, nextPageParam, postsOf, type FeedPageParam, type FeedPageSizes } from './feed-pages';

/**
 * The recent-posts feed (spec §4): newest first, `first` posts on the first load and `next` on each later one.
 * tRPC's own infinite hook can vary only the cursor between loads (and adds a `direction` field that post.recent's
 * strict input refuses), so this is React Query's, keyed as tRPC keys it (post invalidations refresh it), with the
 * page size carried in the page param.
 */
export function useRecentPosts({ first, next }: FeedPageSizes) {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const queryKey = useMemo(() => getQueryKey(trpc.post.recent, { limit: first }, 'infinite'), [first]);
  const query = useInfiniteQuery({
    queryKey,
    initialPageParam: firstPageParam(first),
    getNextPageParam: (last) => nextPageParam(last, next),
    queryFn: ({ pageParam, signal }: { pageParam: FeedPageParam; signal: AbortSignal }) => utils.client.post.recent.query(pageParam, { signal }),
    // Back on the map within a minute shows the same feed without refetching every page loaded.
    staleTime: 60_000,
  });
  const { error, fetchNextPage, hasNextPage, isFetching } = query;

  useEffect(() => {
    if (error) logToServer('error', describeFailure('Recent posts load failed', error));
  }, [error]);

  const canLoadMore = hasNextPage && !isFetching && !error;
  const loadMore = useCallback(() => {
    // cancelRefetch: false joins a load under way instead of starting a second one.
    if (canLoadMore) void fetchNextPage({ cancelRefetch: false });
  }, [canLoadMore, fetchNextPage]);

  const retry = useCallback(() => {
    // From the top, as on a first visit: the failed list was emptied.
    void queryClient.resetQueries({ queryKey, exact: true });
  }, [queryClient, queryKey]);

  return {
    // Spec §8: a load failure empties the list.
    posts: error ? [] : postsOf(query.data?.pages),
    /** How many loads have answered; a new one means the list grew (or ended). */
    pageCount: query.data?.pages.length ?? 0,
    loading: query.isPending,
    loadingMore: query.isFetchingNextPage,
    failed: query.isError,
    hasMore: hasNextPage,
    canLoadMore,
    loadMore,
    retry,
  };
}
