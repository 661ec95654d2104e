import type { Readable } from 'node:stream';

/** What a store knows of an object without reading it. */
export interface BlobInfo {
  size: number;
  /** Quoted, as HTTP sends it: `"…"` (S3's MD5) or `W/"…"` (the local file's size and time). */
  etag: string;
  lastModified: Date;
}

/** An object being read: its description and its bytes, streamed. The caller reads or destroys `body`. */
export interface BlobRead extends BlobInfo {
  body: Readable;
}

/** An object as a listing names it: its key and when it was last written. */
export interface BlobListing {
  key: string;
  lastModified: Date;
}

/** Objects a listing answers at a time, S3's own page size. */
export const LIST_PAGE_SIZE = 1000;

/** What `put` stores: bytes in memory, or a local file (which the store may move away; the caller removes what is left). */
export type BlobSource = Buffer | { file: string };

/** A failure of `deleteMany`: the key and why (an errno code or the store's error name). */
export interface BlobDeleteFailure {
  key: string;
  reason: string;
}

/**
 * Where photos live (issue 18): the local media folder or an S3-compatible bucket. Keys are relative paths made
 * only by the server (`postimages/<32 hex>.card.webp`): segments of letters, digits, dots, hyphens and underscores,
 * never `.` or `..`.
 */
export interface BlobStore {
  /** For logs: where objects go, without any credential. */
  readonly description: string;
  put(key: string, source: BlobSource, contentType: string): Promise<void>;
  /** The object with its bytes, or null when there is none. Any other failure (the store unreachable) throws. */
  get(key: string): Promise<BlobRead | null>;
  /** The object's description, or null when there is none. */
  head(key: string): Promise<BlobInfo | null>;
  /**
   * The objects directly in `folder` ('postimages'), up to `pageSize` (at most LIST_PAGE_SIZE) at a time, in no
   * particular order, each with its time: for the orphan sweep (media-sweeper.ts). Names the server could not have
   * made are left out.
   */
  list(folder: string, pageSize?: number): AsyncIterable<BlobListing[]>;
  /**
   * Removes each key on its own, a few at a time, so that one that fails leaves the others going; a missing key is
   * no failure. Answers the failures; never throws.
   */
  deleteMany(keys: string[]): Promise<BlobDeleteFailure[]>;
  /**
   * Whether the store can take photos now (the folder is there and writable, the bucket answers these credentials):
   * resolves when it can, else throws what the store said. Cheap (one call), for start-up and the readiness check.
   */
  verify(): Promise<void>;
  /** Lets go of connections (the app is closing). */
  close(): Promise<void>;
}

/** Objects removed at once by deleteMany: enough to keep the store busy, few enough to leave handles and sockets for everyone else. */
export const DELETE_CONCURRENCY = 8;

const KEY_SEGMENT = /^[A-Za-z0-9_.-]+$/;

/** Whether the server could have made this key. */
export function isBlobKey(key: string): boolean {
  const segments = key.split('/');
  return segments.length >= 1 && segments.every((segment) => KEY_SEGMENT.test(segment) && segment !== '.' && segment !== '..');
}

/** Refuses a key the server could not have made, so no caller mistake can reach outside the store's folder or prefix. */
export function assertBlobKey(key: string): void {
  if (!isBlobKey(key)) throw new Error(`Not a media key: ${JSON.stringify(key)}`);
}

/** Runs `work` over every item, at most `limit` at a time. */
export async function eachConcurrently<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** A short reason for a log line: the errno code (EISDIR) or the store's error name (AccessDenied), else the message. */
export function failureReason(error: unknown): string {
  const { code, name, message } = (error ?? {}) as { code?: unknown; name?: unknown; message?: unknown };
  if (typeof code === 'string') return code;
  if (typeof name === 'string' && name !== 'Error') return name;
  return typeof message === 'string' ? message : String(error);
}
