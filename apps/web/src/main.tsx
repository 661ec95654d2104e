// First, so the base rules come before every component's own CSS in the bundle.
import './styles/global.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { MessageDialogProvider } from './components/dialog/MessageDialogProvider';
import { readSession } from './lib/session-storage';
import { logToServer } from './lib/client-log';
import { followTheme } from './lib/theme';
import { trpc, trpcClient } from './lib/trpc';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

/** How long the data sent with the page counts as fresh: the page does not ask for it again at once. */
const SEEDED_FRESH_MS = 30_000;

/**
 * Public data the server sent with a profile or place page (the API's web-app.static.ts), put in the cache before the
 * first render under the keys the page's own queries use: the page shows it at once, and refreshes it as usual once
 * it is older than SEEDED_FRESH_MS.
 */
function seedQueries(client: QueryClient): void {
  const element = document.getElementById('siplog-data');
  if (!element?.textContent) return;
  try {
    for (const { path, input, data } of JSON.parse(element.textContent) as { path: string; input: unknown; data: unknown }[]) {
      const key = [path.split('.'), { input, type: 'query' }];
      client.setQueryDefaults(key, { staleTime: SEEDED_FRESH_MS });
      client.setQueryData(key, data);
    }
  } catch {
    // Without it the page asks for its data itself.
  }
  element.remove();
}
// The data sent with the page is what a guest sees; someone signed in may see less (people they blocked are hidden
// from them, issue 17), so their pages ask with their own token.
if (!readSession()) seedQueries(queryClient);

followTheme();

window.addEventListener('unhandledrejection', (event) => logToServer('error', `Unhandled: ${String(event.reason)}`));

const root = createRoot(document.getElementById('root')!);
// As a transition, the first render yields to the browser every few milliseconds instead of holding the main thread
// (a slow phone stays responsive while the app starts).
startTransition(() =>
  root.render(
    <StrictMode>
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <MessageDialogProvider>
            <App />
          </MessageDialogProvider>
        </QueryClientProvider>
      </trpc.Provider>
    </StrictMode>,
  ),
);

// The service worker that makes the app open offline (issue 19): production builds only, from a chunk of its own,
// once the page has loaded and the browser is idle: its install fetches every screen's scripts, which on a slow
// phone would compete with the page's own first work (its screen chunk, its data, its first renders).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => void import('./pwa/register').then(({ registerServiceWorker }) => registerServiceWorker());
  window.addEventListener('load', () => whenIdle(register), { once: true });
}

/** Runs `work` when the main thread is idle (within a few seconds at most); soon, where the browser cannot tell. */
function whenIdle(work: () => void): void {
  if ('requestIdleCallback' in window) requestIdleCallback(work, { timeout: 5_000 });
  else setTimeout(work, 1_000);
}
