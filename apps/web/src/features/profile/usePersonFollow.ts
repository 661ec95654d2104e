import { useEffect } from 'react';
import { DIALOG_TITLES } from '@siplog/contracts';
import { useMessageDialog } from '../../components/dialog/MessageDialogProvider';
import { interactionRefusal } from '../safety/interaction-refusal';
import { useSession } from '../session/useSession';
import { logToServer } from '../../lib/client-log';
import { trpc } from '../../lib/trpc';

/**
 * Whether the signed-in person follows `username`, and the change. Not shown for guests and for oneself; the state
 * is read on mount, and a failed check or a failed change leaves it not followed (logged only).
 */
export function usePersonFollow(username: string) {
  const session = useSession();
  const target = username.toLowerCase();
  const isSelf = !!session?.username && session.username.toLowerCase() === target;
  const visible = !!session && !isSelf;
  const input = { targetusername: target };

  const utils = trpc.useUtils();
  const { showMessage } = useMessageDialog();
  // A block between the two people is said (issue 17); other failures are logged only.
  const sayRefusal = (error: unknown) => {
    const refusal = interactionRefusal(error);
    if (refusal) showMessage({ title: DIALOG_TITLES.warning, body: refusal });
  };
  const status = trpc.user.isFollowed.useQuery(input, { enabled: visible, retry: false });
  useEffect(() => {
    if (status.error) logToServer('error', `Follow status of ${target} failed: ${status.error.message}`);
  }, [status.error, target]);
  const afterChange = (followed: boolean) => {
    utils.user.isFollowed.setData(input, { followed });
    // Counts on every profile shown (own, public, by name) change with a follow.
    void utils.user.profile.invalidate();
    void utils.user.publicProfile.invalidate();
    void utils.user.byName.invalidate();
    // Their reviews join or leave the Following feed on its next load.
    void utils.post.following.invalidate();
  };
  const follow = trpc.user.follow.useMutation({
    onSuccess: () => afterChange(true),
    onError: (error) => {
      logToServer('error', `Follow ${target} failed: ${error.message}`);
      sayRefusal(error);
    },
  });
  const unfollow = trpc.user.unfollow.useMutation({
    onSuccess: () => afterChange(false),
    onError: (error) => logToServer('error', `Unfollow ${target} failed: ${error.message}`),
  });

  const followed = status.data?.followed === true;
  return {
    target,
    visible,
    followed,
    busy: status.isLoading || follow.isPending || unfollow.isPending,
    toggle: () => (followed ? unfollow : follow).mutateAsync(input),
  };
}
