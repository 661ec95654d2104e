/**
 * Byte ranges of an archive, from an http(s) URL or a local file. Over HTTP every read is one
 * `Range: bytes=a-b` request that must come back 206; the archive's identity (ETag, else Last-Modified
 * and size) is pinned on the first answer so bytes from two versions are never mixed; network errors,
 * 5xx and 429 are retried with backoff; each request has a timeout; an AbortSignal stops everything.
 */
import fs from 'node:fs';
import { RegionError, SourceChangedError } from './errors';

export interface RangeSourceOptions {
  /** Per request, body included: this (default 30 s) plus a second per 64 KiB asked for, so slow links finish big ranges. */
  timeoutMs?: number;
  /** Retries after a transient failure (default 3). */
  retries?: number;
  /** First backoff delay, doubled on each retry (default 1 s). */
  retryDelayMs?: number;
  signal?: AbortSignal;
}

export interface RangeSource {
  /** The URL or path, as given. */
  readonly location: string;
  readonly remote: boolean;
  /** What identifies this version of the archive (ETag, Last-Modified + size, or size + mtime); set by the first read. */
  readonly identity: string | undefined;
  /** The archive's size in bytes, once a read has told it. */
  readonly size: number | undefined;
  /** Bytes received so far, every read together. */
  readonly bytesReceived: number;
  /** The bytes at [offset, offset + length), fewer only where the archive ends first. */
  read(offset: number, length: number, signal?: AbortSignal): Promise<Buffer>;
  close(): Promise<void>;
}

/** A failure worth retrying: the connection dropped, the server was busy or broken, the request timed out. */
class TransientError extends Error {}

const DEFAULTS = { timeoutMs: 30_000, retries: 3, retryDelayMs: 1000 };
/** The slowest link a request's timeout allows for (512 kbit/s). */
const MIN_BYTES_PER_SECOND = 64 * 1024;

export function isHttpLocation(location: string): boolean {
  return /^https?:\/\//i.test(location);
}

/** Opens a URL (http/https) or a local file path. */
export function openRangeSource(location: string, options: RangeSourceOptions = {}): RangeSource {
  if (typeof location !== 'string' || location.trim() === '') throw new RegionError('The source must be an http(s) URL or a file path.');
  if (isHttpLocation(location)) {
    try {
      new URL(location);
    } catch {
      throw new RegionError(`The source ${location} is not a valid URL.`);
    }
    return new HttpRangeSource(location, { ...DEFAULTS, ...options });
  }
  if (/^[a-z][a-z0-9+.-]+:\/\//i.test(location)) throw new RegionError(`The source ${location} uses an unsupported scheme; give an http(s) URL or a file path.`);
  return new FileRangeSource(location, options.signal);
}

function abortReason(signals: (AbortSignal | undefined)[]): unknown {
  return signals.find((signal) => signal?.aborted)?.reason;
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function describeError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const message = (error as Error).message ?? String(error);
  return cause?.code ? `${message} (${cause.code})` : cause?.message ? `${message}: ${cause.message}` : message;
}

const CONTENT_RANGE = /^bytes (\d+)-(\d+)\/(\d+|\*)$/;

class HttpRangeSource implements RangeSource {
  readonly remote = true;
  identity: string | undefined;
  size: number | undefined;
  bytesReceived = 0;

  constructor(
    readonly location: string,
    private readonly options: Required<Omit<RangeSourceOptions, 'signal'>> & { signal?: AbortSignal },
  ) {}

  async read(offset: number, length: number, signal?: AbortSignal): Promise<Buffer> {
    if (length <= 0) return Buffer.alloc(0);
    const signals = [this.options.signal, signal];
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.attempt(offset, length, signals);
      } catch (error) {
        const aborted = abortReason(signals);
        if (aborted !== undefined) throw aborted;
        if (!(error instanceof TransientError)) throw error;
        if (attempt >= this.options.retries) {
          throw new RegionError(`Reading ${this.location} failed ${attempt + 1} times in a row, last: ${error.message}. Check the connection and run again; the download resumes.`);
        }
        await sleep(this.options.retryDelayMs * 2 ** attempt, AbortSignal.any(signals.filter((s): s is AbortSignal => !!s)));
      }
    }
  }

  private async attempt(offset: number, length: number, signals: (AbortSignal | undefined)[]): Promise<Buffer> {
    const timeoutMs = this.options.timeoutMs + Math.ceil((length / MIN_BYTES_PER_SECOND) * 1000);
    const within = `${Math.round(timeoutMs / 100) / 10} s`;
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = AbortSignal.any([timeout, ...signals.filter((s): s is AbortSignal => !!s)]);
    const range = `bytes=${offset}-${offset + length - 1}`;
    let response: Response;
    try {
      response = await fetch(this.location, { headers: { range }, signal: combined, redirect: 'follow' });
    } catch (error) {
      throw new TransientError(timeout.aborted ? `no answer within ${within}` : describeError(error));
    }
    const { status } = response;
    if (status !== 206) {
      await response.body?.cancel().catch(() => undefined);
      if (status === 429 || status >= 500) throw new TransientError(`the server answered ${status} ${response.statusText}`);
      if (status === 200) {
        throw new RegionError(`${this.location} does not answer range requests (it sent the whole file instead of the bytes asked for); use a server that supports HTTP Range requests.`);
      }
      if (status === 416) throw new RegionError(`${this.location} has no bytes at ${range} (the file is shorter than its own header says: a damaged or different archive).`);
      if (status === 404) throw new RegionError(`${this.location} was not found (404).`);
      throw new RegionError(`${this.location} answered ${status} ${response.statusText} to a range request.`);
    }
    const contentRange = CONTENT_RANGE.exec(response.headers.get('content-range') ?? '');
    if (!contentRange || Number(contentRange[1]) !== offset) {
      await response.body?.cancel().catch(() => undefined);
      throw new RegionError(`${this.location} answered a range request with the wrong bytes (Content-Range "${response.headers.get('content-range')}", asked ${range}).`);
    }
    const total = contentRange[3] === '*' ? undefined : Number(contentRange[3]);
    this.pin(response.headers.get('etag'), response.headers.get('last-modified'), total);
    let body: Buffer;
    try {
      body = Buffer.from(await response.arrayBuffer());
    } catch (error) {
      throw new TransientError(timeout.aborted ? `the answer did not finish within ${within}` : `the connection dropped mid-answer: ${describeError(error)}`);
    }
    this.bytesReceived += body.length;
    const expected = total === undefined ? length : Math.min(length, total - offset);
    if (body.length !== expected) throw new TransientError(`the answer held ${body.length} bytes instead of ${expected}`);
    return body;
  }

  private pin(etag: string | null, lastModified: string | null, total: number | undefined): void {
    const identity = etag ? `etag ${etag}` : lastModified ? `modified ${lastModified}, ${total} bytes` : `${total} bytes`;
    if (this.identity === undefined) {
      this.identity = identity;
      this.size = total;
    } else if (identity !== this.identity) {
      throw new SourceChangedError(`${this.location} changed while it was being read (${this.identity}, now ${identity}); run again to start over from the new version.`);
    }
  }

  async close(): Promise<void> {}
}

class FileRangeSource implements RangeSource {
  readonly remote = false;
  identity: string | undefined;
  size: number | undefined;
  bytesReceived = 0;
  private handle: Promise<fs.promises.FileHandle> | undefined;

  constructor(
    readonly location: string,
    private readonly signal: AbortSignal | undefined,
  ) {}

  private open(): Promise<fs.promises.FileHandle> {
    this.handle ??= fs.promises.open(this.location, 'r').catch((error: NodeJS.ErrnoException) => {
      throw new RegionError(
        error.code === 'ENOENT' ? `The source file ${this.location} does not exist.` : `Cannot read the source file ${this.location}: ${error.code ?? error.message}.`,
      );
    });
    return this.handle;
  }

  async read(offset: number, length: number, signal?: AbortSignal): Promise<Buffer> {
    const reason = abortReason([this.signal, signal]);
    if (reason !== undefined) throw reason;
    const handle = await this.open();
    const stat = await handle.stat();
    if (!stat.isFile()) throw new RegionError(`The source ${this.location} is not a file.`);
    const identity = `${stat.size} bytes, modified ${stat.mtime.toISOString()}`;
    if (this.identity === undefined) {
      this.identity = identity;
      this.size = stat.size;
    } else if (identity !== this.identity) {
      throw new SourceChangedError(`${this.location} changed while it was being read (${this.identity}, now ${identity}); run again to start over.`);
    }
    if (length <= 0) return Buffer.alloc(0);
    if (offset >= stat.size) throw new RegionError(`${this.location} has no bytes at ${offset} (the file is shorter than its own header says: a damaged archive).`);
    const bytes = Buffer.allocUnsafe(Math.min(length, stat.size - offset));
    const { bytesRead } = await handle.read(bytes, 0, bytes.length, offset);
    this.bytesReceived += bytesRead;
    return bytes.subarray(0, bytesRead);
  }

  async close(): Promise<void> {
    const handle = this.handle;
    this.handle = undefined;
    if (handle) await (await handle.catch(() => undefined))?.close();
  }
}
