import { useEffect } from 'react';
import { useSession } from '../session/useSession';
import { logToServer } from '../../lib/client-log';
import { trpc } from '../../lib/trpc';

/**
 * Whether the signed-in person follows a place, and the change. The state is read on mount; a failed check or a
 * failed change leaves it not followed (logged only).
 */
export function usePlaceFollow(establishmentId: number) {
  const signedIn = !!useSession();
  const input = { establishment_id: establishmentId };

  const utils = trpc.useUtils();
  const status = trpc.place.isFollowed.useQuery(input, { enabled: signedIn, retry: false });
  useEffect(() => {
    if (status.error) logToServer('error', `Place follow status of ${establishmentId} failed: ${status.error.message}`);
  }, [status.error, establishmentId]);

  const afterChange = (followed: boolean) => {
    utils.place.isFollowed.setData(input, { followed });
    // The place's follower count and list, and the person's following list (My Log), change with a follow.
    void utils.place.byId.invalidate();
    void utils.place.byLocation.invalidate();
    void utils.place.followers.invalidate(input);
    void utils.user.profile.invalidate();
    // Its reviews join or leave the Following feed on its next load.
    void utils.post.following.invalidate();
  };
  const follow = trpc.place.follow.useMutation({
    onSuccess: (answer) => afterChange(answer.followed),
    onError: (error) => logToServer('error', `Follow place ${establishmentId} failed: ${error.message}`),
  });
  const unfollow = trpc.place.unfollow.useMutation({
    onSuccess: (answer) => afterChange(answer.followed),
    onError: (error) => logToServer('error', `Unfollow place ${establishmentId} failed: ${error.message}`),
  });

  const followed = status.data?.followed === true;
  return {
    signedIn,
    followed,
    busy: status.isLoading || follow.isPending || unfollow.isPending,
    toggle: () => (followed ? unfollow : follow).mutateAsync(input),
  };
}
