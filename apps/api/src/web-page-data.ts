import { establishmentIdSchema, LIMITS, loadPublicProfileSchema } from '@siplog/contracts';
import type { PlaceService } from './modules/place/place.service';
import type { PostService } from './modules/post/post.service';
import type { UserService } from './modules/user/user.service';

const PROFILE_PATH = /^\/user\/([^/]+)\/?$/;
const PLACE_PATH = /^\/view\/(\d{1,15})\/?$/;

export interface PageServices {
  users: UserService;
  places: PlaceService;
  posts: PostService;
}

/** One public tRPC query's answer, as the page itself would ask for it (procedure path and input alike). */
interface SeededQuery {
  path: string;
  input: unknown;
  data: unknown;
}

/**
 * The public data a profile or a place page shows first, answered with the HTML: the page renders it at once instead
 * of asking for it once its script has run (a round trip less on a slow phone; the page refreshes it in the
 * background as usual). Only viewer-independent public queries, with the inputs the page uses; nothing when the
 * page is unknown or missing (the page then asks and shows its own not-found state).
 */
async function seededQueries({ users, places, posts }: PageServices, pathname: string): Promise<SeededQuery[]> {
  try {
    const profile = PROFILE_PATH.exec(pathname);
    if (profile) {
      const { username } = loadPublicProfileSchema.parse({ username: decodeURIComponent(profile[1]).trim().toLowerCase() });
      const orders = { username, limit: LIMITS.ordersCarouselLimit };
      const [profileData, fiveStar, recent] = await Promise.all([
        users.loadPublicProfile(username),
        posts.fiveStarOrders(username, orders.limit),
        posts.recentOrders(username, orders.limit),
      ]);
      return [
        { path: 'user.publicProfile', input: { username }, data: profileData },
        { path: 'post.fiveStarOrders', input: orders, data: fiveStar },
        { path: 'post.recentOrders', input: orders, data: recent },
      ];
    }
    const place = PLACE_PATH.exec(pathname);
    if (place) {
      const input = establishmentIdSchema.parse({ establishment_id: Number(place[1]) });
      const [placeData, reviews] = await Promise.all([places.loadEstablishment(input.establishment_id), posts.byEstablishment(input.establishment_id)]);
      return [
        { path: 'place.byId', input, data: placeData },
        { path: 'post.byEstablishment', input, data: reviews },
      ];
    }
  } catch {
    // Not found or not valid: the page asks for itself.
  }
  return [];
}

/** Photos of the first carousel (the page's largest content), so they load beside the script. */
function photoPreloads(queries: SeededQuery[]): string[] {
  const first = queries.find(({ path, data }) => path !== 'user.publicProfile' && path !== 'place.byId' && hasPhotos(data));
  const shown = first ? ((first.data as { orders?: { images: string[] }[]; posts?: { images: string[] }[] }).orders ?? (first.data as { posts: { images: string[] }[] }).posts) : [];
  return shown
    .slice(0, 2)
    .map((post) => post.images[0])
    .filter(Boolean)
    .map((file) => `<link rel="preload" as="image" fetchpriority="high" href="/api/showimage/image/postimages/${encodeURIComponent(file)}?size=thumb">`);
}

function hasPhotos(data: unknown): boolean {
  const list = (data as { orders?: { images: string[] }[]; posts?: { images: string[] }[] }).orders ?? (data as { posts?: { images: string[] }[] }).posts;
  return (list ?? []).some((post) => post.images.length > 0);
}

/**
 * What a public page's HTML carries besides the shell: preloads of its first photos and its public data (see
 * seededQueries), as head elements.
 */
export async function pageDataHead(services: PageServices, pathname: string): Promise<string[]> {
  const seeded = await seededQueries(services, pathname);
  return [...photoPreloads(seeded), ...seededDataElement(seeded)];
}

/** JSON in a non-executed script element (the CSP allows it: it never runs); `<` is escaped so no text can close it. */
function seededDataElement(queries: SeededQuery[]): string[] {
  if (queries.length === 0) return [];
  const json = JSON.stringify(queries).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return [`<script type="application/json" id="siplog-data">${json}</script>`];
}
