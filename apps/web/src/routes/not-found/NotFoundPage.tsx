import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import './not-found.css';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <div className="not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>This cup is empty</h1>
      <p>We could not find the page you were looking for. It may have moved, or the link may be mistyped.</p>
      <div className="not-found__actions">
        <Link to="/" className="button button--primary">
          Back to Siplog
        </Link>
        <Link to="/contact" className="button">
          Contact us
        </Link>
      </div>
    </div>
  );
}
