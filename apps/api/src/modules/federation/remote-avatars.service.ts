import { Inject, Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { LIMITS } from '@siplog/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';
import { ImageStore } from '../media/image-store';
import { REMOTE_AVATAR_FOLDER } from '../media/remote-avatar-url';
import { reasonOf, REMOTE_IMAGE_FETCH_TIMEOUT_MS, RemoteImageFetcher, RemoteImageRefused } from '../media/remote-image-fetch';
import { RemoteAvatarsRepository } from './remote-avatars.repository';

/** The whole fetch of an avatar, redirects and body included. */
export const AVATAR_FETCH_TIMEOUT_MS = REMOTE_IMAGE_FETCH_TIMEOUT_MS;
/** A remote avatar may be as large as a profile picture uploaded here. */
export const AVATAR_BYTES_MAX = LIMITS.profileImageBytesMax;
/** People waiting for their avatar; past this, a request is dropped (their next activity asks again). */
const PEOPLE_WAITING_MAX = 1000;
/** An icon whose fetch failed for a passing reason (a timeout, a 503) is not tried again for this long. */
const RETRY_AFTER_FAILURE_MS = 60 * 60 * 1000;
/** The stored copy lives with local profile pictures: the media sweeper counts remote_actors.avatar_file as a reference. */
const AVATAR_FOLDER = REMOTE_AVATAR_FOLDER;

/** What one avatar check did. */
export type RemoteAvatarOutcome =
  /** Fetched and stored; the previous copy, if any, removed. */
  | { kind: 'stored'; file: string }
  /** Nothing to do: the copy we hold is of the current icon (or the person has none and we hold none). */
  | { kind: 'unchanged' }
  /** The person no longer has an icon: our copy was removed. */
  | { kind: 'cleared' }
  /** The icon can never be stored (not an image, too large, a private address...): recorded, never fetched again. */
  | { kind: 'refused'; reason: string }
  /** A passing failure (a timeout, the server down, our store failing): tried again on a later activity. */
  | { kind: 'failed'; reason: string }
  /** Not tried now: shutting down, too many waiting, failed recently, the person forgotten, or overtaken by a newer change. */
  | { kind: 'skipped'; reason: string };

/**
 * Remote people's avatars (issue 30), fetched once from their server through the image pipeline (metadata stripped,
 * sizes made) and served from our store, so a page showing them asks nothing of other servers. Called after a remote
 * person is kept; the work runs off the request path, one fetch at a time per person (a request arriving meanwhile
 * is answered by one more check once it ends, which finds the icon stored), and an icon is fetched once: stored,
 * or refused for good (recorded as the source with no file).
 *
 * A copy whose person is forgotten (RemoteActorsRepository.forget) is no longer referenced and goes with the media
 * sweeper's next pass (media-sweeper.service.ts), as every unreferenced photo does.
 */
@Injectable()
export class RemoteAvatars implements BeforeApplicationShutdown {
  private readonly logger = new Logger('RemoteAvatars');
  private readonly fetcher: RemoteImageFetcher;
  /** Per person: the check under way, and the one that follows it when asked again meanwhile. */
  private readonly turns = new Map<number, { running: Promise<RemoteAvatarOutcome>; next?: Promise<RemoteAvatarOutcome> }>();
  /** `${actorId} ${icon}` of fetches that failed for a passing reason lately. */
  private readonly failedLately = new LRUCache<string, true>({ max: 10_000, ttl: RETRY_AFTER_FAILURE_MS });
  private readonly stopping = new AbortController();

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly images: ImageStore,
    private readonly repository: RemoteAvatarsRepository,
  ) {
    this.fetcher = new RemoteImageFetcher(images, {
      allowPrivateAddresses: config.federation?.allowPrivateAddresses ?? false,
      origin: config.federation?.origin ?? config.publicUrl,
    });
  }

  /**
   * Brings the stored copy of a kept remote person's avatar up to date with their icon. Never rejects (what goes wrong
   * is logged), so it may be left unawaited; it resolves with what was done, once the check it joined is over.
   */
  refresh(actorId: number): Promise<RemoteAvatarOutcome> {
    if (this.stopping.signal.aborted) return Promise.resolve({ kind: 'skipped', reason: 'shutting down' });
    const turn = this.turns.get(actorId);
    if (!turn) {
      if (this.turns.size >= PEOPLE_WAITING_MAX) {
        this.logger.debug(`Avatar of remote person ${actorId} not fetched: ${PEOPLE_WAITING_MAX} people waiting already`);
        return Promise.resolve({ kind: 'skipped', reason: 'too many waiting' });
      }
      const running = this.start(actorId);
      this.turns.set(actorId, { running });
      return running;
    }
    // A check not started yet reads the row when it starts, so one more is enough for any number of requests.
    return (turn.next ??= turn.running.then(() => {
      turn.next = undefined;
      return (turn.running = this.start(actorId));
    }));
  }

  /** Stops fetching: what is under way is aborted and awaited, so nothing writes once the database closes. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping.abort();
    while (this.turns.size > 0) await Promise.all([...this.turns.values()].map((turn) => turn.next ?? turn.running));
  }

  private start(actorId: number): Promise<RemoteAvatarOutcome> {
    const done = this.check(actorId).catch((error: unknown): RemoteAvatarOutcome => {
      this.logger.warn(`Avatar of remote person ${actorId} failed: ${reasonOf(error)}`);
      return { kind: 'failed', reason: reasonOf(error) };
    });
    // Registered before any `next` is chained on it: it sees whether one is waiting.
    void done.then(() => {
      const turn = this.turns.get(actorId);
      if (turn?.running === done && !turn.next) this.turns.delete(actorId);
    });
    return done;
  }

  private async check(actorId: number): Promise<RemoteAvatarOutcome> {
    if (this.stopping.signal.aborted) return { kind: 'skipped', reason: 'shutting down' };
    const seen = await this.repository.stateOf(actorId);
    if (!seen) return { kind: 'skipped', reason: 'the person is forgotten' };
    const icon = seen.iconUrl;
    if (icon === null) {
      if (seen.avatarFile === null && seen.avatarSource === null) return { kind: 'unchanged' };
      if (!(await this.repository.record(actorId, seen, null, null))) return { kind: 'skipped', reason: 'changed meanwhile' };
      await this.removeCopy(seen.avatarFile);
      return { kind: 'cleared' };
    }
    if (icon === seen.avatarSource) return { kind: 'unchanged' };
    const failureKey = `${actorId} ${icon}`;
    if (this.failedLately.has(failureKey)) return { kind: 'skipped', reason: 'failed lately' };

    let file: string;
    try {
      file = await this.fetcher.fetchAndStore(icon, { folder: AVATAR_FOLDER, bytesMax: AVATAR_BYTES_MAX, signal: this.stopping.signal });
    } catch (error) {
      const reason = reasonOf(error);
      if (error instanceof RemoteImageRefused) {
        this.logger.log(`Avatar ${icon} of remote person ${actorId} refused: ${reason}`);
        if (await this.repository.record(actorId, seen, null, icon)) await this.removeCopy(seen.avatarFile);
        return { kind: 'refused', reason };
      }
      if (this.stopping.signal.aborted) return { kind: 'skipped', reason: 'shutting down' };
      this.failedLately.set(failureKey, true);
      this.logger.log(`Avatar ${icon} of remote person ${actorId} not fetched, tried again later: ${reason}`);
      return { kind: 'failed', reason };
    }
    if (!(await this.repository.record(actorId, seen, file, icon))) {
      await this.removeCopy(file);
      return { kind: 'skipped', reason: 'changed meanwhile' };
    }
    await this.removeCopy(seen.avatarFile);
    this.logger.debug(`Avatar ${icon} of remote person ${actorId} stored as ${file}`);
    return { kind: 'stored', file };
  }

  private async removeCopy(file: string | null): Promise<void> {
    if (file !== null) await this.images.remove(AVATAR_FOLDER, file);
  }
}
