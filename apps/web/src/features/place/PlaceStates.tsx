import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { NotFoundPage } from '../../routes/not-found/NotFoundPage';
import '../../components/skeleton/skeleton.css';

/** The not-found page for a place or an area that does not exist; the way on is the map. */
export function PlaceNotFound({ title, documentTitle, children }: { title: string; documentTitle: string; children: ReactNode }) {
  return (
    <NotFoundPage title={title} message={children} documentTitle={documentTitle}>
      <Link to="/" className="button button--primary">
        Back to the map
      </Link>
      <Link to="/contact" className="button">
        Contact us
      </Link>
    </NotFoundPage>
  );
}

/** A place or an area that could not be loaded for another reason (offline, server trouble): try again. */
export function PlaceLoadError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div className="not-found">
      <h1>{what} did not load</h1>
      <p>Something went wrong on our side, or the connection dropped. Please try again in a moment.</p>
      <div className="not-found__actions">
        <button type="button" className="button button--primary" onClick={onRetry}>
          Try again
        </button>
        <Link to="/" className="button">
          Back to the map
        </Link>
      </div>
    </div>
  );
}

/** A grey stand-in for the place header while it loads. */
export function PlaceSkeleton() {
  return (
    <div className="place-hero place-hero--skeleton" role="status" aria-label="Loading place">
      <span className="skeleton place-hero__cover" />
      <div className="place-hero__info">
        <span className="skeleton skeleton--line" style={{ width: '50%', height: 28 }} />
        <span className="skeleton skeleton--line" style={{ width: '70%' }} />
        <span className="skeleton skeleton--line" style={{ width: '35%' }} />
      </div>
    </div>
  );
}
