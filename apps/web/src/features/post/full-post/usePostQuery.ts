import { useEffect } from 'react';
import { logToServer } from '../../../lib/client-log';
import { trpc } from '../../../lib/trpc';
import { describeFailure, httpStatusOf } from '../../../lib/trpc-errors';
import type { PostView } from '../types';

/**
 * One review by id. A post the caller already holds (a feed or carousel card) shows at once and is refreshed from
 * the server; a review that is gone answers `notFound` (a 404 is not retried).
 */
export function usePostQuery(postId: number, initial?: PostView) {
  const query = trpc.post.byId.useQuery(
    { postid: postId },
    {
      initialData: initial ? { post: initial } : undefined,
      // The card's copy counts as old at once, so the full post always asks for the current likes and text.
      initialDataUpdatedAt: 0,
      retry: (failures, error) => httpStatusOf(error) !== 404 && failures < 1,
    },
  );
  const notFound = query.isError && httpStatusOf(query.error) === 404;
  useEffect(() => {
    if (query.error) logToServer(notFound ? 'info' : 'error', describeFailure(`Post ${postId}`, query.error));
  }, [query.error, notFound, postId]);

  return {
    post: notFound ? undefined : query.data?.post,
    notFound,
    failed: query.isError && !notFound && !query.data,
    retry: () => void query.refetch(),
  };
}
