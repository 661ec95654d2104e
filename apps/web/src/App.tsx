import type { ComponentType } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppLayout } from './components/layout/AppLayout';
import { Footer } from './components/layout/Footer';
import { Header } from './components/layout/Header';
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

/**
 * A route whose screen is its own chunk: the entry holds only the shell (header, footer, router, tRPC), and a
 * screen's code (and a map engine on the map's routes) loads when someone opens it. While a chunk loads on a
 * click, the current screen stays in place (React Router waits for `lazy`), so there is no flash of a spinner.
 */
function lazyRoute<M>(path: string, load: () => Promise<M>, pick: (module: M) => ComponentType): RouteObject {
  return { path, lazy: async () => ({ Component: pick(await load()) }) };
}

const router = createBrowserRouter([
  {
    element: <AppLayout />,
    errorElement: <RouteErrorPage />,
    // The first load of a lazy screen: the header and footer show at once, the page fills in when its chunk arrives.
    HydrateFallback: AppShellFallback,
    children: [
      lazyRoute('/', () => import('./routes/home/HomePage'), (m) => m.HomePage),
      lazyRoute('/login', () => import('./routes/login/LoginPage'), (m) => m.LoginPage),
      lazyRoute('/join', () => import('./routes/join/JoinPage'), (m) => m.JoinPage),
      lazyRoute('/mylog', () => import('./routes/mylog/MyLogPage'), (m) => m.MyLogPage),
      // Spec §2 Establishment routes:
      // - /view/{establishment_id} (digits only): the place page;
      // - /view/{location} (anything else: a city or neighbourhood name or slug, /view/chicago, /view/wicker-park):
      //   the places of that area; one route, ViewPage decides by the parameter;
      // - /view/location/{location}: one place by its slug, place_id or 'lat,lng', shown as the same place page.
      lazyRoute('/view/location/:location', () => import('./routes/view/PlaceByLocationPage'), (m) => m.PlaceByLocationPage),
      lazyRoute('/view/:param', () => import('./routes/view/ViewPage'), (m) => m.ViewPage),
      lazyRoute('/user/name/:name', () => import('./routes/user/ProfileByNamePage'), (m) => m.ProfileByNamePage),
      lazyRoute('/user/:username', () => import('./routes/user/PublicProfilePage'), (m) => m.PublicProfilePage),
      lazyRoute('/contact', () => import('./routes/contact/ContactPage'), (m) => m.ContactPage),
      lazyRoute('/terms-of-service', () => import('./routes/legal/TermsOfServicePage'), (m) => m.TermsOfServicePage),
      lazyRoute('/privacy-policy', () => import('./routes/legal/PrivacyPolicyPage'), (m) => m.PrivacyPolicyPage),
      // Spec §2 Test feed card: one establishment from the feed (limit 1, skip 1).
      lazyRoute('/testfeed', () => import('./routes/testfeed/TestFeedPage'), (m) => m.TestFeedPage),
      // In the entry already: the error page shows it for a 404.
      { path: '*', Component: NotFoundPage },
    ],
  },
]);

export function App() {
  return <RouterProvider router={router} />;
}
