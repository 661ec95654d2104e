import { useState } from 'react';
import type { LatLng } from '../../map/map-types';
import { FollowSuggestions } from './FollowSuggestions';
import { FeedEmptyMessage, PostsFeed } from './PostsFeed';
import type { PostsFeedState } from './usePostsFeed';

/**
 * The Following tab: reviews by the people and places followed (and one's own). Someone who follows nobody gets the
 * follow suggestions on top. They stay while the tab is open, so following several in a row never pulls a list from
 * under the pointer; the reviews of those followed fill in below, and the next visit goes by the new count.
 */
export function FollowingFeed({ feed, near }: { feed: PostsFeedState; near: LatLng }) {
  const [suggesting, setSuggesting] = useState<boolean | null>(null);
  // Decided once, from the first answer this tab shows (set during render: no frame without the suggestions).
  if (suggesting === null && feed.follows !== undefined) setSuggesting(feed.follows === 0);
  // Unfollowing the last one elsewhere (a post's dialog) brings them back at once.
  const suggest = suggesting === true || feed.follows === 0;

  return (
    <>
      {suggest && <FollowSuggestions near={near} />}
      <PostsFeed
        feed={feed}
        label="Reviews from people and places you follow"
        failureText="Your Following feed could not be loaded."
        empty={suggest ? null : <FeedEmptyMessage>No reviews from the people and places you follow yet. Their next ones show up here.</FeedEmptyMessage>}
      />
    </>
  );
}
