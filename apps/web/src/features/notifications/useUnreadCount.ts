import { useEffect } from 'react';
import { trpc } from '../../lib/trpc';
import { httpStatusOf } from '../../lib/trpc-errors';

/**
 * How often an open page asks for the unread count. A cheap poll rather than Server-Sent Events: it passes any
 * proxy, puts no token in a URL, and any API node can answer it. React Query skips it while the tab is hidden.
 */
export const UNREAD_POLL_MS = 25_000;

/** The signed-in person's unread notifications (undefined signed out or until the first answer). */
export function useUnreadCount(signedIn: boolean): number | undefined {
  const query = trpc.notification.unreadCount.useQuery(
    {},
    {
      enabled: signedIn,
      retry: false,
      refetchOnWindowFocus: true,
      // A session the server ended stays ended: no use asking every 25 s.
      refetchInterval: (current) => (httpStatusOf(current.state.error) === 401 ? false : UNREAD_POLL_MS),
    },
  );
  const { refetch } = query;

  useEffect(() => {
    if (!signedIn) return;
    // React Query refetches when a hidden tab shows again; a window that was only behind another one regains focus
    // without that, so listen for focus too (joining a refetch already under way rather than starting a second).
    const onFocus = () => void refetch({ cancelRefetch: false });
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [signedIn, refetch]);

  return signedIn ? query.data?.unread : undefined;
}
