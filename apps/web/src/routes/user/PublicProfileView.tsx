import { Link } from 'react-router';
import { FollowButton } from '../../features/profile/FollowButton';
import { ProfileHeader } from '../../features/profile/ProfileHeader';
import { ProfileOrders } from '../../features/profile/ProfileOrders';
import type { PublicProfile } from '../../features/profile/types';
import { useSession } from '../../features/session/useSession';

/** Header and carousels of someone's public profile (spec §2 Public profile). */
export function PublicProfileView({ profile }: { profile: PublicProfile }) {
  const session = useSession();
  const isSelf = !!session?.username && session.username.toLowerCase() === profile.username.toLowerCase();
  return (
    <>
      <ProfileHeader
        profile={profile}
        variant="public"
        actions={
          isSelf ? (
            <Link to="/mylog" className="button button--small">
              Edit on My Log
            </Link>
          ) : (
            <FollowButton username={profile.username} />
          )
        }
      />
      <ProfileOrders username={profile.username} isOwn={isSelf} />
    </>
  );
}
