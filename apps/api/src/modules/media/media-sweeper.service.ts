import fs from 'node:fs/promises';
import path from 'node:path';
import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type AppConfig, type HttpTimeouts } from '../../config/app.config';
import { failureReason } from './blob-store';
import { IMAGE_FOLDERS, IMAGE_VARIANTS, ImageStore, type ImageFolder } from './image-store';
import { MediaRepository } from './media.repository';

/**
 * How long a request may still be at work once its body has arrived (REQUEST_TIMEOUT_MS caps the arrival): waiting
 * for its share of the decode budget, encoding, putting each size in the store, the transaction that writes the rows.
 * Seconds in practice; an hour leaves no doubt.
 */
const PROCESSING_ALLOWANCE_MS = 60 * 60 * 1000;

/** How often each node sweeps, after the sweep at start-up. */
export const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** Folders below DATA_DIR/tmp walked at most this deep (uploads/ and media/ are one level). */
const TEMP_DEPTH_MAX = 4;

/**
 * Older than any request can be (see PROCESSING_ALLOWANCE_MS): a file this old that no row names was left by a
 * request that died (a kill -9, a crash, a failed clean-up), never one a request of any node is still writing or
 * about to record, so several nodes sharing one store may each sweep it.
 */
export function orphanMinAgeMs(timeouts: Pick<HttpTimeouts, 'requestMs'>): number {
  return timeouts.requestMs + PROCESSING_ALLOWANCE_MS;
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const VARIANT_SUFFIXES = Object.values(IMAGE_VARIANTS)
  .map(({ suffix }) => escaped(suffix))
  .filter(Boolean)
  .join('|');
/** A stored size of an image: `<32 hex>[.card|.thumb].webp`; group 1 is the name rows hold without the size. */
const STORED_FILE = new RegExp(`^([a-f0-9]{32})(?:${VARIANT_SUFFIXES})?\\.webp$`);
/** LocalBlobStore's file being written before its rename (`<file>.<12 hex>.part`): no row ever names one. */
const PUT_LEFTOVER = new RegExp(`^[a-f0-9]{32}(?:${VARIANT_SUFFIXES})?\\.webp\\.[a-f0-9]{12}\\.part$`);

export interface SweepCounts {
  /** Files looked at. */
  scanned: number;
  removed: number;
  /** Files that were to go but could not be removed (logged; the next sweep tries again). */
  failed: number;
}

export interface SweepResult {
  photos: SweepCounts;
  temp: SweepCounts;
}

const noCounts = (): SweepCounts => ({ scanned: 0, removed: 0, failed: 0 });

/**
 * Removes what a request that died leaves behind (issue 26: a kill -9 mid-upload): photo files in the media store
 * that no row names (the sizes are stored before the rows are written, and removed after rows are deleted) and
 * received uploads and encoder output under DATA_DIR/tmp. At start-up and every SWEEP_EVERY_MS, only files older
 * than orphanMinAgeMs, on the local folder or the bucket alike; what was removed is logged with its counts.
 */
@Injectable()
export class MediaSweeper implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(MediaSweeper.name);
  readonly minAgeMs: number;
  private readonly tempDir: string;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopping = false;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly images: ImageStore,
    private readonly media: MediaRepository,
  ) {
    this.minAgeMs = orphanMinAgeMs(config.httpTimeouts);
    this.tempDir = path.join(config.dataDir, 'tmp');
  }

  onApplicationBootstrap(): void {
    // Not awaited: listing a large bucket must not hold up the start.
    this.startSweep();
    this.timer = setInterval(() => this.startSweep(), SWEEP_EVERY_MS);
    this.timer.unref();
  }

  /** Before the store and the database close: the sweep under way stops at its next page. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    clearInterval(this.timer);
    await this.running;
  }

  /** One sweep of the store's folders and the temp folder, for files last written before `now` - minAgeMs. */
  async sweep(now = new Date()): Promise<SweepResult> {
    const cutoff = now.getTime() - this.minAgeMs;
    const photos = noCounts();
    for (const folder of IMAGE_FOLDERS) await this.sweepFolder(folder, cutoff, photos);
    const temp = noCounts();
    await this.sweepTemp(this.tempDir, cutoff, temp, 0);
    if (photos.removed + photos.failed + temp.removed + temp.failed > 0) {
      const failed = (counts: SweepCounts) => (counts.failed ? `, ${counts.failed} could not be removed` : '');
      const minutes = Math.round(this.minAgeMs / 60_000);
      this.logger.log(
        `Swept files older than ${minutes} min: ${photos.removed} orphaned photo files of ${photos.scanned} in ${this.images.blobs.description}${failed(photos)}; ` +
          `${temp.removed} temporary files of ${temp.scanned} in ${this.tempDir}${failed(temp)}`,
      );
    }
    return { photos, temp };
  }

  private startSweep(): void {
    if (this.running || this.stopping) return;
    this.running = this.sweep()
      .then(() => undefined)
      .catch((error: unknown) => this.logger.warn(`The media sweep stopped: ${failureReason(error)}`))
      .finally(() => (this.running = undefined));
  }

  /** A page of the folder at a time: the old files whose image no row names, and leftovers of interrupted writes. */
  private async sweepFolder(folder: ImageFolder, cutoff: number, counts: SweepCounts): Promise<void> {
    for await (const page of this.images.blobs.list(folder)) {
      if (this.stopping) return;
      counts.scanned += page.length;
      const keysByName = new Map<string, string[]>();
      const doomed: string[] = [];
      for (const { key, lastModified } of page) {
        if (lastModified.getTime() >= cutoff) continue;
        const file = key.slice(folder.length + 1);
        const stored = STORED_FILE.exec(file);
        if (stored) keysByName.set(`${stored[1]}.webp`, [...(keysByName.get(`${stored[1]}.webp`) ?? []), key]);
        else if (PUT_LEFTOVER.test(file)) doomed.push(key);
        // Anything else was not made by the server: left alone.
      }
      const referenced = await this.media.referencedNames(folder, [...keysByName.keys()]);
      for (const [name, keys] of keysByName) if (!referenced.has(name)) doomed.push(...keys);
      const failures = await this.images.blobs.deleteMany(doomed);
      for (const { key, reason } of failures) this.logger.warn(`Could not remove the orphaned ${key}: ${reason}`);
      counts.removed += doomed.length - failures.length;
      counts.failed += failures.length;
    }
  }

  /** Every file below DATA_DIR/tmp last written before the cutoff: no request owns it any more. */
  private async sweepTemp(dir: string, cutoff: number, counts: SweepCounts, depth: number): Promise<void> {
    const entries = await fs.opendir(dir).catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    });
    if (!entries) return;
    for await (const entry of entries) {
      if (this.stopping) return;
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (depth < TEMP_DEPTH_MAX) await this.sweepTemp(file, cutoff, counts, depth + 1);
        continue;
      }
      if (!entry.isFile()) continue;
      counts.scanned += 1;
      try {
        if ((await fs.stat(file)).mtimeMs >= cutoff) continue;
        await fs.rm(file, { force: true });
        counts.removed += 1;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue; // its request finished meanwhile
        counts.failed += 1;
        this.logger.warn(`Could not remove the temporary ${file}: ${failureReason(error)}`);
      }
    }
  }
}
