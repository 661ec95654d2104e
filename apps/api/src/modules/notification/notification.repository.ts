import { Inject, Injectable } from '@nestjs/common';
import { EMAILED_BY_DEFAULT, type NotificationKind } from '@siplog/contracts';
import { ACTIVE_USER_SQL, type Database, type Statement } from '@siplog/db';
import { DATABASE } from '../database/database.module';

/** A notification as read for its recipient, with what its line needs (the actor, the review's place, the comment). */
export interface NotificationRow {
  id: number;
  kind: NotificationKind;
  actorUsername: string;
  postId: number | null;
  establishmentId: number | null;
  establishmentName: string | null;
  comment: string | null;
  createdAt: number;
  readAt: number | null;
}

/** A notification waiting for its recipient's e-mail, with where to send it. */
export interface PendingEmailRow extends NotificationRow {
  email: string;
  username: string;
}

interface MentionRow {
  id: number;
  username: string;
  userId: number;
}

/**
 * Shown to the recipient: the actor is active, and a review it is about still is (its author active too), and neither
 * has blocked the other. Deactivated or suspended people's actions, and what happened on their hidden reviews, stay
 * out of sight with them; a block hides what passed between the two.
 */
const VISIBLE = `
  join users a on a.id = n.actor_id and ${ACTIVE_USER_SQL('a')}
  left join posts p on p.id = n.post_id
  left join users pa on pa.id = p.user_id
  left join establishments e on e.id = coalesce(n.establishment_id, p.establishment_id)
  left join comments c on c.id = n.comment_id
  where (n.post_id is null or ${ACTIVE_USER_SQL('pa')})
    and not exists (select 1 from user_blocks b where b.blocker_id = n.user_id and b.blocked_id = n.actor_id)
    and not exists (select 1 from user_blocks b where b.blocker_id = n.actor_id and b.blocked_id = n.user_id)`;

const ROW_COLUMNS = `n.id, n.kind, a.username as actorUsername, n.post_id as postId, e.id as establishmentId,
  e.name as establishmentName, c.body as comment, n.created_at as createdAt, n.read_at as readAt`;

/**
 * Whether the recipient (`recipient`, an SQL expression) has this kind e-mailed: their own choice, else the kind's
 * default, and never when the operator has notification e-mail off (:mail = 0).
 */
const emailPending = (kind: NotificationKind, recipient: string) =>
  `(:mail and coalesce((select enabled from email_preferences where user_id = ${recipient} and kind = '${kind}'), ${EMAILED_BY_DEFAULT[kind] ? 1 : 0}))`;

/**
 * Every read and write of notifications, mentions, e-mail choices and digests, as prepared statements: recording a
 * notification is one indexed insert on the like, comment and follow paths. Plain SQL kept in this one file (the
 * PostgreSQL twin will sit beside it).
 */
@Injectable()
export class NotificationRepository {
  private readonly statements;

  constructor(@Inject(DATABASE) private readonly db: Database) {
    const prepare = <Row = Record<string, unknown>>(text: string) => db.statement<Row>(text);
    this.statements = {
      followed: prepare(`insert into notifications (user_id, actor_id, kind, email_pending)
        select :recipient, :actor, 'follow', ${emailPending('follow', ':recipient')} where :recipient <> :actor
        on conflict do nothing`),
      unfollowed: prepare(`delete from notifications where kind = 'follow' and user_id = :recipient and actor_id = :actor and read_at is null`),
      liked: prepare(`insert into notifications (user_id, actor_id, kind, post_id, email_pending)
        select p.user_id, :actor, 'like', p.id, ${emailPending('like', 'p.user_id')} from posts p where p.id = :postId and p.user_id <> :actor
        on conflict do nothing`),
      // The author's id first, so the lookup walks notifications_one_like_unique, not everything the actor ever caused.
      unliked: prepare(`delete from notifications where kind = 'like' and user_id = (select user_id from posts where id = :postId)
        and actor_id = :actor and post_id = :postId and read_at is null`),
      commented: prepare(`insert into notifications (user_id, actor_id, kind, post_id, comment_id, email_pending)
        select p.user_id, :actor, 'comment', p.id, :commentId, ${emailPending('comment', 'p.user_id')}
        from posts p where p.id = :postId and p.user_id <> :actor`),
      // Earlier commenters on the review, once each: not the author (told of the comment), the commenter, or anyone
      // this comment mentions (told of the mention); someone with an unread reply on this review already is not told again.
      replied: prepare(`insert into notifications (user_id, actor_id, kind, post_id, comment_id, email_pending)
        select distinct c.user_id, :actor, 'reply', :postId, :commentId, ${emailPending('reply', 'c.user_id')}
        from comments c where c.post_id = :postId and c.id <> :commentId and c.user_id <> :actor
          and c.user_id <> (select user_id from posts where id = :postId)
          and c.user_id not in (select user_id from mentions where comment_id = :commentId)
        on conflict do nothing`),
      // Followers of the place, except the author and anyone the review mentions (told of the mention).
      placeReviewed: prepare(`insert into notifications (user_id, actor_id, kind, post_id, establishment_id, email_pending)
        select f.user_id, :actor, 'place_review', :postId, :establishmentId, ${emailPending('place_review', 'f.user_id')}
        from place_follows f where f.establishment_id = :establishmentId and f.user_id <> :actor
          and f.user_id not in (select user_id from mentions where post_id = :postId)`),
      mentionedInPost: prepare(`insert into notifications (user_id, actor_id, kind, post_id, email_pending)
        select :recipient, :actor, 'mention', :postId, ${emailPending('mention', ':recipient')} where :recipient <> :actor`),
      mentionedInComment: prepare(`insert into notifications (user_id, actor_id, kind, post_id, comment_id, email_pending)
        select :recipient, :actor, 'mention', :postId, :commentId, ${emailPending('mention', ':recipient')}
        where :recipient <> :actor and :recipient <> (select user_id from posts where id = :postId)`),
      // The reporters of what an admin just dealt with; never the admin themself (an admin may report too).
      reportReviewed: prepare(`insert into notifications (user_id, actor_id, kind, email_pending)
        select j.value, :actor, 'report_reviewed', ${emailPending('report_reviewed', 'j.value')}
        from json_each(:reporters) j where j.value <> :actor`),
      activeUserIds: prepare<{ id: number; username: string }>(`select u.id, u.username from users u join json_each(:names) j on u.username = j.value where ${ACTIVE_USER_SQL('u')}`),
      postMentionIds: prepare<{ userId: number }>(`select user_id as userId from mentions where post_id = :postId`),
      addPostMention: prepare(`insert into mentions (user_id, post_id) values (:userId, :postId) on conflict do nothing`),
      removePostMention: prepare(`delete from mentions where post_id = :postId and user_id = :userId`),
      addCommentMention: prepare(`insert into mentions (user_id, comment_id) values (:userId, :commentId) on conflict do nothing`),
      postMentionNames: prepare<MentionRow>(`select m.post_id as id, u.username, u.id as userId from mentions m join users u on u.id = m.user_id and ${ACTIVE_USER_SQL('u')}
        where m.post_id in (select value from json_each(:ids)) order by m.id`),
      commentMentionNames: prepare<MentionRow>(`select m.comment_id as id, u.username, u.id as userId from mentions m join users u on u.id = m.user_id and ${ACTIVE_USER_SQL('u')}
        where m.comment_id in (select value from json_each(:ids)) order by m.id`),
      page: prepare<NotificationRow>(`select ${ROW_COLUMNS} from notifications n ${VISIBLE} and n.user_id = :userId and n.id < :before
        order by n.id desc limit :limit offset :offset`),
      unread: prepare<{ value: number }>(`select count(*) as value from notifications n ${VISIBLE} and n.user_id = :userId and n.read_at is null`),
      markListedRead: prepare(`update notifications set read_at = :now where user_id = :userId and read_at is null
        and id in (select value from json_each(:ids))`),
      markAllRead: prepare(`update notifications set read_at = :now where user_id = :userId and read_at is null`),
      emailChoices: prepare<{ kind: NotificationKind; enabled: number }>(`select kind, enabled from email_preferences where user_id = :userId`),
      setEmailChoice: prepare(`insert into email_preferences (user_id, kind, enabled) values (:userId, :kind, :enabled)
        on conflict (user_id, kind) do update set enabled = excluded.enabled`),
      // People with e-mail waiting whose last notification e-mail is at least the gap old.
      dueForEmail: prepare<{ userId: number }>(`select distinct n.user_id as userId from notifications n
        left join notification_digests d on d.user_id = n.user_id
        where n.email_pending = 1 and (d.last_sent_at is null or d.last_sent_at <= :sentBefore) limit :limit`),
      pendingEmail: prepare<PendingEmailRow>(`select ${ROW_COLUMNS}, r.email, r.username from notifications n
        join users r on r.id = n.user_id and ${ACTIVE_USER_SQL('r')}
        ${VISIBLE} and n.user_id = :userId and n.email_pending = 1 and n.read_at is null order by n.id`),
      clearPendingEmail: prepare(`update notifications set email_pending = 0 where user_id = :userId and email_pending = 1`),
      digestSent: prepare(`insert into notification_digests (user_id, last_sent_at) values (:userId, :now)
        on conflict (user_id) do update set last_sent_at = excluded.last_sent_at`),
    } satisfies Record<string, Statement<unknown>>;
  }

  private run(name: keyof typeof this.statements, params: Record<string, unknown>): Promise<number> {
    return this.statements[name].run(params);
  }

  async followed(actor: number, recipient: number, mail: boolean): Promise<void> {
    await this.run('followed', { actor, recipient, mail: +mail });
  }

  async unfollowed(actor: number, recipient: number): Promise<void> {
    await this.run('unfollowed', { actor, recipient });
  }

  async liked(actor: number, postId: number, mail: boolean): Promise<void> {
    await this.run('liked', { actor, postId, mail: +mail });
  }

  async unliked(actor: number, postId: number): Promise<void> {
    await this.run('unliked', { actor, postId });
  }

  async commented(actor: number, postId: number, commentId: number, mail: boolean): Promise<void> {
    await this.run('commented', { actor, postId, commentId, mail: +mail });
    await this.run('replied', { actor, postId, commentId, mail: +mail });
  }

  async placeReviewed(actor: number, postId: number, establishmentId: number, mail: boolean): Promise<void> {
    await this.run('placeReviewed', { actor, postId, establishmentId, mail: +mail });
  }

  async reportReviewed(actor: number, reporterIds: number[], mail: boolean): Promise<void> {
    if (reporterIds.length > 0) await this.run('reportReviewed', { actor, reporters: JSON.stringify([...new Set(reporterIds)]), mail: +mail });
  }

  /** The active people of these usernames: id and username. */
  async activeUsers(names: string[]): Promise<Array<{ id: number; username: string }>> {
    if (names.length === 0) return [];
    return this.statements.activeUserIds.all({ names: JSON.stringify(names) });
  }

  async postMentionIds(postId: number): Promise<number[]> {
    return (await this.statements.postMentionIds.all({ postId })).map((row) => row.userId);
  }

  async addPostMention(actor: number, postId: number, userId: number, mail: boolean): Promise<void> {
    if ((await this.run('addPostMention', { userId, postId })) > 0) await this.run('mentionedInPost', { actor, recipient: userId, postId, mail: +mail });
  }

  async removePostMention(postId: number, userId: number): Promise<void> {
    await this.run('removePostMention', { postId, userId });
  }

  async addCommentMention(actor: number, postId: number, commentId: number, userId: number, mail: boolean): Promise<void> {
    if ((await this.run('addCommentMention', { userId, commentId })) > 0) {
      await this.run('mentionedInComment', { actor, recipient: userId, postId, commentId, mail: +mail });
    }
  }

  /** Active people mentioned by each review (`source` 'post') or comment, by its id. */
  async mentionNames(source: 'post' | 'comment', ids: number[], hidden: readonly number[] = []): Promise<Map<number, string[]>> {
    const names = new Map<number, string[]>();
    if (ids.length === 0) return names;
    const statement = source === 'post' ? this.statements.postMentionNames : this.statements.commentMentionNames;
    for (const row of await statement.all({ ids: JSON.stringify(ids) })) {
      if (hidden.length > 0 && hidden.includes(row.userId)) continue;
      names.set(row.id, [...(names.get(row.id) ?? []), row.username]);
    }
    return names;
  }

  page(userId: number, limit: number, options: { before?: number; offset?: number }): Promise<NotificationRow[]> {
    return this.statements.page.all({ userId, limit, before: options.before ?? Number.MAX_SAFE_INTEGER, offset: options.offset ?? 0 });
  }

  async unread(userId: number): Promise<number> {
    return (await this.statements.unread.get({ userId }))!.value;
  }

  async markRead(userId: number, ids: number[] | 'all', now: number): Promise<void> {
    if (ids === 'all') await this.run('markAllRead', { userId, now });
    else if (ids.length > 0) await this.run('markListedRead', { userId, now, ids: JSON.stringify(ids) });
  }

  emailChoices(userId: number): Promise<Array<{ kind: NotificationKind; enabled: number }>> {
    return this.statements.emailChoices.all({ userId });
  }

  async setEmailChoice(userId: number, kind: NotificationKind, enabled: boolean): Promise<void> {
    await this.run('setEmailChoice', { userId, kind, enabled: +enabled });
  }

  async dueForEmail(sentBefore: number, limit: number): Promise<number[]> {
    return (await this.statements.dueForEmail.all({ sentBefore, limit })).map((row) => row.userId);
  }

  pendingEmail(userId: number): Promise<PendingEmailRow[]> {
    return this.statements.pendingEmail.all({ userId });
  }

  /** Clears what waited for this person's e-mail and notes when it went. */
  async emailed(userId: number, now: number): Promise<void> {
    await this.run('clearPendingEmail', { userId });
    await this.run('digestSent', { userId, now });
  }

  /** Clears what waited without an e-mail (all read or gone meanwhile); the gap since the last e-mail stays. */
  async clearPendingEmail(userId: number): Promise<void> {
    await this.run('clearPendingEmail', { userId });
  }

  transaction<T>(work: () => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }
}
