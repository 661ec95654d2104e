/** Image addresses of spec §7 (/api/showimage/...); `thumb` asks for the 400 px variant. */

function sized(url: string, thumb: boolean): string {
  return thumb ? `${url}?size=thumb` : url;
}

export function profileImageUrl(fileName: string, thumb = false): string {
  return sized(`/api/showimage/image/profileimages/${encodeURIComponent(fileName)}`, thumb);
}

export function postImageUrl(fileName: string, thumb = false): string {
  return sized(`/api/showimage/image/postimages/${encodeURIComponent(fileName)}`, thumb);
}

/** Anyone's current avatar by username; the server answers a placeholder picture when there is none. */
export function avatarUrlOf(username: string): string {
  return `/api/showimage/profileimage/${encodeURIComponent(username)}?size=thumb`;
}
