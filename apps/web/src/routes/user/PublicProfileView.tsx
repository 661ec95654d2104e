import { useState } from 'react';
import { Link } from 'react-router';
import { FollowButton } from '../../features/profile/FollowButton';
import type { FollowListName } from '../../features/profile/FollowListDialog';
import { LazyFollowListDialog } from '../../features/profile/LazyFollowListDialog';
import { ProfileHeader } from '../../features/profile/ProfileHeader';
import { ProfileOrders } from '../../features/profile/ProfileOrders';
import type { PublicProfile } from '../../features/profile/types';
import { ProfileSafetyMenu } from '../../features/safety/ProfileSafetyMenu';
import { useSession } from '../../features/session/useSession';

/**
 * Header and carousels of someone's public profile (spec §2 Public profile). The followers and following counts
 * open the same lists as on My Log, without the friend search (that belongs to one's own following list).
 */
export function PublicProfileView({ profile }: { profile: PublicProfile }) {
  const session = useSession();
  const [openList, setOpenList] = useState<FollowListName | null>(null);
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
            <>
              <FollowButton username={profile.username} />
              <ProfileSafetyMenu username={profile.username} />
            </>
          )
        }
        onShowList={setOpenList}
      />
      <ProfileOrders username={profile.username} isOwn={isSelf} />
      {openList && (
        <LazyFollowListDialog
          listName={openList}
          entries={openList === 'followers' ? profile.followers : profile.following}
          elsewhereOf={profile.username}
          onClose={() => setOpenList(null)}
        />
      )}
    </>
  );
}
