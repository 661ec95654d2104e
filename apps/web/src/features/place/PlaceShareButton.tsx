import { useEffect, useState, type MouseEvent } from 'react';
import { placeLocationPath } from '@siplog/contracts';
import { logToServer } from '../../lib/client-log';
import { ShareIcon } from '../profile/icons';

type Shared = 'idle' | 'copied' | 'failed';

/**
 * The place's readable, stable link (/view/location/{slug}): the phone's share sheet where the Web Share API is
 * there, else copied to the clipboard with a confirmation. It is a real link, so it can also be opened or copied
 * from the browser's own menu.
 */
export function PlaceShareButton({ name, slug }: { name: string; slug: string }) {
  const path = placeLocationPath(slug);
  const [shared, setShared] = useState<Shared>('idle');
  useEffect(() => {
    if (shared === 'idle') return;
    const timer = window.setTimeout(() => setShared('idle'), 2500);
    return () => window.clearTimeout(timer);
  }, [shared]);

  const share = async (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const url = new URL(path, window.location.origin).href;
    const data = { title: name, url };
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

  return (
    <span className="place-share">
      <a href={path} className="button place-share__button" onClick={(event) => void share(event)} aria-label={`Share ${name}`}>
        <ShareIcon width={18} height={18} />
        Share
      </a>
      <span className="place-share__status" role="status">
        {shared === 'copied' && 'Link copied'}
        {shared === 'failed' && 'Could not copy: use the address bar'}
      </span>
    </span>
  );
}
