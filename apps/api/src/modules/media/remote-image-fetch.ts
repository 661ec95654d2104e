import { getUserAgent, UrlError, validatePublicUrl } from '@fedify/fedify/runtime';
import { AppError } from '../../common/app-error';
import type { ImageFolder, ImageStore } from './image-store';

/** The whole fetch of one remote image, redirects and body included (the wait for a slot not counted). */
export const REMOTE_IMAGE_FETCH_TIMEOUT_MS = 10_000;
/** Redirects followed (each one checked as the first URL was). */
const REDIRECTS_MAX = 3;
/** Remote image fetches under way at once in this process, whatever they are for: each holds up to its byte limit in memory. */
const FETCHES_AT_ONCE = 2;
/** Content types that may carry an image; anything else named by the server is refused unread. */
const IMAGE_CONTENT_TYPE = /^(?:image\/[a-z0-9.+-]+|application\/octet-stream|binary\/octet-stream)$/i;

/** A remote image that must not be stored, whatever happens later: the caller records it so it is never fetched again. */
export class RemoteImageRefused extends Error {}

/** The message of an error and of its cause, for a log line or an outcome. */
export function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}

export interface RemoteImageFetchOptions {
  /** Lets http and loopback or private addresses through (tests, closed networks); otherwise https and public addresses only. */
  allowPrivateAddresses: boolean;
  /** This instance's origin, named in the User-Agent as Fedify names it. */
  origin: string;
}

export interface RemoteImageRequest {
  folder: ImageFolder;
  /** The largest body read; past it the image is refused. */
  bytesMax: number;
  /** Aborts the fetch (shutting down). */
  signal: AbortSignal;
}

/**
 * Images from other servers (issue 30: remote avatars, photos of remote reviews) fetched once into our store through
 * the image pipeline (metadata stripped, sizes made): https only unless private addresses are allowed, Fedify's SSRF
 * guard on every hop, a timeout, a byte limit, the Content-Type checked, and a per-process limit on fetches at once.
 * Throws RemoteImageRefused for what can never be stored (not an image, too large, a private address, a 404...);
 * any other error is a passing one (a timeout, a 503, our store failing).
 */
export class RemoteImageFetcher {
  private readonly userAgent: string;

  constructor(private readonly images: ImageStore, private readonly options: RemoteImageFetchOptions) {
    this.userAgent = getUserAgent({ software: 'Siplog', url: options.origin });
  }

  /** Fetches `source` within the limits and stores it in `request.folder`; answers the stored name. */
  fetchAndStore(source: string, request: RemoteImageRequest): Promise<string> {
    return processFetchSlots.run(async () => {
      const signal = AbortSignal.any([AbortSignal.timeout(REMOTE_IMAGE_FETCH_TIMEOUT_MS), request.signal]);
      const bytes = await this.download(source, request.bytesMax, signal);
      try {
        return await this.images.save(request.folder, bytes, 'not an image that can be read');
      } catch (error) {
        // The pipeline's own refusals (not an image, too many pixels, too costly to decode); a store that fails is not one.
        if (error instanceof AppError && error.code === 'BAD_REQUEST') throw new RemoteImageRefused(error.message);
        throw error;
      }
    });
  }

  private async download(source: string, bytesMax: number, signal: AbortSignal): Promise<Buffer> {
    let url: URL;
    try {
      url = new URL(source);
    } catch {
      throw new RemoteImageRefused('not a URL');
    }
    for (let redirects = 0; ; redirects++) {
      await this.admit(url);
      const response = await fetch(url, { redirect: 'manual', signal, headers: { Accept: 'image/*', 'User-Agent': this.userAgent } });
      if (response.status >= 300 && response.status < 400) {
        await response.body?.cancel();
        const location = response.headers.get('location');
        if (!location) throw new RemoteImageRefused(`HTTP ${response.status} without a Location`);
        if (redirects >= REDIRECTS_MAX) throw new RemoteImageRefused(`more than ${REDIRECTS_MAX} redirects`);
        url = new URL(location, url);
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        const passing = response.status >= 500 || response.status === 408 || response.status === 429;
        if (passing) throw new Error(`HTTP ${response.status}`);
        throw new RemoteImageRefused(`HTTP ${response.status}`);
      }
      const type = response.headers.get('content-type')?.split(';')[0].trim();
      if (type && !IMAGE_CONTENT_TYPE.test(type)) {
        await response.body?.cancel();
        throw new RemoteImageRefused(`not an image (Content-Type ${type})`);
      }
      return readAtMost(response, bytesMax);
    }
  }

  /** https only (http too on a closed network), and no private or loopback address unless allowed (Fedify's guard). */
  private async admit(url: URL): Promise<void> {
    const allowPrivate = this.options.allowPrivateAddresses;
    const schemes = allowPrivate ? ['https:', 'http:'] : ['https:'];
    if (!schemes.includes(url.protocol)) throw new RemoteImageRefused(`${url.protocol} is not allowed (https only)`);
    if (allowPrivate) return;
    try {
      await validatePublicUrl(url.href);
    } catch (error) {
      // A failed look-up may pass; an address that is private stays so.
      if (error instanceof UrlError && error.message !== 'DNS lookup failed') throw new RemoteImageRefused(`${url.host}: ${error.message}`);
      throw error;
    }
  }
}

/** The body, refused once it passes `limit` bytes (as soon as the Content-Length says so, else while it arrives). */
async function readAtMost(response: Response, limit: number): Promise<Buffer> {
  const tooLarge = () => new RemoteImageRefused(`larger than ${limit} bytes`);
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (declared > limit) {
    await response.body?.cancel();
    throw tooLarge();
  }
  if (!response.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks, total);
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
}

/** At most `size` jobs at once; the others wait their turn in order. */
class FetchSlots {
  private busy = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly size: number) {}

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.busy >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.busy += 1;
    try {
      return await job();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.busy -= 1;
    }
  }
}

/** One for the process: it bounds the memory of all remote image fetches, whatever number of fetchers there are. */
const processFetchSlots = new FetchSlots(FETCHES_AT_ONCE);
