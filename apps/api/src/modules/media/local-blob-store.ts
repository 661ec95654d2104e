import crypto from 'node:crypto';
import { constants as fsConstants, type Stats } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  DELETE_CONCURRENCY,
  LIST_PAGE_SIZE,
  assertBlobKey,
  isBlobKey,
  eachConcurrently,
  failureReason,
  type BlobDeleteFailure,
  type BlobInfo,
  type BlobListing,
  type BlobRead,
  type BlobSource,
  type BlobStore,
} from './blob-store';

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** As Express's static files: a weak tag of the size and modification time (a stored file never changes). */
function infoOf(stats: Stats): BlobInfo {
  return {
    size: stats.size,
    etag: `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`,
    lastModified: stats.mtime,
  };
}

/**
 * Objects as files under one folder, the key as the path below it: `postimages/<name>.webp` is
 * DATA_DIR/media/postimages/<name>.webp, exactly where photos have always been, so existing data keeps working.
 * A file is put in place by a rename, so a reader never sees half of one.
 */
export class LocalBlobStore implements BlobStore {
  readonly description: string;

  constructor(private readonly root: string) {
    this.description = `files under ${root}`;
  }

  /** The file behind a key. */
  pathOf(key: string): string {
    assertBlobKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, source: BlobSource, _contentType: string): Promise<void> {
    const target = this.pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    if (!Buffer.isBuffer(source)) {
      try {
        await fs.rename(source.file, target);
        return;
      } catch (error) {
        // Another file system (DATA_DIR/tmp mounted elsewhere): copied beside the target, then renamed.
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      }
    }
    const part = `${target}.${crypto.randomBytes(6).toString('hex')}.part`;
    try {
      if (Buffer.isBuffer(source)) await fs.writeFile(part, source);
      else await fs.copyFile(source.file, part);
      await fs.rename(part, target);
    } catch (error) {
      await fs.rm(part, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<BlobRead | null> {
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(this.pathOf(key), 'r');
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    try {
      const stats = await handle.stat();
      if (!stats.isFile()) {
        await handle.close();
        return null;
      }
      // The stream owns the handle from here: it closes it at the end, on error and when destroyed.
      return { ...infoOf(stats), body: handle.createReadStream() };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async head(key: string): Promise<BlobInfo | null> {
    try {
      const stats = await fs.stat(this.pathOf(key));
      return stats.isFile() ? infoOf(stats) : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async *list(folder: string, pageSize = LIST_PAGE_SIZE): AsyncIterable<BlobListing[]> {
    const dir = await fs.opendir(this.pathOf(folder)).catch((error: unknown) => {
      if (isMissing(error)) return null;
      throw error;
    });
    if (!dir) return;
    // Read as it goes (a folder of a million photos is never held whole); the iterator closes the folder.
    let page: BlobListing[] = [];
    for await (const entry of dir) {
      const key = `${folder}/${entry.name}`;
      if (!entry.isFile() || !isBlobKey(key)) continue;
      try {
        page.push({ key, lastModified: (await fs.stat(this.pathOf(key))).mtime });
      } catch (error) {
        if (!isMissing(error)) throw error; // removed since the folder was read
      }
      if (page.length >= pageSize) {
        yield page;
        page = [];
      }
    }
    if (page.length > 0) yield page;
  }

  async deleteMany(keys: string[]): Promise<BlobDeleteFailure[]> {
    const failures: BlobDeleteFailure[] = [];
    await eachConcurrently(keys, DELETE_CONCURRENCY, async (key) => {
      try {
        await fs.rm(this.pathOf(key), { force: true });
      } catch (error) {
        failures.push({ key, reason: failureReason(error) });
      }
    });
    return failures;
  }

  async verify(): Promise<void> {
    // The folder itself, not a file in it: writing a probe file on every check would wear for nothing.
    const stats = await fs.stat(this.root);
    if (!stats.isDirectory()) throw Object.assign(new Error(`${this.root} is not a folder`), { code: 'ENOTDIR' });
    await fs.access(this.root, fsConstants.W_OK | fsConstants.X_OK);
  }

  async close(): Promise<void> {}
}
