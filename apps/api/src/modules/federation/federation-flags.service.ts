import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { Federation, InboxContext } from '@fedify/fedify';
import { Flag } from '@fedify/fedify/vocab';
import { LIMITS } from '@siplog/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';
import { ReportForwarding, type ForwardedReport } from '../moderation/report-forwarding';
import { ReportService } from '../moderation/report.service';
import { FederationSwitch } from './federation-switch';
import { INSTANCE_ACTOR } from './federation-instance-actor';
import { localReviewId, localUserId } from './federation-paths';
import { recipientOfFollower } from './remote-actor-record';
import { cut, plainText } from './remote-reply';

/** How many of a Flag's objects are read: Mastodon names the account and the statuses reported (a handful). */
const FLAG_OBJECTS_MAX = 20;

/**
 * Reports across servers (issue 30), as Mastodon makes them: a `Flag` from the instance actor, its objects the person
 * reported and the posts concerned, its content the comment. One goes out when a person here reports someone
 * elsewhere and chooses to send it on (without their name); one that comes in lands in the Reports panel as a report
 * from that server about the person or review here it names. The inbox has applied the admin's policy already.
 */
@Injectable()
export class FederationFlags implements OnModuleInit {
  private readonly logger = new Logger('FederationFlags');
  private federation: Federation<void> | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly federationSwitch: FederationSwitch,
    private readonly reports: ReportService,
    private readonly forwarding: ReportForwarding,
  ) {}

  onModuleInit(): void {
    this.forwarding.use({ available: () => this.federation !== null && this.config.federation !== null, forward: (report) => this.forward(report) });
  }

  register(federation: Federation<void>): void {
    this.federation = federation;
  }

  /**
   * Sent to their server's shared inbox (their own inbox when it has none) from the instance actor: object = the
   * person and, for a reply, the reply; content = the reporter's note. Queued like any delivery (held while the admin
   * has federation switched off).
   */
  private async forward({ reportId, subject, note }: ForwardedReport): Promise<void> {
    if (!this.federation || !this.config.federation) throw new Error('Federation is not set up');
    const ctx = this.federation.createContext(new URL(this.config.federation.origin), undefined);
    const instance = ctx.getActorUri(INSTANCE_ACTOR);
    const objects = [new URL(subject.uri), ...(subject.contentUri ? [new URL(subject.contentUri)] : [])];
    const flag = new Flag({ id: new URL(`#flags/${randomUUID()}`, instance), actor: instance, objects, content: note || null });
    await ctx.sendActivity({ identifier: INSTANCE_ACTOR }, recipientOfFollower({ actorId: subject.remoteActorId, ...subject }), flag, { preferSharedInbox: true });
    this.logger.log(`Report ${reportId} sent on to ${subject.host}${this.federationSwitch.on ? '' : ' (held while federation is switched off)'}`);
  }

  /**
   * A report from another server: one report per review it names (`kind` post), or about the person when it names
   * no review of theirs (`user`). Each is kept once per Flag id, so the same Flag again adds nothing.
   */
  async received(ctx: InboxContext<void>, flag: Flag): Promise<void> {
    if (!flag.id || !flag.actorId) return;
    const objects = flag.objectIds.slice(0, FLAG_OBJECTS_MAX);
    const reviewIds = [...new Set(objects.map((uri) => localReviewId(ctx, uri)).filter((id) => id !== null))];
    const userIds = [...new Set(objects.map((uri) => localUserId(ctx, uri)).filter((id) => id !== null))];
    const note = cut(plainText(flag.content === null ? '' : String(flag.content)), LIMITS.reportNoteMax);
    const fromHost = flag.actorId.host;
    const about =
      reviewIds.length > 0
        ? reviewIds.map((postId) => ({ key: `review-${postId}`, about: { kind: 'post' as const, postId } }))
        : userIds.map((userId) => ({ key: `user-${userId}`, about: { kind: 'user' as const, userId } }));
    let added = 0;
    for (const { key, about: subject } of about) {
      if (await this.reports.addFromServer({ flagUri: `${flag.id.href}#${key}`, fromHost, about: subject, note })) added++;
    }
    if (added > 0) this.logger.log(`${fromHost} reported ${added === 1 ? 'one thing' : `${added} things`} here (${flag.id.href})`);
  }
}
