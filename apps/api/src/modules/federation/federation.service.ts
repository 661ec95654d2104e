import type { webcrypto } from 'node:crypto';
import { Temporal } from '@js-temporal/polyfill';
import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { createFederation, exportJwk, generateCryptoKeyPair, importJwk, type Context, type Federation } from '@fedify/fedify';
import { CryptographicKey, Endpoints, Image, Multikey, Person } from '@fedify/fedify/vocab';
import { LIMITS } from '@siplog/contracts';
import { APP_CONFIG, type AppConfig, type FederationConfig } from '../../config/app.config';
import { UserService, type FederatedPerson } from '../user/user.service';
import { DatabaseKvStore } from './federation-kv.store';
import { FederationAccounts } from './federation-accounts.service';
import { FederationFollowing } from './federation-following.service';
import { FederationRemoteReactions } from './federation-remote-reactions.service';
import { FederationInbox } from './federation-inbox.service';
import { activityTypeName, ACTOR_PATH, FOLLOWERS_PATH, NODEINFO_PATH, userIdOf } from './federation-paths';
import { FederationReviews } from './federation-reviews.service';
import { FederationInstanceActor, INSTANCE_ACTOR } from './federation-instance-actor';
import { FederationDomainsRepository } from './federation-domains.repository';
import { FederationSwitch } from './federation-switch';
import { FederationRepository } from './federation.repository';
import { recipientOfFollower } from './remote-actor-record';
import { RemoteActorsRepository } from './remote-actors.repository';
import { DatabaseMessageQueue } from './queue/database-message-queue';
import { FederationQueueRepository, type ClaimedMessage } from './queue/federation-queue.repository';

/** RSA for HTTP Signatures (what Mastodon checks), Ed25519 for Object Integrity Proofs. */
const KEY_ALGORITHMS = ['RSASSA-PKCS1-v1_5', 'Ed25519'] as const;
const FOLLOWERS_PAGE = 1000;
/** How long a departed person's keys still answer at their actor. */
const DEPARTURE_KEYS_KEPT_MS = 30 * 24 * 60 * 60_000;
const USERNAME_PATTERN = new RegExp(`^[A-Za-z0-9_.]{1,${LIMITS.usernameMax}}$`);

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Siplog in the fediverse (issue 30), while the switch is on (FEDERATION's default, or the admin's choice): every
 * active person is an ActivityPub actor (`@username@host` through WebFinger, an actor document with name, bio,
 * avatar and keys), and the instance answers NodeInfo. Built on Fedify, whose key-value store and message queue are
 * the app's database, so every node answers alike; the inbox, reviews and leaving people have services of their own.
 */
@Injectable()
export class FederationService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Federation');
  /** Null where federation cannot run (PUBLIC_URL is not https): no route answers, nothing is fetched. */
  readonly federation: Federation<void> | null;
  private readonly stopQueue = new AbortController();
  private queue: DatabaseMessageQueue | null = null;
  private queueRunning: Promise<void> | null = null;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly users: UserService,
    private readonly repository: FederationRepository,
    private readonly queueRepository: FederationQueueRepository,
    private readonly remoteActors: RemoteActorsRepository,
    private readonly inbox: FederationInbox,
    private readonly reviews: FederationReviews,
    private readonly federationSwitch: FederationSwitch,
    private readonly domains: FederationDomainsRepository,
    private readonly accounts: FederationAccounts,
    private readonly following: FederationFollowing,
    private readonly remoteLikes: FederationRemoteReactions,
    private readonly instanceActor: FederationInstanceActor,
  ) {
    this.federation = config.federation ? this.build(config.federation) : null;
    this.federationSwitch.onChange((enabled) => {
      if (enabled) this.queue?.wakeUp();
    });
  }

  /** Every node works the shared queue (deliveries, received activities, fan-outs) from start to stop. */
  async onApplicationBootstrap(): Promise<void> {
    if (!this.federation) return;
    const released = await this.queueRepository.releaseClaimsOfDeadWorkers();
    if (released > 0) this.logger.log(`${released} federation messages left in hand by a stopped process are due again`);
    this.queueRunning = this.federation.startQueue(undefined, { signal: this.stopQueue.signal });
  }

  /** Before the database closes: no new message is taken, and those in hand settle (or run again on the next start). */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopQueue.abort();
    await this.queueRunning;
  }

  /** Whether federation requests are answered now (the switch); null federation: never. */
  get on(): boolean {
    return this.federation !== null && this.federationSwitch.on;
  }

  private build(settings: FederationConfig): Federation<void> {
    // Paused while switched off; deliveries to a server the admin blocked are dropped when their turn comes.
    this.queue = new DatabaseMessageQueue(this.queueRepository, undefined, {
      paused: () => !this.federationSwitch.on,
      refuses: (claimed, message) => this.refusesDelivery(claimed, message),
    });
    const federation = createFederation<void>({
      kv: new DatabaseKvStore(this.repository),
      queue: this.queue,
      manuallyStartQueue: true,
      // Our queue retries each delivery with backoff, one at a time per server, and keeps what failed for the admin;
      // Fedify's breaker would re-queue held deliveries with their attempts reset and drop them after a week unseen.
      circuitBreaker: false,
      origin: settings.origin,
      allowPrivateAddress: settings.allowPrivateAddresses,
      userAgent: { software: 'Siplog' },
    });
    federation
      .setActorDispatcher(ACTOR_PATH, async (ctx, identifier) => {
        if (identifier === INSTANCE_ACTOR) return this.instanceActor.actor(ctx, settings.origin);
        const userId = userIdOf(identifier);
        const person = userId === null ? null : await this.users.federatedPerson({ id: userId });
        if (!person) return this.departedActor(ctx, identifier);
        const keys = await ctx.getActorKeyPairs(identifier);
        return this.actorOf(person, settings.origin, {
          id: ctx.getActorUri(identifier),
          inbox: ctx.getInboxUri(identifier),
          outbox: ctx.getOutboxUri(identifier),
          sharedInbox: ctx.getInboxUri(),
          followers: ctx.getFollowersUri(identifier),
          publicKey: keys[0]?.cryptographicKey ?? null,
          assertionMethods: keys.map((key) => key.multikey),
        });
      })
      .mapHandle(async (_ctx, username) => {
        // A handle that cannot be a username (a NUL, a slash…) is nobody, without asking the database.
        if (!USERNAME_PATTERN.test(username)) return null;
        const person = await this.users.federatedPerson({ username });
        return person ? String(person.id) : null;
      })
      .setKeyPairsDispatcher(async (_ctx, identifier) => {
        if (identifier === INSTANCE_ACTOR) return this.instanceActor.keyPairs();
        // Keys are made for people only: an inbox or actor path with anyone else's id has none.
        const userId = userIdOf(identifier);
        return userId === null || !(await this.users.federatedPerson({ id: userId })) ? [] : this.keyPairsOf(userId);
      });
    // Without a cursor (a fan-out), every accepted follower; over HTTP, pages of FOLLOWERS_PAGE.
    federation
      .setFollowersDispatcher(FOLLOWERS_PATH, async (_ctx, identifier, cursor) => {
        const userId = userIdOf(identifier);
        if (userId === null) return null;
        if (cursor === null) return { items: (await this.remoteActors.allFollowersOf(userId)).map(recipientOfFollower) };
        const after = Number(cursor) || 0;
        const page = await this.remoteActors.followersOf(userId, after, FOLLOWERS_PAGE);
        return { items: page.map(recipientOfFollower), nextCursor: page.length === FOLLOWERS_PAGE ? String(page[page.length - 1].actorId) : null };
      })
      .setCounter(async (_ctx, identifier) => {
        const userId = userIdOf(identifier);
        return userId === null ? null : this.remoteActors.countFollowers(userId);
      })
      .setFirstCursor(() => '0');
    this.inbox.register(federation);
    this.reviews.register(federation);
    this.accounts.register(federation);
    this.following.register(federation);
    this.remoteLikes.register(federation);
    federation.setNodeInfoDispatcher(NODEINFO_PATH, async () => {
      const usage = await this.users.federationUsage();
      return {
        software: { name: 'siplog', version: '1.0.0', homepage: new URL(settings.origin) },
        protocols: ['activitypub'],
        openRegistrations: true,
        usage: { users: { total: usage.people }, localPosts: usage.reviews, localComments: 0 },
      };
    });
    return federation;
  }

  private actorOf(
    person: FederatedPerson,
    origin: string,
    signing: { id: URL; inbox: URL; outbox: URL; sharedInbox: URL; followers: URL; publicKey: CryptographicKey | null; assertionMethods: Multikey[] },
  ): Person {
    const profile = new URL(`/user/${encodeURIComponent(person.username)}`, origin);
    return new Person({
      id: signing.id,
      preferredUsername: person.username,
      name: person.name,
      summary: person.bio ? `<p>${escapeHtml(person.bio)}</p>` : null,
      url: profile,
      icon: person.hasAvatar ? new Image({ url: new URL(`/api/showimage/profileimage/${encodeURIComponent(person.username)}`, origin) }) : null,
      manuallyApprovesFollowers: person.approvesFollowers,
      discoverable: true,
      publicKey: signing.publicKey,
      assertionMethods: signing.assertionMethods,
      inbox: signing.inbox,
      outbox: signing.outbox,
      followers: signing.followers,
      published: Temporal.Instant.fromEpochMilliseconds(person.joinedAt.getTime()),
      endpoints: new Endpoints({ sharedInbox: signing.sharedInbox }),
    });
  }

  /**
   * Someone who left (erased or suspended) in the last 30 days: an actor with their public keys alone and nothing of
   * the person, so a server checking their Delete's signature after they are gone can still verify it.
   */
  private async departedActor(ctx: Context<void>, identifier: string): Promise<Person | null> {
    const keys = await this.repository.departure(identifier, Date.now() - DEPARTURE_KEYS_KEPT_MS);
    if (!keys) return null;
    const id = ctx.getActorUri(identifier);
    const publicKeys: webcrypto.CryptoKey[] = await Promise.all(keys.map((jwk) => importJwk(JSON.parse(jwk) as webcrypto.JsonWebKey, 'public')));
    const rsa = publicKeys.find((key) => key.algorithm.name === 'RSASSA-PKCS1-v1_5');
    return new Person({
      id,
      inbox: ctx.getInboxUri(identifier),
      publicKey: rsa ? new CryptographicKey({ id: new URL('#main-key', id), owner: id, publicKey: rsa }) : null,
      assertionMethods: publicKeys
        .filter((key) => key.algorithm.name === 'Ed25519')
        .map((key) => new Multikey({ id: new URL('#key-2', id), controller: id, publicKey: key })),
    });
  }

  /**
   * A delivery dropped when its turn comes: to a server the admin blocked, or from a person suspended or gone since
   * (anything but the Delete that tells their followers so).
   */
  private async refusesDelivery(claimed: ClaimedMessage, message: unknown): Promise<boolean> {
    if (claimed.kind !== 'outbox') return false;
    if (claimed.targetHost !== null && (await this.domains.policyOf(claimed.targetHost)) === 'block') return true;
    // The queue has parsed the stored message already: read it as Fedify's outbox message.
    const outbox = message as { activityType?: string; keys?: Array<{ keyId?: string }> };
    if (activityTypeName(outbox.activityType) === 'Delete') return false;
    const keyId = outbox.keys?.[0]?.keyId;
    const parsed = keyId ? this.federation?.createContext(new URL(keyId), undefined).parseUri(new URL(keyId)) : null;
    const senderId = parsed?.type === 'actor' ? userIdOf(parsed.identifier) : null;
    return senderId !== null && (await this.users.federatedPerson({ id: senderId })) === null;
  }

  /** The person's key pairs, made and kept on first use (the first node to keep one wins; every node signs alike). */
  private async keyPairsOf(userId: number): Promise<webcrypto.CryptoKeyPair[]> {
    let stored = await this.repository.findKeyPairs(userId);
    const missing = KEY_ALGORITHMS.filter((algorithm) => !stored.some((pair) => pair.algorithm === algorithm));
    if (missing.length > 0) {
      for (const algorithm of missing) {
        const pair = await generateCryptoKeyPair(algorithm);
        await this.repository.keepKeyPair(userId, {
          algorithm,
          publicJwk: JSON.stringify(await exportJwk(pair.publicKey)),
          privateJwk: JSON.stringify(await exportJwk(pair.privateKey)),
        });
      }
      stored = await this.repository.findKeyPairs(userId);
    }
    const ordered = KEY_ALGORITHMS.map((algorithm) => stored.find((pair) => pair.algorithm === algorithm)).filter((pair) => pair !== undefined);
    return Promise.all(
      ordered.map(async (pair) => ({
        publicKey: await importJwk(JSON.parse(pair.publicJwk) as webcrypto.JsonWebKey, 'public'),
        privateKey: await importJwk(JSON.parse(pair.privateJwk) as webcrypto.JsonWebKey, 'private'),
      })),
    );
  }
}
