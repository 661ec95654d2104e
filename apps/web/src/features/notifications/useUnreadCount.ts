import { useEffect, useState } from 'react';
import { trpc } from '../../lib/trpc';
import { httpStatusOf } from '../../lib/trpc-errors';
import { readSession } from '../../lib/session-storage';
import { followUnreadStream } from './unread-stream';

/**
 * How often an open page asks for the unread count while it holds no stream of it (the server pushes the count over
 * /api/notification/stream, from any node; a proxy that does not pass streams leaves the poll). React Query skips
 * the poll while the tab is hidden.
 */
export const UNREAD_POLL_MS = 25_000;
/** How long to wait before opening the stream again after it ended or failed. */
const STREAM_RETRY_MS = 30_000;

/** The signed-in person's unread notifications (undefined signed out or until the first answer). */
export function useUnreadCount(signedIn: boolean): number | undefined {
  const streaming = useUnreadStream(signedIn);
  const query = trpc.notification.unreadCount.useQuery(
    {},
    {
      enabled: signedIn,
      retry: false,
      refetchOnWindowFocus: true,
      // A session the server ended stays ended: no use asking every 25 s.
      refetchInterval: (current) => (streaming || httpStatusOf(current.state.error) === 401 ? false : UNREAD_POLL_MS),
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

/** Holds the pushed unread count while signed in; answers whether a stream is open. */
function useUnreadStream(signedIn: boolean): boolean {
  const utils = trpc.useUtils();
  const [streaming, setStreaming] = useState(false);
  useEffect(() => {
    const token = signedIn ? readSession()?.token : undefined;
    if (!token) return;
    const controller = new AbortController();
    let retry: ReturnType<typeof setTimeout> | undefined;
    const open = () => {
      followUnreadStream(
        token,
        (unread) => {
          setStreaming(true);
          // A count asked for before this push may still be on its way (a focus, the first load): cancelled first
          // (its state reverted), it cannot land after the pushed one and put an older count back on the bell.
          void utils.notification.unreadCount.cancel().then(() => utils.notification.unreadCount.setData({}, { unread }));
        },
        controller.signal,
      )
        .catch(() => undefined)
        .finally(() => {
          setStreaming(false);
          if (!controller.signal.aborted) retry = setTimeout(open, STREAM_RETRY_MS);
        });
    };
    open();
    return () => {
      controller.abort();
      clearTimeout(retry);
      setStreaming(false);
    };
  }, [signedIn, utils]);
  return streaming;
}
