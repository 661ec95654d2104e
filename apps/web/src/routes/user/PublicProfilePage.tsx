import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { LIMITS } from '@siplog/contracts';
import { ProfileMessage, ProfileSkeleton } from '../../features/profile/ProfileStates';
import { trpc } from '../../lib/trpc';
import { httpStatusOf } from '../../lib/trpc-errors';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { PublicProfileView } from './PublicProfileView';
import '../../features/profile/profile.css';

/** /user/{username}: anyone's public profile, loaded by the username in the address. */
export function PublicProfilePage() {
  const username = (useParams().username ?? '').trim().toLowerCase();
  useDocumentTitle(`@${username}`);
  const profile = trpc.user.publicProfile.useQuery({ username }, { enabled: username.length > 0, retry: false });
  // The carousels' orders are asked for with the profile (one batched request), not after it arrives: their photos
  // are the page's largest content. Usernames are lower case, so the keys are the ones ProfileOrders asks with.
  const utils = trpc.useUtils();
  useEffect(() => {
    if (!username) return;
    const input = { username, limit: LIMITS.ordersCarouselLimit };
    void utils.post.fiveStarOrders.prefetch(input);
    void utils.post.recentOrders.prefetch(input);
  }, [utils, username]);
  const notFound = !username || httpStatusOf(profile.error) === 404 || profile.error?.data?.code === 'BAD_REQUEST';

  return (
    <div className={profile.data || notFound || profile.isError ? 'profile-page' : 'profile-page profile-page--loading'}>
      {profile.data ? (
        <PublicProfileView profile={profile.data.user} />
      ) : notFound ? (
        <ProfileMessage title="No one here">
          <p>
            We could not find anyone called <strong>@{username}</strong>. The link may be mistyped, or the account may
            have been closed.
          </p>
        </ProfileMessage>
      ) : profile.isError ? (
        <ProfileMessage
          title="This profile did not load"
          actions={
            <>
              <button type="button" className="button button--primary" onClick={() => void profile.refetch()}>
                Try again
              </button>
              <Link to="/" className="button">
                Back to the map
              </Link>
            </>
          }
        >
          <p>Something went wrong on our side. Please try again in a moment.</p>
        </ProfileMessage>
      ) : (
        <ProfileSkeleton />
      )}
    </div>
  );
}
