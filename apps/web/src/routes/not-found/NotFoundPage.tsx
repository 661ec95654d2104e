import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import './not-found.css';

interface NotFoundPageProps {
  title?: string;
  message?: ReactNode;
  /** The browser tab's text. */
  documentTitle?: string;
  /** The ways on; by default back home and the contact page. */
  children?: ReactNode;
}

/** A 404: for an unknown path, and with its own words for a place or an area that does not exist. */
export function NotFoundPage({
  title = 'This cup is empty',
  message = 'We could not find the page you were looking for. It may have moved, or the link may be mistyped.',
  documentTitle = 'Page not found',
  children,
}: NotFoundPageProps) {
  useDocumentTitle(documentTitle);
  return (
    <div className="not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>{title}</h1>
      <p>{message}</p>
      <div className="not-found__actions">
        {children ?? (
          <>
            <Link to="/" className="button button--primary">
              Back to Siplog
            </Link>
            <Link to="/contact" className="button">
              Contact us
            </Link>
          </>
        )}
      </div>
    </div>
  );
}
