/**
 * The web app's pages (spec §2), by name: the web router builds its routes from this table, and the server tells
 * a page from a missing one with it (any other path gets the app shell, which shows the not-found page, and HTTP 404).
 */
export const WEB_ROUTES = {
  home: '/',
  login: '/login',
  join: '/join',
  mylog: '/mylog',
  /** One place by its slug, map place_id or 'lat,lng', shown as the place page. */
  placeByLocation: '/view/location/:location',
  /** Digits: the place page of that establishment id; anything else: the places of a city or neighbourhood. */
  view: '/view/:param',
  profileByName: '/user/name/:name',
  profile: '/user/:username',
  /** One review, its likes and comments: the full post's own, shareable address. */
  post: '/post/:id',
  /** The signed-in person's notifications (issue 16). */
  notifications: '/notifications',
  /** The one-click unsubscribe link of a notification e-mail; works signed out. */
  unsubscribe: '/unsubscribe/:token',
  contact: '/contact',
  termsOfService: '/terms-of-service',
  privacyPolicy: '/privacy-policy',
  /** Spec §2 Test feed card. */
  testFeed: '/testfeed',
  /** The operator's screen on a hidden path: only /admin/{ADMIN_PATH} is a page (see isWebRoute). */
  admin: '/admin/:secret',
} as const;

export type WebRouteName = keyof typeof WEB_ROUTES;

/**
 * Paths a parameter route would take that are no page: /view/location is the place route without its location,
 * not the area called 'location'. (/user/name stays the profile of a person who may be called 'name'.)
 */
export const NOT_WEB_ROUTES = ['/view/location'] as const;

/** The route's parameters by name, each the raw (still URI-encoded) path segment. */
export type WebRouteParams = Record<string, string>;

export interface WebPageMatch {
  page: WebRouteName;
  params: WebRouteParams;
}

/** A route's matcher: each `:name` one segment, captured under its name; a trailing slash allowed. */
function matcherOf(route: string): RegExp {
  const source = route.replace(/:([A-Za-z]+)/g, '(?<$1>[^/]+)');
  return new RegExp(source === '/' ? '^/$' : `^${source}/?$`);
}
const PAGE_MATCHERS = (Object.entries(WEB_ROUTES) as [WebRouteName, string][])
  .filter(([page]) => page !== 'admin')
  .map(([page, route]) => ({ page, matcher: matcherOf(route) }));
const NOT_ROUTE_MATCHERS = NOT_WEB_ROUTES.map(matcherOf);
const ADMIN_MATCHER = matcherOf(WEB_ROUTES.admin);

/**
 * Which of the app's pages a path (without query) is, with its parameters, or null for none: the one reading of page
 * paths (the web router, the server's 404s, page data and the public cache). The admin screen is a page only at its
 * own secret (ADMIN_PATH, which only the server knows): any other /admin/… is as missing as any unknown path.
 */
export function webPageMatch(pathname: string, isAdminSecret: (secret: string) => boolean = () => false): WebPageMatch | null {
  if (NOT_ROUTE_MATCHERS.some((matcher) => matcher.test(pathname))) return null;
  for (const { page, matcher } of PAGE_MATCHERS) {
    const match = matcher.exec(pathname);
    if (match) return { page, params: { ...match.groups } };
  }
  const admin = ADMIN_MATCHER.exec(pathname);
  return admin?.groups !== undefined && isAdminSecret(decodeURIComponentSafely(admin.groups.secret)) ? { page: 'admin', params: { ...admin.groups } } : null;
}

/** Which of the app's pages a path (without query) is, or null for none (see webPageMatch). */
export function webPageOf(pathname: string, isAdminSecret?: (secret: string) => boolean): WebRouteName | null {
  return webPageMatch(pathname, isAdminSecret)?.page ?? null;
}

/** Whether a path (without query) is one of the app's pages (see webPageOf). */
export function isWebRoute(pathname: string, isAdminSecret?: (secret: string) => boolean): boolean {
  return webPageOf(pathname, isAdminSecret) !== null;
}

function decodeURIComponentSafely(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The readable, stable address of a place: /view/location/{slug}. */
export function placeLocationPath(slug: string): string {
  return WEB_ROUTES.placeByLocation.replace(':location', encodeURIComponent(slug));
}

/** A review's own address: /post/{id}. */
export function postPath(postId: number): string {
  return WEB_ROUTES.post.replace(':id', String(postId));
}
