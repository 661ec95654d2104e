import { useEffect, useState, type ReactNode } from 'react';
import { CupIcon } from '../../../components/icons/icons';
import { LazyFullPostDialog } from '../full-post/LazyFullPostDialog';
import type { PostView } from '../types';
import { FeedPostCard, FeedPostSkeleton } from './FeedPostCard';
import type { PostsFeedState } from './usePostsFeed';
import { useScrolledToEnd } from './useScrolledToEnd';
import './feed.css';

interface PostsFeedProps {
  feed: PostsFeedState;
  /** The list's accessible name. */
  label: string;
  /** What the alert says when a load failed. */
  failureText: string;
  /** What shows when the feed has no reviews at all (nothing with null). */
  empty: ReactNode;
}

/**
 * A feed of review cards (spec §4): the first page at start, then the next each time the list is scrolled to its
 * end, until a load adds nothing. A failed load empties the list (spec §8) and offers Retry. A card opens the full
 * post over the page.
 */
export function PostsFeed({ feed, label, failureText, empty }: PostsFeedProps) {
  const { sentinelRef, atEnd } = useScrolledToEnd(feed.pageCount);
  const [openPost, setOpenPost] = useState<PostView | null>(null);
  const { canLoadMore, loadMore } = feed;

  useEffect(() => {
    if (atEnd && canLoadMore) loadMore();
  }, [atEnd, canLoadMore, loadMore]);

  if (feed.failed) {
    return (
      <div className="recent-posts__message" role="alert">
        <p>{failureText}</p>
        <button type="button" className="button button--small" onClick={feed.retry}>
          Retry
        </button>
      </div>
    );
  }
  if (feed.loading) return <FeedSkeleton label={label} />;
  if (feed.posts.length === 0) return empty;

  return (
    <>
      <ul className="recent-posts__list" aria-label={label} aria-busy={feed.loadingMore}>
        {feed.posts.map((post) => (
          <FeedPostCard key={post.remote ? `remote-${post.post_id}` : post.post_id} post={post} onOpen={setOpenPost} />
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

/** Two card shapes while the first page loads. */
export function FeedSkeleton({ label }: { label: string }) {
  return (
    <ul className="recent-posts__list" aria-label={label} aria-busy="true">
      <FeedPostSkeleton />
      <FeedPostSkeleton />
    </ul>
  );
}

/** The feed has no reviews: a cup and a line. */
export function FeedEmptyMessage({ children }: { children: ReactNode }) {
  return (
    <div className="recent-posts__message recent-posts__message--empty">
      <CupIcon width={28} height={28} />
      <p>{children}</p>
    </div>
  );
}
