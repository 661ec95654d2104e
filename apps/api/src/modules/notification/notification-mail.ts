import { NOTIFICATION_EMAIL_LABELS, SAFETY_MESSAGES, type NotificationKind } from '@siplog/contracts';
import type { PendingEmailRow } from './notification.repository';
import type { UnsubscribeScope } from './unsubscribe-token';

/** What one notification says, in the e-mail and (the same words) on the site. */
export function notificationSentence(row: Pick<PendingEmailRow, 'kind' | 'actorUsername' | 'establishmentName' | 'comment'>): string {
  const place = row.establishmentName ?? 'a place';
  const quoted = row.comment ? `: “${row.comment.length > 140 ? `${row.comment.slice(0, 139)}…` : row.comment}”` : '';
  switch (row.kind) {
    case 'follow':
      return `${row.actorUsername} followed you`;
    case 'like':
      return `${row.actorUsername} liked your review of ${place}`;
    case 'comment':
      return `${row.actorUsername} commented on your review of ${place}${quoted}`;
    case 'reply':
      return `${row.actorUsername} replied after your comment on a review of ${place}${quoted}`;
    case 'mention':
      return row.comment ? `${row.actorUsername} mentioned you in a comment${quoted}` : `${row.actorUsername} mentioned you in a review of ${place}`;
    case 'place_review':
      return `${row.actorUsername} reviewed ${place}, a place you follow`;
    case 'report_reviewed':
      // Nobody is named: the admin who acted stays as private as the reporter.
      return SAFETY_MESSAGES.reportReviewed;
  }
}

function linkOf(row: PendingEmailRow, site: string): string {
  if (row.kind === 'follow') return `${site}/user/${encodeURIComponent(row.actorUsername)}`;
  return row.postId !== null ? `${site}/post/${row.postId}` : `${site}/notifications`;
}

export interface NotificationEmail {
  to: string;
  subject: string;
  text: string;
  headers: Record<string, string>;
}

/**
 * One e-mail for everything that waited (oldest first), with one unsubscribe link per kind in it and the RFC 8058
 * one-click headers (for the one kind, or for all notification e-mail when it mixes kinds).
 */
export function composeNotificationEmail(
  rows: PendingEmailRow[],
  site: string,
  unsubscribeToken: (scope: UnsubscribeScope) => string,
): NotificationEmail {
  const kinds = [...new Set(rows.map((row) => row.kind))] as NotificationKind[];
  const subject = rows.length === 1 ? `Siplog: ${notificationSentence({ ...rows[0], comment: null })}` : `Siplog: ${rows.length} new notifications`;
  const lines = rows.map((row) => `• ${notificationSentence(row)}\n  ${linkOf(row, site)}`);
  const stops = kinds.map((kind) => `Stop e-mails when ${NOTIFICATION_EMAIL_LABELS[kind]}: ${site}/unsubscribe/${unsubscribeToken(kind)}`);
  const text = [
    `Hi ${rows[0].username},`,
    '',
    rows.length === 1 ? 'Here is what happened on Siplog:' : 'Here is what happened on Siplog since our last e-mail:',
    '',
    ...lines,
    '',
    `See all your notifications: ${site}/notifications`,
    '',
    '—',
    ...stops,
    `Choose which e-mails you get in My Log (Edit): ${site}/mylog`,
  ].join('\n');
  const headerScope: UnsubscribeScope = kinds.length === 1 ? kinds[0] : 'all';
  return {
    to: rows[0].email,
    subject,
    text,
    headers: {
      'List-Unsubscribe': `<${site}/api/notification/unsubscribe/${unsubscribeToken(headerScope)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
