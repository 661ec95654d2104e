import { NavLink } from 'react-router';
import { WEB_ROUTES } from '@siplog/contracts';
import { badgeText, bellLabel } from './bell-label';
import { useUnreadCount } from './useUnreadCount';

/** The header's bell (signed in): the unread count, opening /notifications. Kept tiny: the header is in the entry chunk. */
export function NotificationBell() {
  const unread = useUnreadCount(true);
  return (
    <NavLink to={WEB_ROUTES.notifications} className="site-header__bell" aria-label={bellLabel(unread)}>
      <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
        <path d="M6 9a6 6 0 0 1 12 0c0 5.5 2 7 2 7H4s2-1.5 2-7" />
        <path d="M10 20a2.2 2.2 0 0 0 4 0" />
      </svg>
      {unread !== undefined && unread > 0 && (
        <span className="site-header__badge" aria-hidden="true">
          {badgeText(unread)}
        </span>
      )}
    </NavLink>
  );
}
