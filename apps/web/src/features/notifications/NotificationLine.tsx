import { Link } from 'react-router';
import { avatarUrlOf } from '../../lib/images';
import { FollowRequestActions } from './FollowRequestActions';
import { KindIcon } from './KindIcon';
import type { NotificationGroup } from './notification-groups';
import { groupHref, profilePath, sentenceParts } from './notification-sentence';
import { relativeTime } from './relative-time';

interface NotificationLineProps {
  group: NotificationGroup;
  /** The time the list was shown, for '5 min ago'. */
  now: number;
}

/**
 * One line of /notifications: the most recent person's picture, the sentence (people link to their profiles, people
 * on other servers to their page there, the review or place to itself; the whole line opens it), the comment when
 * there is one, and when; a follow request from another server has its Accept and Reject. New ones carry a
 * dot and, for screen readers, the word 'New'.
 */
export function NotificationLine({ group, now }: NotificationLineProps) {
  const parts = sentenceParts(group);
  const href = groupHref(group);
  // Follows have no review or place to open: the line opens the most recent follower's profile, their name's link.
  const stretchedActor = parts.some((part) => 'target' in part) ? null : group.actors[0];
  const { newest } = group;
  return (
    <li className={`notification${group.isNew ? ' notification--new' : ''}`}>
      <span className={`notification__picture notification__picture--${group.kind}`}>
        {/* A reviewed report names no one (issue 17): its sign, large, stands where a picture would. */}
        {/* Someone on another server shows the copy of their picture stored here; until there is one, their kind's sign. */}
        {newest.actor_username && (!group.remoteActors[newest.actor_username] || newest.actor_avatar) ? (
          <>
            <img src={newest.actor_avatar ?? avatarUrlOf(newest.actor_username)} alt="" width={44} height={44} loading="lazy" />
            <span className="notification__kind">
              <KindIcon kind={group.kind} />
            </span>
          </>
        ) : (
          <span className="notification__site-picture">
            <KindIcon kind={group.kind} size={22} />
          </span>
        )}
      </span>
      <div className="notification__body">
        <p className="notification__text">
          {group.isNew && <span className="visually-hidden">New: </span>}
          {parts.map((part, index) =>
            'actor' in part && group.remoteActors[part.actor] ? (
              // Their profile is on their server: it opens there, in a new tab.
              <a key={index} href={group.remoteActors[part.actor]} target="_blank" rel="noopener noreferrer nofollow" className="notification__actor">
                {part.text}
              </a>
            ) : 'actor' in part ? (
              <Link
                key={index}
                to={profilePath(part.actor)}
                className={part.actor === stretchedActor && index === 0 ? 'notification__actor notification__target' : 'notification__actor'}
              >
                {part.text}
              </Link>
            ) : 'target' in part && href ? (
              <Link key={index} to={href} className="notification__target">
                {part.text}
              </Link>
            ) : (
              part.text
            ),
          )}
        </p>
        {newest.comment !== undefined && <p className="notification__comment">“{newest.comment}”</p>}
        <time className="notification__time" dateTime={newest.created_at} title={new Date(newest.created_at).toLocaleString()}>
          {relativeTime(newest.created_at, now)}
        </time>
        {group.kind === 'follow_request' && newest.remote_actor_id !== undefined && (
          <FollowRequestActions remoteActorId={newest.remote_actor_id} handle={newest.actor_username} />
        )}
      </div>
      {group.isNew && <span className="notification__dot" aria-hidden="true" />}
    </li>
  );
}
