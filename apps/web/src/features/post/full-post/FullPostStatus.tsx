import type { ReactNode } from 'react';
import { CupIcon } from '../../../components/icons/icons';
import './full-post.css';

interface FullPostStatusProps {
  notFound: boolean;
  failed: boolean;
  onRetry: () => void;
  /** The dialog's close button. */
  children?: ReactNode;
}

/** A full post that is not there yet: loading, gone (deleted or never there), or failed to load with a retry. */
export function FullPostStatus({ notFound, failed, onRetry, children }: FullPostStatusProps) {
  if (!notFound && !failed) {
    return (
      <div className="full-post full-post--status" role="status" aria-label="Loading review">
        <div className="full-post__status-bar">{children}</div>
        <div className="full-post__status-body">
          <span className="spinner full-post__spinner" aria-hidden="true" />
        </div>
      </div>
    );
  }
  return (
    <div className="full-post full-post--status">
      <div className="full-post__status-bar">{children}</div>
      <div className="full-post__status-body">
        <CupIcon width={48} height={48} />
        <h2>{notFound ? 'This review is no longer here' : 'This review did not load'}</h2>
        <p>{notFound ? 'Its author may have deleted it.' : 'Something went wrong, or the connection dropped.'}</p>
        {failed && (
          <button type="button" className="button button--primary button--small" onClick={onRetry}>
            Try again
          </button>
        )}
      </div>
    </div>
  );
}
