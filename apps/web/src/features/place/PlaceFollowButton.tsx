import { Link } from 'react-router';
import { FollowToggle } from '../../components/follow/FollowToggle';
import { usePlaceFollow } from './usePlaceFollow';

interface PlaceFollowButtonProps {
  establishmentId: number;
  /** The place's name, for the button's accessible name. */
  name: string;
}

/**
 * Follow / unfollow a place (spec §4 Follow button). A guest gets the same button as a link to /login: following
 * needs an account, and the button says where to get one.
 */
export function PlaceFollowButton({ establishmentId, name }: PlaceFollowButtonProps) {
  const { signedIn, followed, busy, toggle } = usePlaceFollow(establishmentId);
  if (!signedIn) {
    return (
      <Link to="/login" className="follow-button follow-button--regular place-follow" aria-label={`Log in to follow ${name}`} data-state="follow">
        follow
      </Link>
    );
  }
  return <FollowToggle followed={followed} busy={busy} label={name} onToggle={toggle} className="place-follow" />;
}
