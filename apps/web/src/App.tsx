import type { ComponentType } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { NOT_WEB_ROUTES, WEB_ROUTES, type WebRouteName } from '@siplog/contracts';
import { AppLayout } from './layout/AppLayout';
import { Footer } from './layout/Footer';
import { Header } from './layout/Header';
import { NotFoundPage } from './routes/not-found/NotFoundPage';
import { RouteErrorPage } from './routes/RouteErrorPage';

/** The shell with an empty page, while the first screen's chunk loads: no spinner, no layout jump. */
function AppShellFallback() {
  return (
    <div className="app-shell">
      <Header />
      <main className="app-main" aria-busy="true" />
      <Footer />
    </div>
  );
}

/** Each page's screen, loaded when someone opens it; the type asks for one screen per page of the route table. */
const SCREENS: { [page in WebRouteName]: () => Promise<ComponentType> } = {
  home: () => import('./routes/home/HomePage').then((m) => m.HomePage),
  login: () => import('./routes/login/LoginPage').then((m) => m.LoginPage),
  join: () => import('./routes/join/JoinPage').then((m) => m.JoinPage),
  mylog: () => import('./routes/mylog/MyLogPage').then((m) => m.MyLogPage),
  placeByLocation: () => import('./routes/view/PlaceByLocationPage').then((m) => m.PlaceByLocationPage),
  // Digits show the place page, anything else the area's places; ViewPage decides by the parameter.
  view: () => import('./routes/view/ViewPage').then((m) => m.ViewPage),
  profileByName: () => import('./routes/user/ProfileByNamePage').then((m) => m.ProfileByNamePage),
  profile: () => import('./routes/user/PublicProfilePage').then((m) => m.PublicProfilePage),
  post: () => import('./routes/post/PostPage').then((m) => m.PostPage),
  notifications: () => import('./routes/notifications/NotificationsPage').then((m) => m.NotificationsPage),
  unsubscribe: () => import('./routes/unsubscribe/UnsubscribePage').then((m) => m.UnsubscribePage),
  contact: () => import('./routes/contact/ContactPage').then((m) => m.ContactPage),
  termsOfService: () => import('./routes/legal/TermsOfServicePage').then((m) => m.TermsOfServicePage),
  privacyPolicy: () => import('./routes/legal/PrivacyPolicyPage').then((m) => m.PrivacyPolicyPage),
  testFeed: () => import('./routes/testfeed/TestFeedPage').then((m) => m.TestFeedPage),
  admin: () => import('./routes/admin/AdminPage').then((m) => m.AdminPage),
};

/**
 * The router's pages, from the route table the server also answers 404s by (@siplog/contracts WEB_ROUTES), so the
 * two cannot drift. A screen is its own chunk: the entry holds only the shell (header, footer, router, tRPC), and a
 * screen's code (and a map engine on the map's routes) loads when someone opens it. While a chunk loads on a click,
 * the current screen stays in place (React Router waits for `lazy`), so there is no flash of a spinner.
 */
const pageRoutes: RouteObject[] = [
  ...(Object.keys(WEB_ROUTES) as WebRouteName[]).map((page) => ({
    path: WEB_ROUTES[page],
    lazy: async () => ({ Component: await SCREENS[page]() }),
  })),
  // Paths a parameter route would take that are no page (/view/location), and everything else. NotFoundPage is in
  // the entry already: the error page shows it for a 404.
  ...NOT_WEB_ROUTES.map((path) => ({ path, Component: NotFoundPage })),
  { path: '*', Component: NotFoundPage },
];

const router = createBrowserRouter([
  {
    element: <AppLayout />,
    errorElement: <RouteErrorPage />,
    // The first load of a lazy screen: the header and footer show at once, the page fills in when its chunk arrives.
    HydrateFallback: AppShellFallback,
    children: pageRoutes,
  },
]);

export function App() {
  return <RouterProvider router={router} />;
}
