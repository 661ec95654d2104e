import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FollowButton } from '../../profile/FollowButton';
import { avatarUrlOf } from '../../../lib/images';
import { StarRating } from '../../../components/rating/StarRating';

/** Who wrote the review and how many stars they gave, with the follow button (hidden for guests and oneself). */
export function PostAuthor({ username, rating, children }: { username: string; rating: string; children?: ReactNode }) {
  const profilePath = `/user/${encodeURIComponent(username)}`;
  return (
    <header className="full-post__author">
      <Link to={profilePath} className="full-post__avatar" tabIndex={-1} aria-hidden="true">
        <img src={avatarUrlOf(username)} alt="" width={44} height={44} />
      </Link>
      <div className="full-post__byline">
        <Link to={profilePath} className="full-post__username">
          @{username}
        </Link>
        <StarRating rating={rating} size={16} />
      </div>
      <FollowButton username={username} size="small" className="full-post__follow" />
      {children}
    </header>
  );
}
