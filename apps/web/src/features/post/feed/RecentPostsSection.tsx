import { useId } from 'react';
import { MOBILE_LAYOUT_QUERY, useMediaQuery } from '../../../lib/useMediaQuery';
import { feedPageSizes } from './feed-pages';
import { RecentPostsFeed } from './RecentPostsFeed';

const TITLE = 'Recent reviews';

/** The home panel's recent-posts section: 5 then 1 beside the map, 3 then 1 in a phone's Activity panel (spec §7). */
export function RecentPostsSection() {
  const headingId = useId();
  const sizes = feedPageSizes(useMediaQuery(MOBILE_LAYOUT_QUERY));
  return (
    <section className="recent-posts" aria-labelledby={headingId}>
      <h2 id={headingId} className="home-panel__heading">
        {TITLE}
      </h2>
      <RecentPostsFeed first={sizes.first} next={sizes.next} label={TITLE} />
    </section>
  );
}
