import { Inject, Injectable } from '@nestjs/common';
import { EMAILED_BY_DEFAULT, type NotificationKind } from '@siplog/contracts';
import { ACTIVE_USER_SQL, JSON_IDS, JSON_TEXTS, TRUE_SQL, type Database, type Statement } from '@siplog/db';
import { DATABASE } from '../database/database.module';

/** A notification as read for its recipient, with what its line needs (the actor, the review's place, the comment). */
export interface NotificationRow {
  id: number;
  kind: NotificationKind;
  /** A person's username, or someone elsewhere's handle (user@host). */
  actorUsername: string;
  /** Someone elsewhere's page on their own server (issue 30); null for people here. */
  actorUrl: string | null;
  /** Someone elsewhere's avatar as stored here (remote_actors.avatar_file); null for people here or without one. */
  actorAvatarFile: string | null;
  /** Someone elsewhere's remote_actors id (issue 30); null for people here. */
  remoteActorId: number | null;
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
 * Someone elsewhere is out of sight while the admin blocks or silences their server, but a silenced server may
 * follow, so its follow requests show; a follow request shows while it waits (an Undo from the requester ends it).
 */
const VISIBLE = `
  left join users a on a.id = n.actor_id
  left join remote_actors ra on ra.id = n.remote_actor_id
  left join posts p on p.id = n.post_id
  left join users pa on pa.id = p.user_id
  left join establishments e on e.id = coalesce(n.establishment_id, p.establishment_id)
  left join comments c on c.id = n.comment_id
  left join remote_comments rc on rc.id = n.remote_comment_id
  where (case when n.actor_id is not null then a.id is not null and ${ACTIVE_USER_SQL('a')}
    else ra.id is not null and not exists (select 1 from federation_domains d where d.host = ra.host
      and (d.policy = 'block' or n.kind <> 'follow_request')) end)
    and (n.kind <> 'follow_request' or exists (select 1 from remote_followers f
      where f.user_id = n.user_id and f.actor_id = n.remote_actor_id and not f.accepted))
    and (n.post_id is null or ${ACTIVE_USER_SQL('pa')})
    and not exists (select 1 from user_blocks b where b.blocker_id = n.user_id and b.blocked_id = n.actor_id)
    and not exists (select 1 from user_blocks b where b.blocker_id = n.actor_id and b.blocked_id = n.user_id)`;

const ROW_COLUMNS = `n.id, n.kind, coalesce(a.username, ra.handle) as "actorUsername", ra.profile_url as "actorUrl", ra.avatar_file as "actorAvatarFile", n.remote_actor_id as "remoteActorId", n.post_id as "postId", e.id as "establishmentId",
  e.name as "establishmentName", coalesce(c.body, rc.body) as comment, n.created_at as "createdAt", n.read_at as "readAt"`;

/**
 * Whether the recipient (`recipient`, an SQL expression) has this kind e-mailed: their own choice, else the kind's
 * default, and never when the operator has notification e-mail off (:mail false).
 */
const emailPending = (kind: NotificationKind, recipient: string) =>
  `(:mail and coalesce((select enabled from email_preferences where user_id = ${recipient} and kind = '${kind}'), ${EMAILED_BY_DEFAULT[kind]}))`;

/** The actor and the recipient as the ids they are where PostgreSQL could not tell a parameter's type otherwise. */
const ACTOR = 'cast(:actor as integer)';
const RECIPIENT = 'cast(:recipient as integer)';

/** Waiting for e-mail, spelled as notifications_email_pending_idx's condition so both databases walk that index. */
const PENDING = `n.email_pending = ${TRUE_SQL}`;

/**
 * Whether the person here (`recipient`, an SQL expression) has not blocked the person elsewhere (:remoteActor, issue
 * 30): what someone blocked does is not told, and is not told later either (an unblock restores nothing).
 */
const REMOTE_NOT_BLOCKED = (recipient: string) =>
  `not exists (select 1 from remote_actor_blocks b where b.user_id = ${recipient} and b.actor_id = cast(:remoteActor as integer))`;

/**
 * The notifications (and comment mentions) that likes, unlikes and comments record, for the writers that record them in
 * a statement of their own (PostRepository: inside the write's one statement on PostgreSQL, in its transaction on
 * SQLite). A like's reads the review from `review`, a relation of at most one row with its `id` and its author's
 * `user_id`; a comment's read the review and the new comment from `commented` (the same, with the comment's
 * `comment_id`), the mentions the new comment from `comment` (its `id`), and the people it mentions come from
 * `mentioned` (their `user_id`). :actor acted, :mail is whether notification e-mail is on. Each answers whom it told (or
 * untold).
 */
export const RECORDED_WITH_WRITES = {
  /** Told once however often they toggle (notifications_one_like_unique); never of one's own like. */
  like: (review: string) => `insert into notifications (user_id, actor_id, kind, post_id, email_pending)
    select r.user_id, ${ACTOR}, 'like', r.id, ${emailPending('like', 'r.user_id')} from ${review} r where r.user_id <> :actor
    on conflict do nothing returning user_id as "userId"`,
  /**
   * An unlike takes back its unread like notification. `author`: the review's author's id (an SQL expression), first so
   * the lookup walks notifications_one_like_unique, not everything the actor ever caused.
   */
  unlike: (author: string) => `delete from notifications where kind = 'like' and user_id = ${author}
    and actor_id = :actor and post_id = :postId and read_at is null returning user_id as "userId"`,
  /** The active people a comment names (:names, a JSON array of usernames), once each. */
  mentions: (comment: string) => `insert into mentions (user_id, comment_id)
    select u.id, c.id from ${comment} c cross join users u where u.username in (${JSON_TEXTS(':names')}) and ${ACTIVE_USER_SQL('u')}
    on conflict do nothing returning id, user_id`,
  /** Those named are told, but not the commenter or the review's author (told of the comment). */
  mentioned: (commented: string, mentioned: string) => `insert into notifications (user_id, actor_id, kind, post_id, comment_id, email_pending)
    select m.user_id, ${ACTOR}, 'mention', r.id, r.comment_id, ${emailPending('mention', 'm.user_id')}
    from ${commented} r cross join ${mentioned} m where m.user_id <> :actor and m.user_id <> r.user_id
    returning user_id as "userId"`,
  comment: (commented: string) => `insert into notifications (user_id, actor_id, kind, post_id, comment_id, email_pending)
    select r.user_id, ${ACTOR}, 'comment', r.id, r.comment_id, ${emailPending('comment', 'r.user_id')} from ${commented} r
    where r.user_id <> :actor returning user_id as "userId"`,
  /**
   * Earlier commenters on the review, once each: not the author (told of the comment), the commenter, or anyone this
   * comment mentions (told of the mention); someone with an unread reply by this commenter on this review is not told
   * again (notifications_one_unread_reply_unique): each person replying once, told as one line.
   */
  reply: (commented: string, mentioned: string) => `insert into notifications (user_id, actor_id, kind, post_id, comment_id, email_pending)
    select distinct e.user_id, ${ACTOR}, 'reply', r.id, r.comment_id, ${emailPending('reply', 'e.user_id')}
    from ${commented} r cross join comments e
    where e.post_id = r.id and e.id <> r.comment_id and e.user_id <> :actor and e.user_id <> r.user_id
      and e.user_id not in (select user_id from ${mentioned})
    on conflict do nothing returning user_id as "userId"`,
};

/** The review :postId, the comment :commentId and whom it mentions, as RECORDED_WITH_WRITES reads them in statements of their own. */
export const RECORDED_BY_ID = {
  review: '(select id, user_id from posts where id = :postId)',
  author: '(select user_id from posts where id = :postId)',
  comment: '(select cast(:commentId as integer) as id)',
  /**
   * The review and the comment as one row (id, user_id, comment_id): on SQLite an insert that selects from two
   * relations, however small, costs about 30 µs more than from one (measured, issue 32).
   */
  commented: '(select id, user_id, cast(:commentId as integer) as comment_id from posts where id = :postId)',
  mentioned: '(select user_id from mentions where comment_id = :commentId)',
};

/**
 * Every read and write of notifications, mentions, e-mail choices and digests, as prepared statements: recording a
 * notification is one indexed insert on the like, comment and follow paths. Plain SQL kept in this one file, one text
 * for SQLite and PostgreSQL (the spellings that differ come from dialect-sql).
 */
@Injectable()
export class NotificationRepository {
  private readonly statements;

  constructor(@Inject(DATABASE) private readonly db: Database) {
    const prepare = <Row = Record<string, unknown>>(text: string) => db.statement<Row>(text);
    // Recording answers whom it told, so their open pages can be told at once (NotificationService publishes it).
    const record = (text: string) => db.statement<{ userId: number }>(`${text} returning user_id as "userId"`);
    this.statements = {
      followed: record(`insert into notifications (user_id, actor_id, kind, email_pending)
        select ${RECIPIENT}, ${ACTOR}, 'follow', ${emailPending('follow', ':recipient')} where ${RECIPIENT} <> ${ACTOR}
        on conflict do nothing`),
      unfollowed: record(`delete from notifications where kind = 'follow' and user_id = :recipient and actor_id = :actor and read_at is null`),
      // Someone elsewhere liked a review (issue 30): told once, however often they like and unlike.
      remoteLiked: record(`insert into notifications (user_id, remote_actor_id, kind, post_id, email_pending)
        select p.user_id, cast(:remoteActor as integer), 'like', p.id, ${emailPending('like', 'p.user_id')} from posts p where p.id = :postId
          and ${REMOTE_NOT_BLOCKED('p.user_id')}
        on conflict do nothing`),
      // A reply from elsewhere (issue 30) tells the review's author, and the people here it mentions (never the author twice).
      remoteCommented: record(`insert into notifications (user_id, remote_actor_id, kind, post_id, remote_comment_id, email_pending)
        select p.user_id, cast(:remoteActor as integer), 'comment', p.id, cast(:remoteComment as integer), ${emailPending('comment', 'p.user_id')}
        from posts p where p.id = :postId and ${REMOTE_NOT_BLOCKED('p.user_id')}`),
      remoteMentioned: record(`insert into notifications (user_id, remote_actor_id, kind, post_id, remote_comment_id, email_pending)
        select u.id, cast(:remoteActor as integer), 'mention', cast(:postId as integer), cast(:remoteComment as integer), ${emailPending('mention', 'u.id')}
        from users u where u.id in (${JSON_IDS(':people')}) and ${ACTIVE_USER_SQL('u')} and u.id <> (select user_id from posts where id = :postId)
          and ${REMOTE_NOT_BLOCKED('u.id')}`),
      // A follow request from elsewhere (issue 30); an earlier one from the same person, answered or taken back, goes first.
      clearFollowRequest: record(`delete from notifications where kind = 'follow_request' and user_id = :recipient and remote_actor_id = :remoteActor`),
      followRequested: record(`insert into notifications (user_id, remote_actor_id, kind, email_pending)
        select ${RECIPIENT}, cast(:remoteActor as integer), 'follow_request', ${emailPending('follow_request', ':recipient')}
        where ${REMOTE_NOT_BLOCKED(':recipient')}`),
      remoteUnliked: record(`delete from notifications where kind = 'like' and user_id = (select user_id from posts where id = :postId)
        and remote_actor_id = :remoteActor and post_id = :postId and read_at is null`),
      // Followers of the place, except the author and anyone the review mentions (told of the mention).
      placeReviewed: record(`insert into notifications (user_id, actor_id, kind, post_id, establishment_id, email_pending)
        select f.user_id, ${ACTOR}, 'place_review', cast(:postId as integer), f.establishment_id, ${emailPending('place_review', 'f.user_id')}
        from place_follows f where f.establishment_id = :establishmentId and f.user_id <> :actor
          and f.user_id not in (select user_id from mentions where post_id = :postId)`),
      mentionedInPost: record(`insert into notifications (user_id, actor_id, kind, post_id, email_pending)
        select ${RECIPIENT}, ${ACTOR}, 'mention', cast(:postId as integer), ${emailPending('mention', ':recipient')} where ${RECIPIENT} <> ${ACTOR}`),
      // The reporters of what an admin just dealt with; never the admin themself (an admin may report too).
      reportReviewed: record(`insert into notifications (user_id, actor_id, kind, email_pending)
        select u.id, ${ACTOR}, 'report_reviewed', ${emailPending('report_reviewed', 'u.id')}
        from users u where u.id in (${JSON_IDS(':reporters')}) and u.id <> :actor`),
      activeUserIds: prepare<{ id: number; username: string }>(`select u.id, u.username from users u
        where u.username in (${JSON_TEXTS(':names')}) and ${ACTIVE_USER_SQL('u')}`),
      postMentionIds: prepare<{ userId: number }>(`select user_id as "userId" from mentions where post_id = :postId`),
      addPostMention: prepare(`insert into mentions (user_id, post_id) values (:userId, :postId) on conflict do nothing`),
      removePostMention: prepare(`delete from mentions where post_id = :postId and user_id = :userId`),
      postMentionNames: prepare<MentionRow>(`select m.post_id as id, u.username, u.id as "userId" from mentions m join users u on u.id = m.user_id and ${ACTIVE_USER_SQL('u')}
        where m.post_id in (${JSON_IDS(':ids')}) order by m.id`),
      commentMentionNames: prepare<MentionRow>(`select m.comment_id as id, u.username, u.id as "userId" from mentions m join users u on u.id = m.user_id and ${ACTIVE_USER_SQL('u')}
        where m.comment_id in (${JSON_IDS(':ids')}) order by m.id`),
      // :before is any safe integer (no cursor: the largest), wider than PostgreSQL's integer ids.
      page: prepare<NotificationRow>(`select ${ROW_COLUMNS} from notifications n ${VISIBLE} and n.user_id = :userId and n.id < cast(:before as bigint)
        order by n.id desc limit :limit offset :offset`),
      unread: prepare<{ value: number }>(`select count(*) as value from notifications n ${VISIBLE} and n.user_id = :userId and n.read_at is null`),
      markListedRead: prepare(`update notifications set read_at = :now where user_id = :userId and read_at is null
        and id in (${JSON_IDS(':ids')})`),
      markAllRead: prepare(`update notifications set read_at = :now where user_id = :userId and read_at is null`),
      emailChoices: db.statement<{ kind: NotificationKind; enabled: boolean }>(`select kind, enabled from email_preferences where user_id = :userId`, {
        booleans: ['enabled'],
      }),
      setEmailChoice: prepare(`insert into email_preferences (user_id, kind, enabled) values (:userId, :kind, :enabled)
        on conflict (user_id, kind) do update set enabled = excluded.enabled`),
      // People with e-mail waiting whose last notification e-mail is at least the gap old.
      dueForEmail: prepare<{ userId: number }>(`select distinct n.user_id as "userId" from notifications n
        left join notification_digests d on d.user_id = n.user_id
        where ${PENDING} and (d.last_sent_at is null or d.last_sent_at <= :sentBefore) limit :limit`),
      pendingEmail: prepare<PendingEmailRow>(`select ${ROW_COLUMNS}, r.email, r.username from notifications n
        join users r on r.id = n.user_id and ${ACTIVE_USER_SQL('r')}
        ${VISIBLE} and n.user_id = :userId and ${PENDING} and n.read_at is null order by n.id`),
      clearPendingEmail: prepare(`update notifications set email_pending = false where user_id = :userId and email_pending = ${TRUE_SQL}`),
      // A person's digest is written by one transaction at a time: on PostgreSQL the next waits here until the first
      // commits (several nodes); SQLite runs one transaction at a time anyway.
      holdDigest: db.statement({ sqlite: `select :userId`, pg: `select pg_advisory_xact_lock(hashtext('siplog:digest'), cast(:userId as integer))` }),
      emailedSince: prepare(`select 1 as sent from notification_digests where user_id = :userId and last_sent_at > :sentBefore`),
      digestSent: prepare(`insert into notification_digests (user_id, last_sent_at) values (:userId, :now)
        on conflict (user_id) do update set last_sent_at = excluded.last_sent_at`),
    } satisfies Record<string, Statement<unknown>>;
  }

  private run(name: keyof typeof this.statements, params: Record<string, unknown>): Promise<number> {
    return this.statements[name].run(params);
  }

  /** Runs a recording statement; answers the people it told. */
  private async record(name: keyof typeof this.statements, params: Record<string, unknown>): Promise<number[]> {
    const rows = (await this.statements[name].all(params)) as Array<{ userId: number }>;
    return rows.map((row) => row.userId);
  }

  async followed(actor: number, recipient: number, mail: boolean): Promise<number[]> {
    return this.record('followed', { actor, recipient, mail });
  }

  /** Answers whose unread notification it took back (nobody's when it was read or never there). */
  async unfollowed(actor: number, recipient: number): Promise<number[]> {
    return this.record('unfollowed', { actor, recipient });
  }

  /** Someone elsewhere (a remote_actors id) liked a review: its author is told, once. */
  async remoteLiked(remoteActor: number, postId: number, mail: boolean): Promise<number[]> {
    return this.record('remoteLiked', { remoteActor, postId, mail });
  }

  /** Someone elsewhere replied to a review (`remoteComment`, a remote_comments id) naming `people` here. */
  async remoteCommented(remoteActor: number, postId: number, remoteComment: number, people: number[], mail: boolean): Promise<number[]> {
    const told = await this.record('remoteCommented', { remoteActor, postId, remoteComment, mail });
    if (people.length === 0) return told;
    return [...told, ...(await this.record('remoteMentioned', { remoteActor, postId, remoteComment, people: JSON.stringify(people), mail }))];
  }

  /** Someone elsewhere asks to follow `recipient`: told once (any earlier request of theirs is replaced). */
  async followRequested(remoteActor: number, recipient: number, mail: boolean): Promise<number[]> {
    await this.record('clearFollowRequest', { remoteActor, recipient });
    return this.record('followRequested', { remoteActor, recipient, mail });
  }

  /** The follow request is answered (or no longer waits): its notification goes; answers whose it was. */
  async followRequestClosed(remoteActor: number, recipient: number): Promise<number[]> {
    return this.record('clearFollowRequest', { remoteActor, recipient });
  }

  async remoteUnliked(remoteActor: number, postId: number): Promise<number[]> {
    return this.record('remoteUnliked', { remoteActor, postId });
  }

  async placeReviewed(actor: number, postId: number, establishmentId: number, mail: boolean): Promise<number[]> {
    return this.record('placeReviewed', { actor, postId, establishmentId, mail });
  }

  async reportReviewed(actor: number, reporterIds: number[], mail: boolean): Promise<number[]> {
    if (reporterIds.length === 0) return [];
    return this.record('reportReviewed', { actor, reporters: JSON.stringify([...new Set(reporterIds)]), mail });
  }

  /** The active people of these usernames: id and username. */
  async activeUsers(names: string[]): Promise<Array<{ id: number; username: string }>> {
    if (names.length === 0) return [];
    return this.statements.activeUserIds.all({ names: JSON.stringify(names) });
  }

  async postMentionIds(postId: number): Promise<number[]> {
    return (await this.statements.postMentionIds.all({ postId })).map((row) => row.userId);
  }

  async addPostMention(actor: number, postId: number, userId: number, mail: boolean): Promise<number[]> {
    if ((await this.run('addPostMention', { userId, postId })) === 0) return [];
    return this.record('mentionedInPost', { actor, recipient: userId, postId, mail });
  }

  async removePostMention(postId: number, userId: number): Promise<void> {
    await this.run('removePostMention', { postId, userId });
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

  async emailChoices(userId: number): Promise<Array<{ kind: NotificationKind; enabled: boolean }>> {
    return this.statements.emailChoices.all({ userId });
  }

  async setEmailChoice(userId: number, kind: NotificationKind, enabled: boolean): Promise<void> {
    await this.run('setEmailChoice', { userId, kind, enabled });
  }

  async dueForEmail(sentBefore: number, limit: number): Promise<number[]> {
    return (await this.statements.dueForEmail.all({ sentBefore, limit })).map((row) => row.userId);
  }

  pendingEmail(userId: number): Promise<PendingEmailRow[]> {
    return this.statements.pendingEmail.all({ userId });
  }

  /**
   * Inside the transaction that writes a person's e-mail: waits for any other writing theirs to finish, then answers
   * whether they are still due (nothing e-mailed to them after `sentBefore`), so one round never repeats another's.
   */
  async holdDigest(userId: number, sentBefore: number): Promise<boolean> {
    await this.statements.holdDigest.get({ userId });
    return (await this.statements.emailedSince.get({ userId, sentBefore })) === undefined;
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
