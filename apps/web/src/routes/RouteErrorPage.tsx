import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { logToServer } from '../lib/client-log';
import { OFFLINE_TEXT, useOffline } from '../lib/offline';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { NotFoundPage } from './not-found/NotFoundPage';

/**
 * Shown when a screen throws: the person gets a way on, and the error reaches the server log. Offline (a screen's
 * code that was never saved, lib/offline.ts) it says so instead: nothing is broken, the screen needs a connection.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const offline = useOffline();
  useDocumentTitle(notFound ? 'Page not found' : offline ? OFFLINE_TEXT : 'Something went wrong');

  useEffect(() => {
    if (!notFound) logToServer('error', `Screen error at ${window.location.pathname}: ${String((error as Error)?.message ?? error)}`);
  }, [error, notFound]);

  if (notFound) return <NotFoundPage />;
  return (
    <div className="not-found">
      <h1>{offline ? OFFLINE_TEXT : 'Something went wrong'}</h1>
      <p>{offline ? 'This screen needs a connection. Reload once you are back online.' : 'This screen hit a problem. We have been told about it; please try again.'}</p>
      <div className="not-found__actions">
        <Link to="/" className="button button--primary" reloadDocument>
          Reload Siplog
        </Link>
      </div>
    </div>
  );
}
