import { useEffect } from 'react';
import { logToServer } from '../../lib/client-log';
import { trpc } from '../../lib/trpc';
import { LazyFollowListDialog } from '../profile/LazyFollowListDialog';

/** Who follows the place (spec §2 Establishment page: the followers link opens a follower list). */
export function PlaceFollowersDialog({ establishmentId, onClose }: { establishmentId: number; onClose: () => void }) {
  const followers = trpc.place.followers.useQuery({ establishment_id: establishmentId }, { retry: false });
  useEffect(() => {
    if (followers.error) logToServer('error', `Followers of place ${establishmentId} failed: ${followers.error.message}`);
  }, [followers.error, establishmentId]);
  return (
    <LazyFollowListDialog listName="followers" entries={followers.data?.followers ?? []} loading={followers.isLoading} onClose={onClose} />
  );
}
