import { isStoredImageName, type ImageFolder } from './image-store';

/** Remote people's stored avatars (issue 30) live with local profile pictures: the media sweeper counts both. */
export const REMOTE_AVATAR_FOLDER: ImageFolder = 'profileimages';

/**
 * The URL the web app shows a remote person's stored avatar at: the same shape as a local profile picture's, at the
 * thumbnail size avatars are drawn with. Null without a stored copy (or with a name the image store never makes).
 */
export function remoteAvatarUrl(avatarFile: string | null): string | null {
  if (avatarFile === null || !isStoredImageName(avatarFile)) return null;
  return `/api/showimage/image/${REMOTE_AVATAR_FOLDER}/${encodeURIComponent(avatarFile)}?size=thumb`;
}
