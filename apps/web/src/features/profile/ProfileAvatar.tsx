import { useState } from 'react';
import { profileImageUrl } from '../../lib/images';
import { PersonIcon } from '../../components/icons/icons';

interface ProfileAvatarProps {
  /** The first profile image's file name, or undefined for the round placeholder. */
  fileName?: string;
  /** Who it shows, for the alt text. */
  name: string;
  /** Rendered size in px (the CSS sets the box); 200 or less loads the 400 px thumbnail. */
  size?: number;
  className?: string;
}

/** A round profile picture, or a round placeholder with a person icon when there is none (or it fails to load). */
export function ProfileAvatar({ fileName, name, size = 112, className = '' }: ProfileAvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const showImage = fileName && failed !== fileName;
  return (
    <span
      className={`profile-avatar${showImage ? '' : ' profile-avatar--placeholder'} ${className}`.trim()}
    >
      {showImage ? (
        <img
          src={profileImageUrl(fileName, size <= 200 ? 'thumb' : 'full')}
          alt={`Profile picture of ${name}`}
          width={size}
          height={size}
          onError={() => setFailed(fileName)}
        />
      ) : (
        <PersonIcon role="img" aria-label={`No profile picture for ${name}`} aria-hidden={false} />
      )}
    </span>
  );
}
