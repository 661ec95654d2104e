import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { LatLng } from '../../map/map-types';
import { FEED_TAB_NAMES, FEED_TABS, firstFeedTab, tabAfterKey, type FeedTab } from './feed-tabs';
import type { FeedPageSizes } from './feed-pages';
import { FollowingFeed } from './FollowingFeed';
import { FeedSkeleton } from './PostsFeed';
import { RecentFeed } from './RecentFeed';
import { usePostsFeed } from './usePostsFeed';

interface FeedTabsProps {
  sizes: FeedPageSizes;
  /** The map's centre, where the empty Following feed looks for places to suggest. */
  near: LatLng;
}

/**
 * A signed-in person's feeds as WAI-ARIA tabs: Recent and Following. The first one shown is Following when they
 * follow anyone (the Following feed's first answer says), else Recent; after that their own choice holds.
 */
export function FeedTabs({ sizes, near }: FeedTabsProps) {
  const baseId = useId();
  const tabs = useRef<Partial<Record<FeedTab, HTMLButtonElement | null>>>({});
  const following = usePostsFeed('following', sizes);
  const [chosen, setChosen] = useState<FeedTab | null>(null);
  const shown = chosen ?? firstFeedTab(following.follows, following.failed);
  // While the choice waits, Recent loads beside Following: for someone who follows nobody it is the one shown.
  const recent = usePostsFeed('recent', sizes, { enabled: shown !== 'following' });
  const { refreshIfStale } = following;

  useEffect(() => {
    if (shown === 'following') refreshIfStale();
  }, [shown, refreshIfStale]);

  const onKeyDown = (event: KeyboardEvent, from: FeedTab) => {
    const to = tabAfterKey(from, event.key);
    if (!to) return;
    event.preventDefault();
    setChosen(to);
    tabs.current[to]?.focus();
  };

  return (
    <section className="feed-tabs" aria-labelledby={`${baseId}-heading`}>
      <h2 id={`${baseId}-heading`} className="visually-hidden">
        Reviews
      </h2>
      <div role="tablist" aria-labelledby={`${baseId}-heading`} className="feed-tabs__list">
        {FEED_TABS.map((tab) => (
          <button
            key={tab}
            ref={(element) => {
              tabs.current[tab] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-${tab}-tab`}
            className="feed-tabs__tab"
            aria-selected={shown === tab}
            aria-controls={`${baseId}-${tab}-panel`}
            // One tab stop for the list (the arrows move within it): the shown tab, or the first while none is.
            tabIndex={(shown ?? FEED_TABS[0]) === tab ? 0 : -1}
            onClick={() => setChosen(tab)}
            onKeyDown={(event) => onKeyDown(event, tab)}
          >
            {FEED_TAB_NAMES[tab]}
          </button>
        ))}
      </div>
      {shown === null && <FeedSkeleton label="Reviews" />}
      {FEED_TABS.map((tab) => (
        <div key={tab} role="tabpanel" id={`${baseId}-${tab}-panel`} aria-labelledby={`${baseId}-${tab}-tab`} hidden={shown !== tab}>
          {shown === tab && (tab === 'recent' ? <RecentFeed feed={recent} /> : <FollowingFeed feed={following} near={near} />)}
        </div>
      ))}
    </section>
  );
}
