import { FeedEmptyMessage, PostsFeed } from './PostsFeed';
import type { PostsFeedState } from './usePostsFeed';

export const RECENT_FEED_TITLE = 'Recent reviews';

/** Everyone's recent reviews (spec §4), the guests' only feed. */
export function RecentFeed({ feed }: { feed: PostsFeedState }) {
  return (
    <PostsFeed
      feed={feed}
      label={RECENT_FEED_TITLE}
      failureText="Recent reviews could not be loaded."
      empty={<FeedEmptyMessage>No reviews yet. The first one posted shows up here.</FeedEmptyMessage>}
    />
  );
}
