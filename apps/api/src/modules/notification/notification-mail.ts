import { NOTIFICATION_EMAIL_LABELS, notificationActorsText, SAFETY_MESSAGES, type NotificationKind } from '@siplog/contracts';
import type { PendingEmailRow } from './notification.repository';
import type { UnsubscribeScope } from './unsubscribe-tokens.service';

/**
 * What a line of notifications says, in the e-mail and (the same words) on the site: `row` is the line's most recent
 * notification, and `actors` the people it stands for, the most recent first (by default its own actor alone).
 */
export function notificationSentence(
  row: Pick<PendingEmailRow, 'kind' | 'actorUsername' | 'establishmentName' | 'comment'>,
  actors: readonly string[] = [row.actorUsername],
): string {
  const who = notificationActorsText(actors);
  const place = row.establishmentName ?? 'a place';
  const quoted = row.comment ? `: “${row.comment.length > 140 ? `${row.comment.slice(0, 139)}…` : row.comment}”` : '';
  switch (row.kind) {
    case 'follow':
      return `${who} followed you`;
    case 'follow_request':
      // Someone elsewhere (issue 30) waits for the person's answer; the line's link is the notifications page, where it is given.
      return `${who} wants to follow you`;
    case 'like':
      return `${who} liked your review of ${place}`;
    case 'comment':
      return `${who} commented on your review of ${place}${quoted}`;
    case 'reply':
      return `${who} replied after your comment on a review of ${place}${quoted}`;
    case 'mention':
      return row.comment ? `${who} mentioned you in a comment${quoted}` : `${who} mentioned you in a review of ${place}`;
    case 'place_review':
      return `${who} reviewed ${place}, a place you follow`;
    case 'report_reviewed':
      // Nobody is named: the admin who acted stays as private as the reporter.
      return SAFETY_MESSAGES.reportReviewed;
  }
}

function linkOf(row: PendingEmailRow, site: string): string {
  if (row.kind === 'follow') return `${site}/user/${encodeURIComponent(row.actorUsername)}`;
  return row.postId !== null ? `${site}/post/${row.postId}` : `${site}/notifications`;
}

/** One line of the e-mail: its most recent notification, and the people it stands for (the most recent first). */
interface EmailLine {
  row: PendingEmailRow;
  actors: string[];
}

/**
 * What waited, oldest first, as the e-mail's lines. Replies on one review are one line, as on the site ('maya and 2
 * others replied …', quoting the newest), where its newest reply stands; everything else is a line of its own.
 */
function emailLines(rows: PendingEmailRow[]): EmailLine[] {
  const lines = new Map<string, EmailLine>();
  for (const row of rows) {
    const key = row.kind === 'reply' ? `reply:${row.postId}` : `notification:${row.id}`;
    const earlier = lines.get(key)?.actors.filter((name) => name !== row.actorUsername) ?? [];
    // Taken out and put back, so the line moves to where its newest notification is.
    lines.delete(key);
    lines.set(key, { row, actors: [row.actorUsername, ...earlier] });
  }
  return [...lines.values()];
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
  const lines = emailLines(rows);
  const subject =
    lines.length === 1 ? `Siplog: ${notificationSentence({ ...lines[0].row, comment: null }, lines[0].actors)}` : `Siplog: ${lines.length} new notifications`;
  const items = lines.map(({ row, actors }) => `• ${notificationSentence(row, actors)}\n  ${linkOf(row, site)}`);
  const stops = kinds.map((kind) => `Stop e-mails when ${NOTIFICATION_EMAIL_LABELS[kind]}: ${site}/unsubscribe/${unsubscribeToken(kind)}`);
  const text = [
    `Hi ${rows[0].username},`,
    '',
    lines.length === 1 ? 'Here is what happened on Siplog:' : 'Here is what happened on Siplog since our last e-mail:',
    '',
    ...items,
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
