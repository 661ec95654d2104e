import { useEffect } from 'react';
import { useSession } from '../session/useSession';
import { logToServer } from '../../lib/client-log';
import { trpc } from '../../lib/trpc';

interface FollowButtonProps {
  /** The person to follow. */
  username: string;
  size?: 'regular' | 'small';
  className?: string;
}

/**
 * Follow / unfollow a person (spec §4 Follow button). Hidden for guests and on one's own profile. The state
 * is read from the server on mount; a failed check or a failed follow leaves it not followed. While a
 * request runs the button is disabled, so a double click sends one request.
 */
export function FollowButton({ username, size = 'regular', className = '' }: FollowButtonProps) {
  const session = useSession();
  const target = username.toLowerCase();
  const isSelf = !!session?.username && session.username.toLowerCase() === target;
  const visible = !!session && !isSelf;

  const utils = trpc.useUtils();
  const status = trpc.user.isFollowed.useQuery({ targetusername: target }, { enabled: visible, retry: false });
  useEffect(() => {
    if (status.error) logToServer('error', `Follow status of ${target} failed: ${status.error.message}`);
  }, [status.error, target]);
  const afterChange = (followed: boolean) => {
    utils.user.isFollowed.setData({ targetusername: target }, { followed });
    // Counts on every profile shown (own, public, by name) change with a follow.
    void utils.user.profile.invalidate();
    void utils.user.publicProfile.invalidate();
    void utils.user.byName.invalidate();
  };
  const follow = trpc.user.follow.useMutation({
    onSuccess: () => afterChange(true),
    onError: (error) => logToServer('error', `Follow ${target} failed: ${error.message}`),
  });
  const unfollow = trpc.user.unfollow.useMutation({
    onSuccess: () => afterChange(false),
    onError: (error) => logToServer('error', `Unfollow ${target} failed: ${error.message}`),
  });

  if (!visible) return null;

  const followed = status.data?.followed === true;
  const busy = status.isLoading || follow.isPending || unfollow.isPending;
  const label = followed ? 'unfollow' : 'follow';

  return (
    <button
      type="button"
      className={`follow-button follow-button--${size}${followed ? ' is-followed' : ''} ${className}`.trim()}
      disabled={busy}
      aria-busy={busy}
      aria-label={`${label} @${target}`}
      data-state={label}
      onClick={() => {
        if (busy) return;
        if (followed) unfollow.mutate({ targetusername: target });
        else follow.mutate({ targetusername: target });
      }}
    >
      {label}
    </button>
  );
}
