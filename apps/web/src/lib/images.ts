/**
 * Image addresses of spec §7 (/api/showimage/...). Stored images come in sizes: `full` (1600 px, the full post),
 * `card` (800 px, feed cards and the place page's photo strip) and `thumb` (400 px, avatars, lists, carousels).
 */
export type ImageSize = 'full' | 'card' | 'thumb';

function sized(url: string, size: ImageSize): string {
  return size === 'full' ? url : `${url}?size=${size}`;
}

export function profileImageUrl(fileName: string, size: ImageSize = 'full'): string {
  return sized(`/api/showimage/image/profileimages/${encodeURIComponent(fileName)}`, size);
}

export function postImageUrl(fileName: string, size: ImageSize = 'full'): string {
  return sized(`/api/showimage/image/postimages/${encodeURIComponent(fileName)}`, size);
}

/** Anyone's current avatar by username; the server answers a placeholder picture when there is none. */
export function avatarUrlOf(username: string): string {
  return `/api/showimage/profileimage/${encodeURIComponent(username)}?size=thumb`;
}
