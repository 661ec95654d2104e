import { jsonNestsDeeperThan } from '../common/json-depth';

/** The tRPC endpoint's path; a call is `${TRPC_PATH}/<procedure>[,<procedure>…]?batch=1&input=…`. */
export const TRPC_PATH = '/trpc';
/** What every tRPC call's URL starts with. */
export const TRPC_PREFIX = `${TRPC_PATH}/`;

/** A tRPC call as its URL names it: the procedures, whether batched, and the `input` parameter's JSON (undefined: none). */
export interface TrpcQuery {
  paths: string[];
  isBatch: boolean;
  input: unknown;
}

/**
 * Characters after which `new URL()` (how tRPC's adapter reads the query) and a plain split could disagree: anything
 * outside printable ASCII, a fragment, a backslash.
 */
const UNUSUAL_URL = /[^\x21-\x7e]|[#\\]/;

/** A query-string key or value as URLSearchParams decodes it; throws where it would be lenient. */
function decodeParam(raw: string): string {
  if (!raw.includes('%') && !raw.includes('+')) return raw;
  return decodeURIComponent(raw.replaceAll('+', ' '));
}

/** The `input` and `batch` parameters, or null when the query has something only the adapter should read. */
function readParams(query: string): { input: string | undefined; batch: string | undefined } | null {
  let input: string | undefined;
  let batch: string | undefined;
  let inputs = 0;
  for (const part of query.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const key = decodeParam(eq === -1 ? part : part.slice(0, eq));
    const value = () => decodeParam(eq === -1 ? '' : part.slice(eq + 1));
    if (key === 'input') {
      // trpcRequestGuard checks every `input`; tRPC reads the first. One is all a client sends.
      if (++inputs > 1) return null;
      input = value();
    } else if (key === 'batch') {
      // Which of two a reader takes is its own business: one only.
      if (batch !== undefined) return null;
      batch = value();
    } else if (key === 'connectionParams') {
      return null;
    }
  }
  return { input, batch };
}

/**
 * Reads a tRPC call from its URL below the endpoint ('/post.recent?input=…'), the one reading the fast path and the
 * public cache share; null when the URL is unusual (a host of its own, odd characters), names parameters only the
 * official adapter reads, or its input is not JSON or nests too deeply. Those are left to the adapter, which words
 * their errors.
 */
export function readTrpcQuery(url: string): TrpcQuery | null {
  if (url[0] !== '/' || url[1] === '/' || UNUSUAL_URL.test(url)) return null;
  try {
    const queryAt = url.indexOf('?');
    const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
    const params = readParams(queryAt === -1 ? '' : url.slice(queryAt + 1));
    if (params === null || (params.input !== undefined && jsonNestsDeeperThan(params.input))) return null;
    const isBatch = params.batch === '1';
    // The adapter takes the procedure path after the last '/'.
    const joined = decodeURIComponent(pathname.slice(pathname.lastIndexOf('/') + 1));
    return { paths: isBatch ? joined.split(',') : [joined], isBatch, input: params.input ? JSON.parse(params.input) : undefined };
  } catch {
    return null; // a malformed escape or input JSON
  }
}
