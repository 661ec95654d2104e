import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { Context, Federation } from '@fedify/fedify';
import { Create, Delete, Note, PUBLIC_COLLECTION, Tombstone, Update, type Activity } from '@fedify/fedify/vocab';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';
import { AppError } from '../../common/app-error';
import { PlaceService } from '../place/place.service';
import { PostService } from '../post/post.service';
import { ReviewEvents, type ReviewEvent, type ReviewEventKind } from '../post/review-events';
import { UserService } from '../user/user.service';
import { NOTE_PATH, OUTBOX_PATH, userIdOf } from './federation-paths';
import { FederationSwitch } from './federation-switch';
import { reviewNote } from './review-note';

/** The reviews a person's outbox lists: the latest only (what Mastodon reads of it). */
const OUTBOX_PAGE = 20;

/**
 * Reviews in the fediverse (issue 30): each is a Note at /ap/reviews/{id} that other servers can fetch, and its
 * author's remote followers receive a Create when it is posted, an Update when it is edited and a Delete when it
 * goes. Sending only enqueues a fan-out (in the database); the deliveries run off the request path.
 */
@Injectable()
export class FederationReviews implements OnModuleInit {
  private readonly logger = new Logger('FederationReviews');
  private federation: Federation<void> | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly posts: PostService,
    private readonly places: PlaceService,
    private readonly events: ReviewEvents,
    private readonly users: UserService,
    private readonly federationSwitch: FederationSwitch,
  ) {}

  register(federation: Federation<void>): void {
    this.federation = federation;
    federation.setObjectDispatcher(Note, NOTE_PATH, async (ctx, values) => {
      const postId = userIdOf(values.id);
      return postId === null ? null : this.noteOf(ctx, postId);
    });
    // A person's latest reviews, which a server shows when someone there first looks the person up.
    federation
      .setOutboxDispatcher(OUTBOX_PATH, async (ctx, identifier, cursor) => {
        const userId = userIdOf(identifier);
        const person = userId === null ? null : await this.users.federatedPerson({ id: userId });
        if (!person) return null;
        if (cursor === null) return { items: [] };
        const { orders } = await this.posts.recentOrders(person.username, OUTBOX_PAGE);
        const items: Activity[] = [];
        for (const post of orders) {
          const note = await this.noteOf(ctx, post.post_id);
          if (note) items.push(new Create({ id: new URL('#published', note.id!), actor: note.attributionId, to: PUBLIC_COLLECTION, cc: note.ccId, object: note, published: note.published }));
        }
        return { items, nextCursor: null };
      })
      .setCounter(async (_ctx, identifier) => {
        const userId = userIdOf(identifier);
        return userId === null ? null : this.users.reviewCount(userId);
      })
      .setFirstCursor(() => 'latest');
  }

  onModuleInit(): void {
    if (!this.config.federation) return;
    // Subscribed whenever federation can run; a change made while it is switched off is not sent.
    for (const kind of ['published', 'updated', 'deleted'] as const) this.events.on(kind, (event) => this.send(kind, event));
  }

  /** The review as a Note, or null when nobody may see it (gone, or its author suspended or deleted). */
  async noteOf(ctx: Context<void>, postId: number): Promise<Note | null> {
    let post;
    try {
      post = (await this.posts.byId(postId)).post;
    } catch (error) {
      if (error instanceof AppError) return null;
      throw error;
    }
    const person = await this.users.federatedPerson({ username: post.username });
    if (!person) return null;
    const { establishment } = await this.places.loadEstablishment(post.establishment_id);
    const author = String(person.id);
    return reviewNote(post, establishment, {
      origin: this.config.federation!.origin,
      noteUri: ctx.getObjectUri(Note, { id: String(postId) }),
      actorUri: ctx.getActorUri(author),
      followersUri: ctx.getFollowersUri(author),
    });
  }

  private async send(kind: ReviewEventKind, event: ReviewEvent): Promise<void> {
    const federation = this.federation;
    if (!federation || !this.federationSwitch.on) return;
    const ctx = federation.createContext(new URL(this.config.federation!.origin), undefined);
    const identifier = String(event.authorId);
    const actor = ctx.getActorUri(identifier);
    const noteUri = ctx.getObjectUri(Note, { id: String(event.postId) });
    const addressed = { actor, to: PUBLIC_COLLECTION, cc: ctx.getFollowersUri(identifier) };
    const id = new URL(`#${kind}/${randomUUID()}`, noteUri);
    let activity: Activity;
    if (kind === 'deleted') {
      activity = new Delete({ id, ...addressed, object: new Tombstone({ id: noteUri }) });
    } else {
      const note = await this.noteOf(ctx, event.postId);
      if (!note) return;
      activity = kind === 'published' ? new Create({ id, ...addressed, object: note }) : new Update({ id, ...addressed, object: note });
    }
    // One ordering key per review: its Delete never overtakes its Create at a follower.
    await ctx.sendActivity({ identifier }, 'followers', activity, { preferSharedInbox: true, orderingKey: noteUri.href });
    this.logger.log(`Review ${event.postId} ${kind}: sent to ${event.authorId}'s remote followers`);
  }
}
