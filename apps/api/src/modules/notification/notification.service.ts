import { Inject, Injectable } from '@nestjs/common';
import { EMAILED_BY_DEFAULT, mentionedNames, NOTIFICATION_KINDS, type NotificationKind } from '@siplog/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';
import type { AuthUser } from '../../common/auth-user';
import { EventBus } from '../events/event-bus.service';
import { remoteAvatarUrl } from '../media/remote-avatar-url';
import { NotificationAudienceRepository, type UnreadSubject } from './notification-audience.repository';
import { NotificationRepository, type NotificationRow } from './notification.repository';

/** A notification as the API answers it (issue 16). */
export interface NotificationView {
  notification_id: number;
  kind: NotificationKind;
  /** A person here, or someone elsewhere as user@host (then actor_url is their page on their server). */
  actor_username: string;
  actor_url?: string;
  /** Someone elsewhere's avatar as stored here, when there is one (people here: by their username). */
  actor_avatar?: string;
  /** A follow request's requester (issue 30): what accepting or declining it names. */
  remote_actor_id?: number;
  post_id?: number;
  establishment_id?: number;
  establishment_name?: string;
  comment?: string;
  created_at: string;
  read: boolean;
}

/** Who did it: recording needs only their id. */
type Actor = Pick<AuthUser, 'id'>;

export interface EmailSettings {
  settings: Record<NotificationKind, boolean>;
  /** False when the operator has notification e-mail off (NOTIFICATION_EMAIL=off). */
  mailEnabled: boolean;
}

export function toNotificationView(row: NotificationRow): NotificationView {
  const avatar = remoteAvatarUrl(row.actorAvatarFile);
  return {
    notification_id: row.id,
    kind: row.kind,
    // The admin who dealt with a report stays unnamed, as reporters do.
    actor_username: row.kind === 'report_reviewed' ? '' : row.actorUsername,
    ...(row.actorUrl !== null && row.kind !== 'report_reviewed' && { actor_url: row.actorUrl }),
    ...(avatar !== null && row.kind !== 'report_reviewed' && { actor_avatar: avatar }),
    ...(row.kind === 'follow_request' && row.remoteActorId !== null && { remote_actor_id: row.remoteActorId }),
    ...(row.postId !== null && { post_id: row.postId }),
    ...(row.establishmentId !== null && { establishment_id: row.establishmentId, establishment_name: row.establishmentName ?? '' }),
    ...(row.comment !== null && { comment: row.comment }),
    created_at: new Date(row.createdAt).toISOString(),
    read: row.readAt !== null,
  };
}

/**
 * Telling people what others did to them, and reading it back. The writers (follows, reviews, acts from elsewhere) call
 * the recording methods inside their own transaction; likes, unlikes and comments record theirs in their own statement
 * (RECORDED_WITH_WRITES, one round trip on PostgreSQL) and pass whom they told to `countsChanged`. Each is an indexed
 * insert or delete, and e-mail is only marked as pending here (NotificationMailer sends it off the request path).
 */
@Injectable()
export class NotificationService {
  constructor(
    private readonly repository: NotificationRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: EventBus,
    private readonly audience: NotificationAudienceRepository,
  ) {}

  /** The people just told of something: their open pages, on any node, show the new count once it has committed. */
  private told(people: readonly number[]): void {
    if (people.length > 0) this.events.publish('notification', [...new Set(people)]);
  }

  // ---- counts that change without a new notification (removals, blocks, people leaving sight or coming back) ----

  /**
   * Who has unread notifications about this comment, review or person. Ask before a removal (those notifications
   * go with it) or after a change of who is visible, and pass the answer to `countsChanged` once the write is done.
   */
  unreadAudience(subject: UnreadSubject): Promise<number[]> {
    return this.audience.unreadAbout(subject);
  }

  /** These people's unread counts changed: their open pages, on any node, show the new count once it has committed. */
  countsChanged(people: readonly number[]): void {
    this.told(people);
  }

  /**
   * Whether notification e-mail is on (NOTIFICATION_EMAIL): what the writers that record notifications in their own
   * statement (likes, comments: RECORDED_WITH_WRITES) pass as :mail.
   */
  get mailEnabled(): boolean {
    return this.config.notificationEmail;
  }

  // ---- recording (called by the writers, after their own checks) ----

  async followed(actor: Actor, recipientId: number): Promise<void> {
    this.told(await this.repository.followed(actor.id, recipientId, this.mailEnabled));
  }

  /** An unfollow takes back its unread follow notification, so toggling tells the person once (and their bell falls). */
  async unfollowed(actor: Actor, recipientId: number): Promise<void> {
    this.told(await this.repository.unfollowed(actor.id, recipientId));
  }

  /** Someone elsewhere liked a review (issue 30); `remoteActorId` is their remote_actors row. */
  async remoteLiked(remoteActorId: number, postId: number): Promise<void> {
    this.told(await this.repository.remoteLiked(remoteActorId, postId, this.mailEnabled));
  }

  /** Someone elsewhere (issue 30) asks to follow `recipientId`, who approves followers: told once per request. */
  async followRequested(remoteActorId: number, recipientId: number): Promise<void> {
    this.told(await this.repository.followRequested(remoteActorId, recipientId, this.mailEnabled));
  }

  /** A follow request was answered, or follows at once now: its notification goes, and the bell with it. */
  async followRequestClosed(remoteActorId: number, recipientId: number): Promise<void> {
    this.told(await this.repository.followRequestClosed(remoteActorId, recipientId));
  }

  async remoteUnliked(remoteActorId: number, postId: number): Promise<void> {
    this.told(await this.repository.remoteUnliked(remoteActorId, postId));
  }

  /**
   * Someone elsewhere replied to a review (issue 30): its author is told, and the people here the reply mentions
   * (`mentionedIds`, from its Mention tags).
   */
  async remoteCommented(remoteActorId: number, postId: number, remoteCommentId: number, mentionedIds: number[]): Promise<void> {
    this.told(await this.repository.remoteCommented(remoteActorId, postId, remoteCommentId, mentionedIds, this.mailEnabled));
  }

  /** The active people among these @names (a reply from elsewhere links only those, as comments here do). */
  activePeopleNamed(names: string[]): Promise<Array<{ id: number; username: string }>> {
    return this.repository.activeUsers(names);
  }

  /** 'Your report was reviewed', to each reporter of what an admin just dealt with (issue 17); the admin is not named. */
  async reportReviewed(admin: Actor, reporterIds: number[]): Promise<void> {
    this.told(await this.repository.reportReviewed(admin.id, reporterIds, this.mailEnabled));
  }

  /** A new review tells the people it mentions, then the place's followers. */
  async reviewPosted(actor: Actor, postId: number, establishmentId: number, text: string): Promise<void> {
    await this.mentionsChanged(actor, postId, text);
    this.told(await this.repository.placeReviewed(actor.id, postId, establishmentId, this.mailEnabled));
  }

  /**
   * A review's text names these people now: the newly named are told, and a name taken out stops being a link.
   * Someone named before and still named is not told again.
   */
  async mentionsChanged(actor: Actor, postId: number, text: string): Promise<void> {
    const named = await this.repository.activeUsers(mentionedNames(text));
    const before = new Set(await this.repository.postMentionIds(postId));
    for (const person of named) if (!before.has(person.id)) this.told(await this.repository.addPostMention(actor.id, postId, person.id, this.mailEnabled));
    const now = new Set(named.map((person) => person.id));
    for (const userId of before) if (!now.has(userId)) await this.repository.removePostMention(postId, userId);
  }

  /** Active people each review (or comment) names, for its mention links. */
  mentionNames(source: 'post' | 'comment', ids: number[], hidden: readonly number[] = []): Promise<Map<number, string[]>> {
    return this.repository.mentionNames(source, ids, hidden);
  }

  // ---- reading (the recipient's own only) ----

  async list(actor: AuthUser, limit: number, skip: number): Promise<{ notifications: NotificationView[]; unread: number }> {
    const rows = await this.repository.page(actor.id, limit, { offset: skip });
    return { notifications: rows.map(toNotificationView), unread: await this.repository.unread(actor.id) };
  }

  /** The web app's pages: after the last notification it has (ids only grow, so new ones cause no repeats). */
  async listPage(actor: AuthUser, limit: number, cursor?: number | null): Promise<{ notifications: NotificationView[]; nextCursor: number | null; unread: number }> {
    const rows = await this.repository.page(actor.id, limit, { before: cursor ?? undefined });
    const last = rows.at(-1);
    return {
      notifications: rows.map(toNotificationView),
      nextCursor: last && rows.length === limit ? last.id : null,
      unread: await this.repository.unread(actor.id),
    };
  }

  async unreadCount(actor: AuthUser): Promise<{ unread: number }> {
    return { unread: await this.repository.unread(actor.id) };
  }

  /** Marks the caller's own listed notifications (ids of anyone else's are ignored) or all of them read. */
  async markRead(actor: AuthUser, input: { notification_ids?: number[]; all?: true }): Promise<{ unread: number }> {
    await this.repository.markRead(actor.id, input.all ? 'all' : (input.notification_ids ?? []), Date.now());
    // The person's other open pages (on any node) show the new count.
    this.events.publish('notification', [actor.id]);
    return this.unreadCount(actor);
  }

  // ---- e-mail choices ----

  async emailSettings(userId: number): Promise<EmailSettings> {
    const settings = { ...EMAILED_BY_DEFAULT };
    for (const choice of await this.repository.emailChoices(userId)) settings[choice.kind] = choice.enabled;
    return { settings, mailEnabled: this.mailEnabled };
  }

  async updateEmailSettings(actor: AuthUser, changes: Partial<Record<NotificationKind, boolean>>): Promise<EmailSettings> {
    await this.repository.transaction(async () => {
      for (const kind of NOTIFICATION_KINDS) {
        const enabled = changes[kind];
        if (enabled !== undefined) await this.repository.setEmailChoice(actor.id, kind, enabled);
      }
    });
    return this.emailSettings(actor.id);
  }

  /** From an unsubscribe link: these kinds on or off for that person. */
  async setEmailed(userId: number, kinds: readonly NotificationKind[], enabled: boolean): Promise<void> {
    await this.repository.transaction(async () => {
      for (const kind of kinds) await this.repository.setEmailChoice(userId, kind, enabled);
    });
  }
}
