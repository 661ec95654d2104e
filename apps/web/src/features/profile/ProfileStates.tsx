import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CupIcon } from '../../components/icons/icons';
import '../../components/skeleton/skeleton.css';

/** A grey stand-in for the profile card while it loads. */
export function ProfileSkeleton() {
  return (
    <div className="profile-card profile-card--skeleton" role="status" aria-label="Loading profile">
      <div className="profile-card__top">
        <span className="skeleton skeleton--avatar" />
        <div className="profile-card__identity">
          <span className="skeleton skeleton--line" style={{ width: '45%' }} />
          <span className="skeleton skeleton--line" style={{ width: '25%' }} />
          <span className="skeleton skeleton--line" style={{ width: '70%', marginTop: 20 }} />
        </div>
      </div>
    </div>
  );
}

/** A friendly full-width message (no one here, please log in, could not load) with actions. */
export function ProfileMessage({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="profile-message">
      <span className="profile-message__icon">
        <CupIcon width={44} height={44} />
      </span>
      <h1>{title}</h1>
      <div className="profile-message__text">{children}</div>
      <div className="profile-message__actions">
        {actions ?? (
          <Link to="/" className="button button--primary">
            Back to the map
          </Link>
        )}
      </div>
    </div>
  );
}
