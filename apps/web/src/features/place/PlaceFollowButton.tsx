import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useSession } from '../session/useSession';
import { logToServer } from '../../lib/client-log';
import { trpc } from '../../lib/trpc';

interface PlaceFollowButtonProps {
  establishmentId: number;
  /** The place's name, for the button's accessible name. */
  name: string;
}

/**
 * Follow / unfollow a place (spec §4 Follow button), like FollowButton for people: the state is read on mount,
 * a failed check or a failed follow leaves it not followed (logged only), and the button is disabled while a
 * request runs, so a double click sends one request. A guest gets the same button as a link to /login: following
 * needs an account, and the button says where to get one.
 */
export function PlaceFollowButton({ establishmentId, name }: PlaceFollowButtonProps) {
  const session = useSession();
  const signedIn = !!session;
  const input = { establishment_id: establishmentId };

  // Set at the click itself: the mutation's pending state reaches the button a render later, after a second click.
  const sending = useRef(false);
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
  };
  const follow = trpc.place.follow.useMutation({
    onSuccess: (answer) => afterChange(answer.followed),
    onError: (error) => logToServer('error', `Follow place ${establishmentId} failed: ${error.message}`),
  });
  const unfollow = trpc.place.unfollow.useMutation({
    onSuccess: (answer) => afterChange(answer.followed),
    onError: (error) => logToServer('error', `Unfollow place ${establishmentId} failed: ${error.message}`),
  });

  if (!signedIn) {
    return (
      <Link to="/login" className="follow-button place-follow" aria-label={`Log in to follow ${name}`} data-state="follow">
        follow
      </Link>
    );
  }

  const followed = status.data?.followed === true;
  const busy = status.isLoading || follow.isPending || unfollow.isPending;
  const label = followed ? 'unfollow' : 'follow';

  return (
    <button
      type="button"
      className={`follow-button place-follow${followed ? ' is-followed' : ''}`}
      disabled={busy}
      aria-busy={busy}
      aria-label={`${label} ${name}`}
      data-state={label}
      onClick={() => {
        if (busy || sending.current) return;
        sending.current = true;
        (followed ? unfollow : follow)
          .mutateAsync(input)
          .catch(() => undefined) // logged by onError
          .finally(() => (sending.current = false));
      }}
    >
      {label}
    </button>
  );
}
