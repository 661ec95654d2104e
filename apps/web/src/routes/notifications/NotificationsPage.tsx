import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { NOTIFICATION_MESSAGES, WEB_ROUTES } from '@siplog/contracts';
import { NotificationLine } from '../../features/notifications/NotificationLine';
import { useNotificationList } from '../../features/notifications/useNotificationList';
import { useUnreadCount } from '../../features/notifications/useUnreadCount';
import { useSession } from '../../features/session/useSession';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import './notifications-page.css';

function NotificationsSkeleton() {
  return (
    <ul className="notification-list" aria-hidden="true">
      {[0, 1, 2].map((index) => (
        <li key={index} className="notification notification--skeleton">
          <span className="notification__picture" />
          <span className="notification__skeleton-lines">
            <span />
            <span />
          </span>
        </li>
      ))}
    </ul>
  );
}

function Notifications() {
  const list = useNotificationList();
  const unread = useUnreadCount(true);
  // The times say '5 min ago' as of opening; the list is shown afresh on each visit.
  const [now] = useState(() => Date.now());
  const canMarkAll = list.anyNew || (unread ?? 0) > 0;

  return (
    <div className="notifications-page">
      <div className="notifications-page__head">
        <h1>Notifications</h1>
        {list.groups.length > 0 && (
          <button type="button" className="button button--small" onClick={list.markAll} disabled={list.markingAll || !canMarkAll}>
            {list.markingAll ? 'Marking…' : 'Mark all read'}
          </button>
        )}
      </div>
      <p className="notifications-page__status" role="status">
        {list.markAllFailed ? 'Could not mark them read. Try again.' : ''}
      </p>

      {list.failed ? (
        <div className="notifications-page__message">
          <p>We could not load your notifications.</p>
          <button type="button" className="button button--small" onClick={list.retry}>
            Try again
          </button>
        </div>
      ) : !list.loaded ? (
        <NotificationsSkeleton />
      ) : list.groups.length === 0 ? (
        <p className="notifications-page__message">{NOTIFICATION_MESSAGES.noNotifications}</p>
      ) : (
        <>
          <ul className="notification-list" aria-label="Notifications">
            {list.groups.map((group) => (
              <NotificationLine key={group.key} group={group} now={now} />
            ))}
          </ul>
          {list.moreFailed && <p className="notifications-page__message">We could not load more notifications.</p>}
          {list.hasMore && (
            <button type="button" className="button notifications-page__more" onClick={list.loadMore} disabled={list.loadingMore}>
              {list.loadingMore ? 'Loading…' : 'Show more'}
            </button>
          )}
        </>
      )}
    </div>
  );
}

/** /notifications: what others did, newest first and grouped (issue 16); without a session it goes to /login. */
export function NotificationsPage() {
  useDocumentTitle('Notifications');
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to={WEB_ROUTES.login} replace />;
  // Keyed by the visit: the bell clicked on this page shows the list afresh, with what is new marked.
  return <Notifications key={location.key} />;
}
