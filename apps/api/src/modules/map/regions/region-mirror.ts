import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { BlobStore } from '../../media/blob-store';
import { regionFileName, slugOfRegionFile } from './region-shelf';

/** The bucket folder regions live in, beside the photos: `map/<slug>.pmtiles`. */
export const REGION_FOLDER = 'map';
const CONTENT_TYPE = 'application/vnd.pmtiles';

/**
 * Regions in the media store (MEDIA_STORE=s3), so several nodes add a region once: the bucket's `map/` folder is the
 * list of regions, and each node keeps a copy in its DATA_DIR/map (tiles are served from local files, never from the
 * bucket). A copy is written beside the served name and renamed onto it, like a fetch.
 */
export class RegionMirror {
  constructor(
    private readonly blobs: BlobStore,
    private readonly dir: string,
  ) {}

  get description(): string {
    return `${this.blobs.description} (${REGION_FOLDER}/)`;
  }

  /**
   * Where a fetch writes before the region is in the bucket: a folder `sync` never looks into, so a region that is not
   * uploaded yet is not taken for one the bucket has dropped.
   */
  async stagingDir(): Promise<string> {
    const staging = path.join(this.dir, '.staging');
    await fs.promises.mkdir(staging, { recursive: true });
    return staging;
  }

  /** Puts a staged region into the bucket, then serves it here; the local copy counts as newer than the upload. */
  async publish(slug: string): Promise<void> {
    const staged = path.join(await this.stagingDir(), regionFileName(slug));
    await this.blobs.put(`${REGION_FOLDER}/${regionFileName(slug)}`, { file: staged }, CONTENT_TYPE);
    const now = new Date();
    await fs.promises.utimes(staged, now, now);
    await fs.promises.rename(staged, path.join(this.dir, regionFileName(slug)));
  }

  async remove(slug: string): Promise<void> {
    const [failure] = await this.blobs.deleteMany([`${REGION_FOLDER}/${regionFileName(slug)}`]);
    if (failure) throw new Error(`The media store did not remove ${failure.key}: ${failure.reason}`);
  }

  /**
   * Makes DATA_DIR/map hold what the bucket holds: fetches regions this node lacks or has an older copy of, removes
   * local regions the bucket no longer has. Answers whether the folder changed.
   */
  async sync(): Promise<boolean> {
    const inBucket = new Map<string, Date>();
    for await (const page of this.blobs.list(REGION_FOLDER)) {
      for (const { key, lastModified } of page) {
        const slug = slugOfRegionFile(key.slice(REGION_FOLDER.length + 1));
        if (slug) inBucket.set(slug, lastModified);
      }
    }
    let changed = false;
    for (const [slug, lastModified] of inBucket) {
      const file = path.join(this.dir, regionFileName(slug));
      const local = await fs.promises.stat(file).catch(() => null);
      if (local && local.mtimeMs >= lastModified.getTime()) continue;
      if (await this.download(slug, file)) changed = true;
    }
    for (const name of await fs.promises.readdir(this.dir).catch(() => [] as string[])) {
      const slug = slugOfRegionFile(name);
      if (slug && !inBucket.has(slug)) {
        await fs.promises.rm(path.join(this.dir, name), { force: true });
        changed = true;
      }
    }
    return changed;
  }

  private async download(slug: string, file: string): Promise<boolean> {
    const read = await this.blobs.get(`${REGION_FOLDER}/${regionFileName(slug)}`);
    if (!read) return false;
    const partial = path.join(this.dir, `.${regionFileName(slug)}.download`);
    try {
      await pipeline(read.body, fs.createWriteStream(partial));
      const handle = await fs.promises.open(partial, 'r+');
      await handle.sync().finally(() => handle.close());
      await fs.promises.rename(partial, file);
      return true;
    } finally {
      await fs.promises.rm(partial, { force: true });
    }
  }
}
