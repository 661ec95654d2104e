import type { NotificationKind } from '@siplog/contracts';
import type { NotificationView } from './types';

/** Notifications told as one line: the same kind about the same review (all follows; place reviews by place). */
export interface NotificationGroup {
  key: string;
  kind: NotificationKind;
  /** Each person once, the most recent first. */
  actors: string[];
  /** People on other servers among them (their handle, user@host), with their page there (issue 30). */
  remoteActors: Record<string, string>;
  /** The group's most recent notification: its time, review, place and comment stand for the line. */
  newest: NotificationView;
  /** How many notifications the line stands for. */
  count: number;
  /** Whether any of them is new to the person (unread when this visit began). */
  isNew: boolean;
}

/**
 * What makes two notifications one line. Follows are all one line ('… and 3 others followed you'). A review at a
 * followed place is its own review each time, so those group by the place instead ('… reviewed Dark Matter Coffee').
 * A mention in a review and mentions in its comments read differently, so they stay apart. A reviewed report
 * (issue 17) names nobody and stands alone, as does a follow request from another server (each is answered).
 */
export function groupKeyOf(notification: NotificationView): string {
  switch (notification.kind) {
    case 'follow':
      return 'follow';
    case 'place_review':
      return `place_review:${notification.establishment_id}`;
    case 'mention':
      return `mention:${notification.post_id}:${notification.comment === undefined ? 'review' : 'comment'}`;
    case 'follow_request':
      // Each request from elsewhere (issue 30) is its own line, with its own Accept and Reject.
      return `follow_request:${notification.notification_id}`;
    case 'report_reviewed':
      // Each report reviewed is its own line: there is no one to name, so never 'and N others'.
      return `report_reviewed:${notification.notification_id}`;
    default:
      return `${notification.kind}:${notification.post_id}`;
  }
}

/**
 * Groups a newest-first list into lines, each where its most recent notification stands, so the lines are newest
 * first too. `isNew` says which notifications to mark (the page keeps showing as new what was unread on arrival).
 */
export function groupNotifications(
  notifications: readonly NotificationView[],
  isNew: (notification: NotificationView) => boolean = (notification) => !notification.read,
): NotificationGroup[] {
  const groups = new Map<string, NotificationGroup>();
  for (const notification of notifications) {
    const key = groupKeyOf(notification);
    const group = groups.get(key);
    if (!group) {
      groups.set(key, {
        key,
        kind: notification.kind,
        actors: [notification.actor_username],
        remoteActors: notification.actor_url ? { [notification.actor_username]: notification.actor_url } : {},
        newest: notification,
        count: 1,
        isNew: isNew(notification),
      });
      continue;
    }
    if (!group.actors.includes(notification.actor_username)) group.actors.push(notification.actor_username);
    if (notification.actor_url) group.remoteActors[notification.actor_username] = notification.actor_url;
    group.count++;
    group.isNew ||= isNew(notification);
  }
  return [...groups.values()];
}
