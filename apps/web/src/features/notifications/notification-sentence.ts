import { notificationActors, SAFETY_MESSAGES, WEB_ROUTES } from '@siplog/contracts';
import type { NotificationGroup } from './notification-groups';

/** A piece of a notification line: a person (a link to their profile), the line's target (a link), or plain text. */
export type SentencePart = { text: string; actor: string } | { text: string; target: true } | { text: string };

/** The people, as the e-mail names them too (contracts' notificationActors): each a link, then 'and N others'. */
function actorParts(actors: readonly string[]): SentencePart[] {
  const { named, others } = notificationActors(actors);
  const people = named.flatMap((name, index): SentencePart[] => [...(index > 0 ? [{ text: ' and ' }] : []), { text: name, actor: name }]);
  return others > 0 ? [...people, { text: ` and ${others} others` }] : people;
}

/** The rest of the line after the people, by kind; the place's name when the notification has one. */
function predicateParts(group: NotificationGroup): SentencePart[] {
  const place = group.newest.establishment_name?.trim() || '';
  const of = place ? ` of ${place}` : '';
  switch (group.kind) {
    case 'follow':
      return [{ text: ' followed you' }];
    case 'follow_request':
      return [{ text: ' wants to follow you' }];
    case 'like':
      return [{ text: ' liked ' }, { text: `your review${of}`, target: true }];
    case 'comment':
      return [{ text: ' commented on ' }, { text: `your review${of}`, target: true }];
    case 'reply':
      return [{ text: ' replied after your comment on ' }, { text: `a review${of}`, target: true }];
    case 'mention':
      if (group.newest.comment === undefined) return [{ text: ' mentioned you in ' }, { text: `a review${of}`, target: true }];
      return [{ text: ` mentioned you in ${group.count > 1 ? 'comments' : 'a comment'} on ` }, { text: `a review${of}`, target: true }];
    case 'place_review':
      return place
        ? [{ text: ' reviewed ' }, { text: place, target: true }, { text: ', a place you follow' }]
        : [{ text: ' reviewed ' }, { text: 'a place you follow', target: true }];
    case 'report_reviewed':
      return [];
  }
}

/** A line as pieces: 'maya_sips and 3 others' 'liked' 'your review of Dark Matter Coffee'. */
export function sentenceParts(group: NotificationGroup): SentencePart[] {
  // The admin who looked at a report stays unnamed, and the line leads nowhere (issue 17).
  if (group.kind === 'report_reviewed') return [{ text: SAFETY_MESSAGES.reportReviewed }];
  return [...actorParts(group.actors), ...predicateParts(group)];
}

/** A line as text: 'maya_sips and 3 others liked your review of Dark Matter Coffee'. */
export function sentenceText(group: NotificationGroup): string {
  return sentenceParts(group)
    .map((part) => part.text)
    .join('');
}

export function profilePath(username: string): string {
  return WEB_ROUTES.profile.replace(':username', encodeURIComponent(username));
}

/**
 * Where the line leads: the review for likes, comments, replies and mentions, the place for a followed place's new
 * reviews, and the most recent follower's profile for follows; null for a reviewed report and a follow request.
 */
export function groupHref(group: NotificationGroup): string | null {
  const { newest } = group;
  // A follow request leads nowhere here: its person links to their page on their server, and the line is answered.
  if (group.kind === 'report_reviewed' || group.kind === 'follow_request') return null;
  if (group.kind === 'follow') return profilePath(newest.actor_username);
  if (group.kind === 'place_review' && newest.establishment_id !== undefined) return WEB_ROUTES.view.replace(':param', String(newest.establishment_id));
  if (newest.post_id !== undefined) return WEB_ROUTES.post.replace(':id', String(newest.post_id));
  return profilePath(newest.actor_username);
}
