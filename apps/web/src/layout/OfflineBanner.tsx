import { OFFLINE_TEXT, useOffline } from '../lib/offline';
import './offline-banner.css';

/**
 * Says so while the app is offline (lib/offline.ts), in a strip above every screen: what was saved on an earlier
 * visit (the app, the map, the last feed page) still shows; anything else waits for the connection. A live region,
 * so a screen reader hears it when the connection drops.
 */
export function OfflineBanner() {
  const offline = useOffline();
  return (
    <div className="offline-banner" role="status">
      {offline && (
        <p className="offline-banner__text">
          <strong>{OFFLINE_TEXT}</strong>. Saved reviews and the map still show; the rest needs a connection.
        </p>
      )}
    </div>
  );
}
