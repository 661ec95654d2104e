import { useEffect, useState } from 'react';
import { LazyFullPostDialog } from '../full-post/LazyFullPostDialog';
import { CupIcon } from '../../profile/icons';
import type { PostView } from '../types';
import type { FeedPageSizes } from './feed-pages';
import { FeedPostCard, FeedPostSkeleton } from './FeedPostCard';
import { useRecentPosts } from './useRecentPosts';
import { useScrolledToEnd } from './useScrolledToEnd';
import './feed.css';

interface RecentPostsFeedProps extends FeedPageSizes {
  /** The list's accessible name. */
  label: string;
}

/**
 * The recent-posts feed (spec §4): `first` reviews at start, then `next` more each time the list is scrolled to its
 * end, until a load adds nothing. A failed load empties the list (spec §8) and offers Retry. A card opens the full
 * post over the page.
 */
export function RecentPostsFeed({ first, next, label }: RecentPostsFeedProps) {
  const feed = useRecentPosts({ first, next });
  const { sentinelRef, atEnd } = useScrolledToEnd(feed.pageCount);
  const [openPost, setOpenPost] = useState<PostView | null>(null);
  const { canLoadMore, loadMore } = feed;

  useEffect(() => {
    if (atEnd && canLoadMore) loadMore();
  }, [atEnd, canLoadMore, loadMore]);

  if (feed.failed) {
    return (
      <div className="recent-posts__message" role="alert">
        <p>Recent reviews could not be loaded.</p>
        <button type="button" className="button button--small" onClick={feed.retry}>
          Retry
        </button>
      </div>
    );
  }
  if (feed.loading) {
    return (
      <ul className="recent-posts__list" aria-label={label} aria-busy="true">
        <FeedPostSkeleton />
        <FeedPostSkeleton />
      </ul>
    );
  }
  if (feed.posts.length === 0) {
    return (
      <div className="recent-posts__message recent-posts__message--empty">
        <CupIcon width={28} height={28} />
        <p>No reviews yet. The first one posted shows up here.</p>
      </div>
    );
  }

  return (
    <>
      <ul className="recent-posts__list" aria-label={label} aria-busy={feed.loadingMore}>
        {feed.posts.map((post) => (
          <FeedPostCard key={post.post_id} post={post} onOpen={setOpenPost} />
        ))}
        {feed.loadingMore && <FeedPostSkeleton />}
      </ul>
      {feed.hasMore ? (
        <div ref={sentinelRef} className="recent-posts__sentinel" aria-hidden="true" />
      ) : (
        <p className="recent-posts__end">You’re all caught up.</p>
      )}
      {openPost && <LazyFullPostDialog postId={openPost.post_id} initial={openPost} onClose={() => setOpenPost(null)} />}
    </>
  );
}
