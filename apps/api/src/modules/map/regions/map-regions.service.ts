import fs from 'node:fs';
import path from 'node:path';
import type { ExtractProgress } from '@siplog/basemap';
import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import {
  isRegionSlug,
  MAP_REGION_MESSAGES,
  type MapRegionJob,
  type MapRegionsAnswer,
} from '@siplog/contracts';
import { AppError } from '../../../common/app-error';
import { APP_CONFIG, type AppConfig } from '../../../config/app.config';
import { EventBus } from '../../events/event-bus.service';
import type { BlobStore } from '../../media/blob-store';
import { BLOB_STORE } from '../../media/media.module';
import { PublicCacheService } from '../../public-cache/public-cache.service';
import { STALE_AFTER } from '../../public-cache/public-cache.tags';
import { GazetteerService } from '../gazetteer.service';
import { drawsEmbeddedMap } from '../map.service';
import { fetchRegion, fileTargetOf, type RegionFileTarget } from './region-fetch';
import { RegionMirror } from './region-mirror';
import { regionFileName, RegionShelf } from './region-shelf';
import { regionTargetOf, type RegionTarget } from './region-where';

/** How often a job tells the other nodes how far it got, and how long a job nobody speaks of is still shown. */
const PROGRESS_EVERY_MS = 500;
const JOB_SILENT_MS = 120_000;
/** With regions in the bucket: how often a node looks for regions another node (or the CLI) added or removed. */
const MIRROR_SYNC_MS = 60_000;
const WATCH_SETTLE_MS = 250;

/**
 * Map regions (issue 29): the streets of an operator's own area, fetched once from a Protomaps basemap build and
 * served from DATA_DIR/map with the embedded map. This node's shelf (RegionShelf, which MapService reads) answers tiles; jobs fetch in the background and
 * tell every node their progress, so any node's admin panel shows it; with MEDIA_STORE=s3 the bucket holds the list.
 */
@Injectable()
export class MapRegionsService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('MapRegions');
  private readonly mirror: RegionMirror | null;
  /** Every node's jobs, as last heard, by slug. */
  private readonly jobs = new Map<string, MapRegionJob>();
  /** The jobs this node runs. */
  private readonly running = new Map<string, AbortController>();
  private watcher: fs.FSWatcher | null = null;
  private settleTimer: NodeJS.Timeout | null = null;
  private syncTimer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly gazetteer: GazetteerService,
    private readonly events: EventBus,
    private readonly cache: PublicCacheService,
    private readonly shelf: RegionShelf,
    @Inject(BLOB_STORE) blobs: BlobStore,
  ) {
    this.mirror = config.mediaStore ? new RegionMirror(blobs, config.mapDir) : null;
  }

  onModuleInit(): void {
    this.shelf.reload();
    if (!this.shelf.isEmpty) this.logger.log(`Serving ${this.shelf.list().length} map region(s) from ${this.config.mapDir}`);
    // The CLI writes into the folder while the server runs: a rename there is the region's arrival or departure.
    try {
      this.watcher = fs.watch(this.config.mapDir, { persistent: false }, () => this.reloadSoon());
      this.watcher.on('error', (error) => this.logger.warn(`Stopped watching ${this.config.mapDir}: ${error.message}`));
    } catch (error) {
      this.logger.warn(`Cannot watch ${this.config.mapDir} (${(error as Error).message}): regions added by the CLI show after a restart`);
    }
    this.unsubscribe = this.events.subscribe('mapRegions', (event) => this.heard(event));
    if (this.mirror) {
      void this.syncMirror();
      this.syncTimer = setInterval(() => void this.syncMirror(), MIRROR_SYNC_MS);
      this.syncTimer.unref();
    }
  }

  onApplicationShutdown(): void {
    for (const controller of this.running.values()) controller.abort(new Error('The server is stopping'));
    this.watcher?.close();
    if (this.settleTimer) clearTimeout(this.settleTimer);
    if (this.syncTimer) clearInterval(this.syncTimer);
    this.unsubscribe?.();
    this.shelf.close();
  }

  /** Whether regions are drawn at all: only the embedded map draws them. */
  get enabled(): boolean {
    return drawsEmbeddedMap(this.config);
  }

  list(): MapRegionsAnswer {
    const now = Date.now();
    for (const [slug, job] of this.jobs) {
      if (!this.running.has(slug) && now - Date.parse(job.updated_at) > JOB_SILENT_MS && job.phase !== 'failed') this.jobs.delete(slug);
    }
    return { regions: this.shelf.list(), jobs: [...this.jobs.values()] };
  }

  /** Starts fetching a region in the background; answers its job at once. */
  add(where: string, options: { radiusKm?: number } = {}): MapRegionJob {
    if (!this.enabled) throw new AppError('CONFLICT', MAP_REGION_MESSAGES.disabled);
    return this.start(regionTargetOf(where, this.gazetteer, { radiusKm: options.radiusKm }));
  }

  /**
   * Installs an archive sent from the admin panel (received to DATA_DIR/tmp/uploads), named after its file, in the
   * background like a fetch; the received file is removed once installed or refused.
   */
  addUploaded(file: string, fileName: string): MapRegionJob {
    const name = fileName.replace(/\.pmtiles$/i, '').trim() || 'region';
    try {
      if (!this.enabled) throw new AppError('CONFLICT', MAP_REGION_MESSAGES.disabled);
      const target = { ...fileTargetOf(file, name), where: fileName };
      // Reasons name the received file as the person knows it, not by its temporary path.
      return this.start(target, () => fs.promises.rm(file, { force: true }), (message) => message.split(target.file).join(fileName));
    } catch (error) {
      void fs.promises.rm(file, { force: true });
      throw error;
    }
  }

  private start(
    target: RegionTarget | RegionFileTarget,
    done: () => Promise<void> = async () => {},
    reasonOf: (message: string) => string = (message) => message,
  ): MapRegionJob {
    const current = this.jobs.get(target.slug);
    if (current && current.phase !== 'failed') throw new AppError('CONFLICT', MAP_REGION_MESSAGES.busy(target.slug));
    const started = new Date().toISOString();
    const job: MapRegionJob = {
      slug: target.slug,
      name: target.name,
      where: target.where,
      phase: 'directory',
      bytes_done: 0,
      bytes_total: 0,
      tiles: 0,
      error: null,
      started_at: started,
      updated_at: started,
    };
    const controller = new AbortController();
    this.running.set(job.slug, controller);
    this.tell(job);
    let lastTold = 0;
    let toldPhase: string = job.phase;
    const onProgress = (progress: ExtractProgress) => {
      Object.assign(job, { phase: progress.phase, bytes_done: progress.bytesDone, bytes_total: progress.bytesTotal, tiles: progress.tiles });
      // A new phase is told at once (the panel would say 'reading the directory' over the tiles' bar otherwise).
      if (progress.phase !== toldPhase || Date.now() - lastTold >= PROGRESS_EVERY_MS) {
        toldPhase = progress.phase;
        lastTold = Date.now();
        this.tell(job);
      }
    };
    void this.fetchAndServe(target, controller.signal, onProgress).finally(done).then(
      (fetched) => {
        this.logger.log(
          `Map region ${fetched.slug} added from ${fetched.source}: ${fetched.tiles} tiles, ${fetched.bytesFetched} bytes fetched, ${fetched.bytesKept} kept, ${fetched.seconds.toFixed(1)} s`,
        );
        this.running.delete(job.slug);
        this.jobs.delete(job.slug);
        this.reload();
        this.events.publish('mapRegions', { done: job.slug });
      },
      (error: unknown) => {
        this.running.delete(job.slug);
        const message = reasonOf((error as Error).message);
        this.logger.warn(`Map region ${job.slug} (${job.where}) was not added: ${message}`);
        this.tell({ ...job, phase: 'failed', error: message });
      },
    );
    return { ...job };
  }

  /** Fetches into DATA_DIR/map, or with the bucket into a staging folder, then the bucket, then DATA_DIR/map. */
  private async fetchAndServe(target: RegionTarget | RegionFileTarget, signal: AbortSignal, onProgress: (progress: ExtractProgress) => void) {
    const mapDir = this.mirror ? await this.mirror.stagingDir() : this.config.mapDir;
    const fetched = await fetchRegion({ target, source: this.config.mapSourceUrl, mapDir, signal, onProgress });
    if (this.mirror) await this.mirror.publish(fetched.slug);
    return fetched;
  }

  /** Removes an installed region (or forgets a failed fetch); every node stops serving it. */
  async remove(slug: string): Promise<{ removed: string }> {
    if (!isRegionSlug(slug)) throw new AppError('BAD_REQUEST', MAP_REGION_MESSAGES.badSlug);
    const job = this.jobs.get(slug);
    if (job?.phase === 'failed') {
      this.jobs.delete(slug);
      this.events.publish('mapRegions', { done: slug });
      if (!this.shelf.has(slug)) return { removed: slug };
    }
    if (!this.shelf.has(slug)) throw new AppError('NOT_FOUND', MAP_REGION_MESSAGES.noSuchRegion(slug));
    if (this.mirror) await this.mirror.remove(slug);
    await fs.promises.rm(path.join(this.config.mapDir, regionFileName(slug)), { force: true });
    this.reload();
    this.events.publish('mapRegions', { changed: true });
    return { removed: slug };
  }

  private tell(job: MapRegionJob): void {
    const told = { ...job, updated_at: new Date().toISOString() };
    this.jobs.set(job.slug, told);
    this.events.publish('mapRegions', { job: told });
  }

  private heard(event: { job?: MapRegionJob; done?: string; changed?: boolean } | null): void {
    if (event?.job && !this.running.has(event.job.slug)) this.jobs.set(event.job.slug, event.job);
    if (event?.done && !this.running.has(event.done)) this.jobs.delete(event.done);
    // Another node added or removed a region: with the bucket, fetch it; on a node's own folder, nothing to do.
    if ((event === null || event.done || event.changed) && this.mirror) void this.syncMirror();
  }

  private reloadSoon(): void {
    if (this.settleTimer) clearTimeout(this.settleTimer);
    this.settleTimer = setTimeout(() => this.reload(), WATCH_SETTLE_MS);
    this.settleTimer.unref();
  }

  private reload(): void {
    if (this.shelf.reload()) {
      this.logger.log(`Map regions now: ${this.shelf.list().map((region) => region.slug).join(', ') || 'none'}`);
      void this.cache.changed(STALE_AFTER.mapRegions());
    }
  }

  private syncing: Promise<void> | null = null;

  private syncMirror(): Promise<void> {
    this.syncing ??= (async () => {
      try {
        if (await this.mirror!.sync()) this.reload();
      } catch (error) {
        this.logger.warn(`Could not follow the map regions in ${this.mirror!.description}: ${(error as Error).message}`);
      } finally {
        this.syncing = null;
      }
    })();
    return this.syncing;
  }
}
