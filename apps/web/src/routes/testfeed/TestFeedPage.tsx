import { useEffect } from 'react';
import { Link } from 'react-router';
import { LIMITS } from '@siplog/contracts';
import { FeedCard } from '../../features/place/FeedCard';
import { CupIcon } from '../../components/icons/icons';
import { logToServer } from '../../lib/client-log';
import { trpc } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import '../../components/skeleton/skeleton.css';
import '../../features/place/place.css';
import './testfeed.css';

/** /testfeed: one establishment card from the feed (spec §2 Test feed card; §7 placeforfeed, limit 1, skip 1). */
export function TestFeedPage() {
  useDocumentTitle('Test feed');
  const feed = trpc.place.forFeed.useQuery({ limit: LIMITS.testFeedLimit, skip: LIMITS.testFeedSkip }, { retry: false });
  useEffect(() => {
    if (feed.error) logToServer('error', `Test feed failed: ${feed.error.message}`);
  }, [feed.error]);

  // Spec §7: the answer is a list and the first entry is used.
  const place = feed.data?.establishment[0];
  return (
    <div className="testfeed-page">
      <h1 className="visually-hidden">Test feed</h1>
      {place ? (
        <FeedCard place={place} />
      ) : feed.isLoading ? (
        <div className="feed-card feed-card--skeleton skeleton" role="status" aria-label="Loading the feed" />
      ) : (
        <div className="feed-card feed-card--empty">
          <CupIcon width={40} height={40} />
          <h2>Nothing in the feed yet</h2>
          <p>{feed.isError ? 'The feed did not load. Please try again in a moment.' : 'Places show up here once they have reviews.'}</p>
          {feed.isError ? (
            <button type="button" className="button button--primary" onClick={() => void feed.refetch()}>
              Try again
            </button>
          ) : (
            <Link to="/" className="button button--primary">
              Open the map
            </Link>
          )}
        </div>
      )}
    </div>
  );
}
