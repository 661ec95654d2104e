/**
 * The web app's routes (spec §2), so the server can tell a page from a missing one: it answers any other
 * path with the app shell (which shows the not-found page) and HTTP 404.
 */
export const WEB_ROUTES = [
  '/',
  '/login',
  '/join',
  '/mylog',
  '/view/:establishmentOrLocation',
  '/view/location/:location',
  '/user/:username',
  '/user/name/:name',
  '/contact',
  '/terms-of-service',
  '/privacy-policy',
  '/testfeed',
] as const;

const ROUTE_MATCHERS = WEB_ROUTES.map(
  (route) => new RegExp(`^${route.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`.replace('^//?$', '^/$')),
);

/** Whether a path (without query) is one of the app's pages. */
export function isWebRoute(pathname: string): boolean {
  return ROUTE_MATCHERS.some((matcher) => matcher.test(pathname));
}
