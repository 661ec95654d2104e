import { useId } from 'react';
import { MOBILE_LAYOUT_QUERY, useMediaQuery } from '../../../lib/useMediaQuery';
import type { LatLng } from '../../map/map-types';
import { useSession } from '../../session/useSession';
import { feedPageSizes, type FeedPageSizes } from './feed-pages';
import { FeedTabs } from './FeedTabs';
import { RECENT_FEED_TITLE, RecentFeed } from './RecentFeed';
import { usePostsFeed } from './usePostsFeed';
import './feed-tabs.css';

/** A guest's only feed, under its heading as before the tabs. */
function GuestFeed({ sizes }: { sizes: FeedPageSizes }) {
  const headingId = useId();
  const feed = usePostsFeed('recent', sizes);
  return (
    <section className="recent-posts" aria-labelledby={headingId}>
      <h2 id={headingId} className="home-panel__heading">
        {RECENT_FEED_TITLE}
      </h2>
      <RecentFeed feed={feed} />
    </section>
  );
}

/**
 * The home panel's reviews: 5 then 1 beside the map, 3 then 1 in a phone's Activity panel (spec §7). Guests see the
 * recent reviews; a signed-in person the Recent and Following tabs.
 */
export function PostsSection({ near }: { near: LatLng }) {
  const session = useSession();
  const sizes = feedPageSizes(useMediaQuery(MOBILE_LAYOUT_QUERY));
  // Keyed by the person, so another account's sign-in starts from its own first tab.
  return session ? <FeedTabs key={session.username} sizes={sizes} near={near} /> : <GuestFeed sizes={sizes} />;
}
