import { randomUUID } from 'node:crypto';
import { Temporal } from '@js-temporal/polyfill';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { createFederation, generateCryptoKeyPair, MemoryKvStore, signRequest, type Context } from '@fedify/fedify';
import { Accept, Activity, Create, Delete, Document, Endpoints, Follow, Image, isActor, Like, Mention, Note, Person, Place, PUBLIC_COLLECTION, Reject, Tombstone, Undo, Update, type Actor } from '@fedify/fedify/vocab';

/** One activity as the peer's inbox received it, with its JSON-LD as sent (compacted). */
export interface Received {
  type: string;
  activity: Activity;
  json: Record<string, any>;
}

/** A post as the peer writes it: its HTML and, for a review, the place it is at and its photos. */
export interface PeerNote {
  html: string;
  place?: { name: string; lat: number; lng: number; address?: string; url?: string };
  /**
   * Attachments in order: an `Image` (a `Document`, as Mastodon sends them, when `document`) at `url` (a path on the
   * peer, such as one served with `serveMedia`, or a full URL), `alt` as its name.
   */
  images?: Array<{ url: string; alt?: string; mediaType?: string; document?: boolean }>;
}

export interface FediversePeer {
  origin: string;
  /** The plain http port the peer listens on (its TLS front points here). */
  port: number;
  /** ann's actor URI. */
  actorUri: URL;
  received: Received[];
  /** ann follows `handle` (`@user@host`): looked up by WebFinger, then a signed Follow; answers the Follow. */
  follow(handle: string): Promise<{ target: Actor; follow: Follow }>;
  /** ann takes a follow back. */
  unfollow(target: Actor, follow: Follow): Promise<void>;
  /** ann likes the Note at `noteUri` (fetched first, as Mastodon does); the Like goes to its author. */
  like(noteUri: string): Promise<{ like: Like; author: Actor }>;
  /** ann takes a like back (an Undo with the Like inside, as Mastodon sends it). */
  unlike(liked: { like: Like; author: Actor }): Promise<void>;
  /** ann replies publicly to the Note at `noteUri` with `html`, mentioning its author as Mastodon does; the Create goes to its author. */
  reply(noteUri: string, html: string): Promise<{ reply: Note; author: Actor }>;
  /** ann answers a Follow her inbox received: an Accept, or a Reject (Mastodon's for a locked account's declined request). */
  answerFollow(received: Received, accept: boolean): Promise<void>;
  /**
   * ann posts publicly and delivers it to `toActor` (an actor URI, as to a follower): a Note with `html`, and a `Place`
   * location when given (as another Siplog sends a review). `update` sends it again as an Update of the same Note.
   */
  post(toActor: string, note: PeerNote): Promise<Note>;
  /** With `images`, the edited Note carries these attachments instead (same shapes as `post`'s). */
  update(toActor: string, note: Note, html: string, images?: PeerNote['images']): Promise<void>;
  /** ann deletes a post she delivered to `toActor`. */
  deletePost(toActor: string, note: Note): Promise<void>;
  /** ann deletes a reply (a Delete with a Tombstone, as Mastodon sends it). */
  deleteReply(replied: { reply: Note; author: Actor }): Promise<void>;
  /**
   * POSTs `json` to `inbox` as Mastodon does: signed by ann's RSA key (draft-cavage HTTP Signatures, with a Digest), at
   * `options.signedAt` (a replay). `tamper` changes the body after signing (a forged or corrupted request).
   */
  postSigned(inbox: string, json: unknown, options?: { tamper?: (body: string) => string; signedAt?: Date }): Promise<Response>;
  /**
   * From now on the peer takes in what its inbox receives but answers nothing until `release` (a sender that dies
   * mid-delivery never hears the 202).
   */
  hold(): { release: () => void };
  /** Serves `body` at /media/`name` (`name` ends in .png) with `contentType` (image/png unless told). */
  serveMedia(name: string, body: Buffer, contentType?: string): void;
  /** How many times /media/`name` was asked for. */
  mediaRequests(name: string): number;
  /** Waits (bounded) for an activity matching `match`. */
  waitFor(match: (received: Received) => boolean, what: string, ms?: number): Promise<Received>;
  close(): Promise<void>;
}

/**
 * A small ActivityPub server shaped like a Mastodon account, for tests: one person, `ann`, with an RSA key and a
 * shared inbox, who signs with the draft-cavage HTTP Signatures Mastodon uses first and keeps what her inbox gets.
 * Built on Fedify like Siplog, but configured as Mastodon behaves; served over plain http behind a TLS front.
 */
export async function startFediversePeer(origin: string): Promise<FediversePeer> {
  const keys = [await generateCryptoKeyPair('RSASSA-PKCS1-v1_5'), await generateCryptoKeyPair('Ed25519')];
  const received: Received[] = [];
  const waiters = new Set<() => void>();
  const federation = createFederation<void>({
    kv: new MemoryKvStore(),
    origin,
    allowPrivateAddress: true,
    firstKnock: 'draft-cavage-http-signatures-12',
  });
  federation
    .setActorDispatcher('/users/{identifier}', async (ctx, identifier) => {
      if (identifier !== 'ann') return null;
      const pairs = await ctx.getActorKeyPairs(identifier);
      return new Person({
        id: ctx.getActorUri(identifier),
        preferredUsername: 'ann',
        name: 'Ann Peer',
        url: new URL('/@ann', origin),
        icon: new Image({ url: new URL('/avatars/ann.png', origin), mediaType: 'image/png' }),
        inbox: ctx.getInboxUri(identifier),
        endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        publicKey: pairs[0].cryptographicKey,
        assertionMethods: pairs.map((pair) => pair.multikey),
      });
    })
    .setKeyPairsDispatcher(async (_ctx, identifier) => (identifier === 'ann' ? keys : []));
  federation.setInboxListeners('/users/{identifier}/inbox', '/inbox').on(Activity, async (_ctx, activity) => {
    received.push({ type: activity.constructor.name, activity, json: (await activity.toJsonLd({ format: 'compact' })) as Record<string, any> });
    for (const wake of waiters) wake();
  });

  const media = new Map<string, { body: Buffer; contentType: string }>();
  const mediaAsked = new Map<string, number>();
  let held: Promise<void> | null = null;
  const server = http.createServer((req, res) => {
    const mediaName = /^\/media\/([\w.-]+\.png)$/.exec(req.url ?? '')?.[1];
    if (mediaName && (req.method === 'GET' || req.method === 'HEAD')) {
      mediaAsked.set(mediaName, (mediaAsked.get(mediaName) ?? 0) + 1);
      const served = media.get(mediaName);
      if (!served) return void res.writeHead(404).end();
      return void res.writeHead(200, { 'Content-Type': served.contentType, 'Content-Length': served.body.length }).end(req.method === 'HEAD' ? undefined : served.body);
    }
    const headers = new Headers();
    for (const [key, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(key, value);
    const bodyless = req.method === 'GET' || req.method === 'HEAD';
    const request = new Request(new URL(req.url ?? '/', origin), {
      method: req.method,
      headers,
      ...(bodyless ? {} : { body: Readable.toWeb(req) as ReadableStream, duplex: 'half' }),
    } as RequestInit);
    void federation.fetch(request, { contextData: undefined }).then(async (response) => {
      if (held && req.method === 'POST') await held;
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const context = (): Context<void> => federation.createContext(new URL(origin), undefined);

  return {
    origin,
    port,
    actorUri: context().getActorUri('ann'),
    received,
    async follow(handle) {
      const ctx = context();
      const target = await ctx.lookupObject(handle);
      if (!isActor(target) || !target.id) throw new Error(`${handle} is not an actor`);
      const follow = new Follow({ id: new URL(`/follows/${randomUUID()}`, origin), actor: ctx.getActorUri('ann'), object: target.id });
      await ctx.sendActivity({ identifier: 'ann' }, target, follow);
      return { target, follow };
    },
    async unfollow(target, follow) {
      const ctx = context();
      await ctx.sendActivity({ identifier: 'ann' }, target, new Undo({ id: new URL(`/undos/${randomUUID()}`, origin), actor: ctx.getActorUri('ann'), object: follow }));
    },
    async like(noteUri) {
      const ctx = context();
      const author = await authorOf(ctx, noteUri);
      const like = new Like({ id: new URL(`/likes/${randomUUID()}`, origin), actor: ctx.getActorUri('ann'), object: new URL(noteUri) });
      await ctx.sendActivity({ identifier: 'ann' }, author, like);
      return { like, author };
    },
    async unlike({ like, author }) {
      const ctx = context();
      await ctx.sendActivity({ identifier: 'ann' }, author, new Undo({ id: new URL(`/undos/${randomUUID()}`, origin), actor: ctx.getActorUri('ann'), object: like }));
    },
    async reply(noteUri, html) {
      const ctx = context();
      const author = await authorOf(ctx, noteUri);
      const id = new URL(`/users/ann/statuses/${randomUUID()}`, origin);
      const reply = new Note({
        id,
        attribution: ctx.getActorUri('ann'),
        replyTarget: new URL(noteUri),
        content: html,
        published: Temporal.Now.instant(),
        to: new URL('/users/ann/followers', origin),
        ccs: [PUBLIC_COLLECTION, author.id!],
        tags: [new Mention({ href: author.id, name: `@${author.preferredUsername}` })],
      });
      await ctx.sendActivity({ identifier: 'ann' }, author, new Create({ id: new URL(`${id.href}/activity`), actor: ctx.getActorUri('ann'), object: reply, to: reply.toId, ccs: reply.ccIds }));
      return { reply, author };
    },
    async answerFollow(received, accept) {
      const ctx = context();
      const follow = received.activity;
      if (!(follow instanceof Follow)) throw new Error(`${received.type} is not a Follow`);
      const follower = await follow.getActor({ documentLoader: ctx.documentLoader });
      if (!follower) throw new Error('the Follow has no actor');
      const Answer = accept ? Accept : Reject;
      await ctx.sendActivity({ identifier: 'ann' }, follower, new Answer({ id: new URL(`/answers/${randomUUID()}`, origin), actor: ctx.getActorUri('ann'), object: follow }));
    },
    async post(toActor, { html, place, images = [] }) {
      const ctx = context();
      const id = new URL(`/users/ann/statuses/${randomUUID()}`, origin);
      const note = new Note({
        id,
        attribution: ctx.getActorUri('ann'),
        content: html,
        url: new URL(`/@ann/${id.pathname.split('/').pop()}`, origin),
        published: Temporal.Now.instant(),
        to: PUBLIC_COLLECTION,
        ccs: [new URL('/users/ann/followers', origin)],
        location: place
          ? new Place({ name: place.name, latitude: place.lat, longitude: place.lng, summary: place.address ?? null, url: place.url ? new URL(place.url) : null })
          : null,
        attachments: attachmentsOf(images, origin),
      });
      const recipient = await ctx.lookupObject(toActor);
      if (!recipient || !isActor(recipient)) throw new Error(`${toActor} is not an actor`);
      await ctx.sendActivity({ identifier: 'ann' }, recipient, new Create({ id: new URL(`${id.href}/activity`), actor: ctx.getActorUri('ann'), object: note, to: PUBLIC_COLLECTION, ccs: note.ccIds }));
      return note;
    },
    async update(toActor, note, html, images) {
      const ctx = context();
      const recipient = await ctx.lookupObject(toActor);
      if (!recipient || !isActor(recipient)) throw new Error(`${toActor} is not an actor`);
      const edited = note.clone({ content: html, updated: Temporal.Now.instant(), ...(images && { attachments: attachmentsOf(images, origin) }) });
      await ctx.sendActivity({ identifier: 'ann' }, recipient, new Update({ id: new URL(`${note.id!.href}#updates/${randomUUID()}`), actor: ctx.getActorUri('ann'), object: edited, to: PUBLIC_COLLECTION }));
    },
    async deletePost(toActor, note) {
      const ctx = context();
      const recipient = await ctx.lookupObject(toActor);
      if (!recipient || !isActor(recipient)) throw new Error(`${toActor} is not an actor`);
      await ctx.sendActivity({ identifier: 'ann' }, recipient, new Delete({ id: new URL(`${note.id!.href}#delete`), actor: ctx.getActorUri('ann'), to: PUBLIC_COLLECTION, object: new Tombstone({ id: note.id }) }));
    },
    async deleteReply({ reply, author }) {
      const ctx = context();
      const deletion = new Delete({ id: new URL(`${reply.id!.href}#delete`), actor: ctx.getActorUri('ann'), to: PUBLIC_COLLECTION, object: new Tombstone({ id: reply.id }) });
      await ctx.sendActivity({ identifier: 'ann' }, author, deletion);
    },
    hold() {
      let release!: () => void;
      held = new Promise<void>((resolve) => (release = resolve));
      return {
        release: () => {
          held = null;
          release();
        },
      };
    },
    async postSigned(inbox, json, options = {}) {
      const body = JSON.stringify(json);
      const unsigned = new Request(inbox, { method: 'POST', headers: { 'Content-Type': 'application/activity+json', Accept: 'application/activity+json' }, body });
      const signedAt = options.signedAt ? (Temporal.Instant.fromEpochMilliseconds(options.signedAt.getTime()) as never) : undefined;
      const signed = await signRequest(unsigned, keys[0].privateKey, new URL(`${context().getActorUri('ann').href}#main-key`), {
        spec: 'draft-cavage-http-signatures-12',
        currentTime: signedAt,
      });
      const sentBody = options.tamper ? options.tamper(body) : body;
      return fetch(signed.url, { method: 'POST', headers: signed.headers, body: sentBody });
    },
    serveMedia(name, body, contentType = 'image/png') {
      media.set(name, { body, contentType });
    },
    mediaRequests: (name) => mediaAsked.get(name) ?? 0,
    async waitFor(match, what, ms = 10_000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = received.find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`the peer did not receive ${what}; it has ${received.map((item) => item.type).join(', ') || 'nothing'}`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, 100);
          waiters.add(wake);
        });
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A post's photos as attachments: an `Image`, or a `Document` as Mastodon sends them. */
function attachmentsOf(images: NonNullable<PeerNote['images']>, origin: string): Array<Image | Document> {
  return images.map(({ url, alt, mediaType, document }) => {
    const Attachment = document ? Document : Image;
    return new Attachment({ url: new URL(url, origin), name: alt ?? null, mediaType: mediaType ?? null });
  });
}

/** The author of the Note at `noteUri`, fetched first as Mastodon does. */
async function authorOf(ctx: Context<void>, noteUri: string): Promise<Actor> {
  const note = await ctx.lookupObject(noteUri);
  if (!(note instanceof Note)) throw new Error(`${noteUri} is not a Note`);
  const author = await note.getAttribution();
  if (!author || !isActor(author)) throw new Error(`${noteUri} has no author`);
  return author;
}
