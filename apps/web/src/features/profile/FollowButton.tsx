import { FollowToggle } from '../../components/follow/FollowToggle';
import { usePersonFollow } from './usePersonFollow';

interface FollowButtonProps {
  /** The person to follow. */
  username: string;
  size?: 'regular' | 'small';
  className?: string;
}

/** Follow / unfollow a person (spec §4 Follow button); hidden for guests and on one's own profile. */
export function FollowButton({ username, size = 'regular', className }: FollowButtonProps) {
  const { target, visible, followed, busy, toggle } = usePersonFollow(username);
  if (!visible) return null;
  return <FollowToggle followed={followed} busy={busy} label={`@${target}`} onToggle={toggle} size={size} className={className} />;
}
