/** The home panel's feeds, in the tab order: everyone's recent reviews, and (signed in) the people and places followed. */
export const FEED_TABS = ['recent', 'following'] as const;
export type FeedTab = (typeof FEED_TABS)[number];

export const FEED_TAB_NAMES: Record<FeedTab, string> = { recent: 'Recent', following: 'Following' };

/**
 * The tab a signed-in person sees first: Following when they follow at least one person or place, else Recent.
 * `follows` is what the Following feed's first answer says; until then (undefined) the choice waits, and a failed
 * answer falls back to Recent, which needs no account.
 */
export function firstFeedTab(follows: number | undefined, failed: boolean): FeedTab | null {
  if (failed) return 'recent';
  if (follows === undefined) return null;
  return follows > 0 ? 'following' : 'recent';
}

/**
 * The tab a key moves to from `current` (WAI-ARIA tabs: the arrows step round, Home and End jump to the ends), or
 * null for any other key.
 */
export function tabAfterKey(current: FeedTab, key: string): FeedTab | null {
  const at = FEED_TABS.indexOf(current);
  switch (key) {
    case 'ArrowRight':
      return FEED_TABS[(at + 1) % FEED_TABS.length];
    case 'ArrowLeft':
      return FEED_TABS[(at - 1 + FEED_TABS.length) % FEED_TABS.length];
    case 'Home':
      return FEED_TABS[0];
    case 'End':
      return FEED_TABS[FEED_TABS.length - 1];
    default:
      return null;
  }
}
