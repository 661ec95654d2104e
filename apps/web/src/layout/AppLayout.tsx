import { Outlet, ScrollRestoration } from 'react-router';
import { QuickPostProvider } from '../features/post/quick-post/QuickPostProvider';
import { Footer } from './Footer';
import { Header } from './Header';
import { OfflineBanner } from './OfflineBanner';

/** The shared header before every route and the footer after it (spec §2); any screen can open Quick Post. */
export function AppLayout() {
  return (
    <QuickPostProvider>
      <div className="app-shell">
        <Header />
        <OfflineBanner />
        <main className="app-main">
          <Outlet />
        </main>
        <Footer />
        <ScrollRestoration />
      </div>
    </QuickPostProvider>
  );
}
