import type { ReactNode } from 'react';
import { formatCount } from '@siplog/contracts';
import type { FollowListName } from './FollowListDialog';
import { ProfileAvatar } from './ProfileAvatar';
import type { PublicProfile } from './types';

interface ProfileHeaderProps {
  profile: PublicProfile;
  /**
   * 'public' (spec §2 Public profile) shows the review count as "Activity", every count above its label;
   * 'mylog' (spec §2 /mylog) shows "N drinks reviewed" in a row.
   */
  variant: 'public' | 'mylog';
  /** Replaces the avatar (My Log shows an upload control when there is no picture). */
  avatar?: ReactNode;
  /** Buttons beside the name: follow, edit. */
  actions?: ReactNode;
  /** When given, the followers and following counts are buttons that open the lists. */
  onShowList?: (listName: FollowListName) => void;
  /** Text shown when there is no favourite order. */
  emptyFavoriteOrder?: string;
  /** Replaces the favourite order text (My Log's editor in edit mode). */
  favoriteOrderEditor?: ReactNode;
  /** Extra content at the bottom of the card (the edit panel). */
  children?: ReactNode;
}

interface StatProps {
  value: number;
  label: string;
  /** A longer meaning of the label, shown on hover. */
  title?: string;
  onClick?: () => void;
}

function Stat({ value, label, title, onClick }: StatProps) {
  const content = (
    <>
      <strong className="profile-stat__value">{formatCount(value)}</strong> <span className="profile-stat__label">{label}</span>
    </>
  );
  return (
    <li className="profile-stat" title={title}>
      {onClick ? (
        <button type="button" className="profile-stat__button" onClick={onClick} aria-haspopup="dialog">
          {content}
        </button>
      ) : (
        <span className="profile-stat__button profile-stat__button--static">{content}</span>
      )}
    </li>
  );
}

/**
 * A person's card (spec §2 /mylog and Public profile): picture, names, @username, their bio, the count of drinks
 * reviewed, followers and following counts (users plus places) and the current favourite order.
 */
export function ProfileHeader({
  profile,
  variant,
  avatar,
  actions,
  onShowList,
  emptyFavoriteOrder,
  favoriteOrderEditor,
  children,
}: ProfileHeaderProps) {
  const fullName = `${profile.first_name} ${profile.last_name}`.trim();
  return (
    <section className="profile-card" aria-label={`Profile of ${fullName || profile.username}`}>
      <div className="profile-card__top">
        <div className="profile-card__avatar">{avatar ?? <ProfileAvatar fileName={profile.profile_images[0]} name={fullName} />}</div>
        <div className="profile-card__identity">
          <div className="profile-card__name-row">
            <div className="profile-card__names">
              <h1 className="profile-card__name">{fullName || profile.username}</h1>
              <p className="profile-card__username">@{profile.username}</p>
            </div>
            {actions && <div className="profile-card__actions">{actions}</div>}
          </div>
          {profile.bio.trim() && <p className="profile-card__bio">{profile.bio.trim()}</p>}
          <ul className={`profile-card__stats profile-card__stats--${variant}`} aria-label="Profile counts">
            {variant === 'public' ? (
              <Stat value={profile.number_of_posts} label="Activity" title={`${formatCount(profile.number_of_posts)} drinks reviewed`} />
            ) : (
              <Stat value={profile.number_of_posts} label="drinks reviewed" />
            )}
            <Stat value={profile.followers.length} label="followers" onClick={onShowList && (() => onShowList('followers'))} />
            <Stat value={profile.following.length} label="following" onClick={onShowList && (() => onShowList('following'))} />
          </ul>
        </div>
      </div>
      <div className="profile-card__fav">
        <h2 className="profile-card__fav-title">Current Favorite Order</h2>
        {favoriteOrderEditor ?? (profile.current_fav_order ? (
          <p className="profile-card__fav-text">{profile.current_fav_order}</p>
        ) : (
          <p className="profile-card__fav-text profile-card__fav-text--empty">{emptyFavoriteOrder ?? 'No favorite order yet'}</p>
        ))}
      </div>
      {children}
    </section>
  );
}
