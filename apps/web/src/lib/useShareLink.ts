import { useEffect, useState } from 'react';
import { logToServer } from './client-log';

type Shared = 'idle' | 'copied' | 'failed';

/** What the share control says after a click; empty while there is nothing to say. */
export const SHARE_STATUS_TEXT: Record<Shared, string> = {
  idle: '',
  copied: 'Link copied',
  failed: 'Could not copy: use the address bar',
};

/** How long the confirmation stays before the control is quiet again. */
const STATUS_MS = 2500;

/**
 * Sharing one of the app's pages by its absolute link: the phone's share sheet where the Web Share API is there,
 * else the link copied to the clipboard with a short confirmation (`statusText`). Closing the share sheet is no
 * failure; a failed copy is logged and tells the person to use the address bar.
 */
export function useShareLink(title: string, path: string) {
  const [shared, setShared] = useState<Shared>('idle');
  useEffect(() => {
    if (shared === 'idle') return;
    const timer = window.setTimeout(() => setShared('idle'), STATUS_MS);
    return () => window.clearTimeout(timer);
  }, [shared]);

  const share = async () => {
    const url = new URL(path, window.location.origin).href;
    const data = { title, url };
    if (typeof navigator.share === 'function' && (navigator.canShare?.(data) ?? true)) {
      try {
        await navigator.share(data);
        return;
      } catch (error) {
        // Closing the share sheet is no failure; anything else falls back to copying.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setShared('copied');
    } catch (error) {
      logToServer('info', `Copying the link of ${path} failed: ${String(error)}`);
      setShared('failed');
    }
  };

  return { share, statusText: SHARE_STATUS_TEXT[shared] };
}
