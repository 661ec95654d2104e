import { Logger } from '@nestjs/common';
import { idFromPath, LIMITS, loadPublicProfileSchema, placeByLocationSchema, placeLocationPath, webPageMatch } from '@siplog/contracts';
import { AppError } from '../common/app-error';
import type { PlaceService } from '../modules/place/place.service';
import type { PostService } from '../modules/post/post.service';
import type { UserService } from '../modules/user/user.service';
import { personPreview, placePreview, reviewPreview, type SharePreview } from './share-preview';

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

/** What a page of one review, place or person is made of; null when it names none that is there. */
interface PageRead {
  seeded: SeededQuery[];
  preview: SharePreview | null;
}

const NO_DATA: PageRead = { seeded: [], preview: null };

/**
 * The public data a profile or a place page shows first, answered with the HTML: the page renders it at once instead
 * of asking for it once its script has run (a round trip less on a slow phone; the page refreshes it in the
 * background as usual). Only viewer-independent public queries, with the inputs the page uses. With it, the share
 * preview of a review, a place or a person (share-preview.ts), made from the same reads. Null when the page names a
 * review, place or person that is not there, or out of sight (a deactivated, suspended or deleted author): no preview,
 * and the page answers 404 (the app shows its own not-found state).
 */
async function readPage({ users, places, posts }: PageServices, pathname: string): Promise<PageRead | null> {
  // The names and ids of page paths are read by the API's input rules (contracts): a name with a control character,
  // or an id PostgreSQL's integer columns cannot hold, names nothing (a 404 page).
  const match = webPageMatch(pathname);
  if (match?.page === 'profile') {
    const parsed = loadPublicProfileSchema.safeParse({ username: decodeURIComponent(match.params.username!) });
    if (!parsed.success) return null;
    const { username } = parsed.data;
    const orders = { username, limit: LIMITS.ordersCarouselLimit };
    const [profileData, fiveStar, recent] = await Promise.all([
      users.loadPublicProfile(username),
      posts.fiveStarOrders(username, orders.limit),
      posts.recentOrders(username, orders.limit),
    ]);
    return {
      seeded: [
        { path: 'user.publicProfile', input: { username }, data: profileData },
        { path: 'post.fiveStarOrders', input: orders, data: fiveStar },
        { path: 'post.recentOrders', input: orders, data: recent },
      ],
      preview: personPreview(profileData.user),
    };
  }
  // Digits name a place; anything else is an area, whose page carries no data.
  const id = match?.page === 'view' && /^\d+$/.test(match.params.param!) ? idFromPath(match.params.param!) : undefined;
  if (id === null) return null;
  if (id !== undefined) {
    const input = { establishment_id: id };
    const [placeData, reviews] = await Promise.all([places.loadEstablishment(input.establishment_id), posts.byEstablishment(input.establishment_id)]);
    return {
      seeded: [
        { path: 'place.byId', input, data: placeData },
        { path: 'post.byEstablishment', input, data: reviews },
      ],
      preview: placePreview(placeData.establishment, `/view/${id}`),
    };
  }
  if (match?.page === 'placeByLocation') {
    const parsed = placeByLocationSchema.safeParse({ location: decodeURIComponent(match.params.location!) });
    if (!parsed.success) return null;
    const { establishment } = await places.loadByLocation(parsed.data.location);
    return { seeded: [], preview: placePreview(establishment, establishment.slug ? placeLocationPath(establishment.slug) : `/view/${establishment.establishment_id}`) };
  }
  if (match?.page === 'post') {
    const postId = idFromPath(match.params.id!);
    if (postId === null) return null;
    return { seeded: [], preview: reviewPreview((await posts.byId(postId)).post) };
  }
  return NO_DATA;
}

/** Not there, or not a valid name of anything: a 404 page. */
function isMissing(error: unknown): boolean {
  return (error instanceof AppError && error.code === 'NOT_FOUND') || error instanceof URIError;
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

/** What a page's HTML carries besides the shell (see pageData). */
export interface PageData {
  /** The page names a review, place or person that is not there: answered 404, with no preview and no data. */
  missing: boolean;
  /** Preloads of its first photos and its public data (see readPage), as head elements. */
  head: string[];
  preview: SharePreview | null;
}

const logger = new Logger('WebPages');

/**
 * What a public page's HTML carries besides the shell. A read that fails for another reason than a missing row is
 * logged and the page goes without its data (the page then asks for itself, as it would have anyway).
 */
export async function pageData(services: PageServices, pathname: string): Promise<PageData> {
  let read: PageRead | null;
  try {
    read = await readPage(services, pathname);
  } catch (error) {
    if (!isMissing(error)) logger.warn(`Page data of ${pathname} not read: ${error instanceof Error ? error.message : String(error)}`);
    read = isMissing(error) ? null : NO_DATA;
  }
  if (!read) return { missing: true, head: [], preview: null };
  return { missing: false, head: [...photoPreloads(read.seeded), ...seededDataElement(read.seeded)], preview: read.preview };
}

/** JSON in a non-executed script element (the CSP allows it: it never runs); `<` is escaped so no text can close it. */
function seededDataElement(queries: SeededQuery[]): string[] {
  if (queries.length === 0) return [];
  const json = JSON.stringify(queries).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return [`<script type="application/json" id="siplog-data">${json}</script>`];
}
