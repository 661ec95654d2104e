import type { NextFunction, Request, Response } from 'express';
import { callTRPCProcedure, getErrorShape, getTRPCErrorFromUnknown, transformTRPCResponse, TRPCError, type AnyTRPCProcedure, type AnyTRPCRouter } from '@trpc/server';
import { getHTTPStatusCode } from '@trpc/server/http';
import { isAsyncIterable, isObject, isPromise } from '@trpc/server/unstable-core-do-not-import';
import { jsonNestsDeeperThan } from '../common/json-depth';

/**
 * The common tRPC calls answered straight on node's req/res, the same answers tRPC's Express adapter gives, at a
 * fraction of its cost: the adapter turns every call into a Fetch Request (Headers, URL, AbortController) and its
 * answer into a Response streamed back through a WritableStream, and aborts the controller (building a DOMException)
 * when the socket closes; that was most of a call's fixed cost. Here a GET query or a POST mutation, single or
 * batched, is parsed from req.url and the body the JSON parser already read, each procedure is called as tRPC's
 * resolveResponse calls it, and the JSON is written in one res.end.
 *
 * Anything else goes on (`next()`) to trpcRequestGuard and the official adapter, which answer it as before: HEAD and
 * other methods, unknown procedures, a query sent by POST or a mutation by GET, subscriptions, streaming
 * (jsonl) or other content types, bodies the JSON parser did not read, unusual URLs or Host headers, input that is
 * not JSON or nests too deeply. Those answers are errors (or 204 for HEAD) whose cost does not matter.
 */

type CallType = 'query' | 'mutation';

type TrpcErrorHandler<TContext> = (opts: {
  error: TRPCError;
  path: string | undefined;
  input: unknown;
  ctx: TContext | undefined;
  type: CallType | 'unknown';
  req: Request;
}) => void;

export interface TrpcFastPathOptions<TContext> {
  router: AnyTRPCRouter;
  createContext: (req: Request) => Promise<TContext>;
  onError: TrpcErrorHandler<TContext>;
}

/** What a request asks for, when the fast path can answer it. */
interface Plan {
  type: CallType;
  isBatch: boolean;
  paths: string[];
  /** Per call, as tRPC's JSON content handler reads them (undefined: no input). */
  inputs: unknown[];
}

type Outcome = { ok: true; data: unknown } | { ok: false; error: TRPCError };

/**
 * Characters after which `new URL()` (how the adapter reads the query) and a plain split could disagree: anything
 * outside printable ASCII, a fragment, a backslash.
 */
const UNUSUAL_URL = /[^\x21-\x7e]|[#\\]/;

/** Host headers `new URL()` accepted (the adapter answers 400 to one it cannot parse), so each is parsed once. */
const PARSED_HOSTS = new Set<string>();
const MAX_PARSED_HOSTS = 64;

function hostParses(host: string | undefined): boolean {
  if (host === undefined || PARSED_HOSTS.has(host)) return true;
  if (!URL.canParse(`http://${host}`)) return false;
  if (PARSED_HOSTS.size < MAX_PARSED_HOSTS) PARSED_HOSTS.add(host);
  return true;
}

/** A query-string key or value as URLSearchParams decodes it; throws where it would be lenient (left to the adapter). */
function decodeParam(raw: string): string {
  if (!raw.includes('%') && !raw.includes('+')) return raw;
  return decodeURIComponent(raw.replaceAll('+', ' '));
}

/** The `input` and `batch` parameters, or null when the query has something the fast path leaves to the adapter. */
function readQuery(query: string): { input: string | undefined; batch: string | undefined } | null {
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
      batch ??= value();
    } else if (key === 'connectionParams') {
      return null;
    }
  }
  return { input, batch };
}

function planOf(req: Request, router: AnyTRPCRouter): Plan | null {
  const type: CallType | null = req.method === 'GET' ? 'query' : req.method === 'POST' ? 'mutation' : null;
  if (type === null) return null;
  const { headers } = req;
  const contentType = headers['content-type'];
  // tRPC's own test for JSON; it reads a GET without a content type the same way, and refuses a POST without one (415).
  if (contentType === undefined ? type === 'mutation' : !contentType.startsWith('application/json')) return null;
  if (headers['trpc-accept'] !== undefined || headers.accept?.includes('application/jsonl')) return null;
  if (!hostParses(headers.host)) return null;

  // Below the /trpc mount: '/post.recent?input=…'. The adapter takes the procedure path after the last '/'. A URL
  // read with a host of its own ('//host/…', or absolute 'http://host/…') can fail to parse there.
  const url = req.url;
  if (url[0] !== '/' || url[1] === '/' || UNUSUAL_URL.test(url)) return null;
  const queryAt = url.indexOf('?');
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = readQuery(queryAt === -1 ? '' : url.slice(queryAt + 1));
  // trpcRequestGuard's 400, whatever the method.
  if (query === null || (query.input !== undefined && jsonNestsDeeperThan(query.input))) return null;
  const isBatch = query.batch === '1';
  const joined = decodeURIComponent(pathname.slice(pathname.lastIndexOf('/') + 1));
  const paths = isBatch ? joined.split(',') : [joined];

  const procedures = router._def.procedures as Record<string, AnyTRPCProcedure | undefined>;
  // Unknown (404), the wrong method for it (405), a subscription: the adapter's answers.
  if (paths.some((path) => procedures[path]?._def.type !== type)) return null;

  let raw: unknown;
  if (type === 'query') {
    raw = query.input ? JSON.parse(query.input) : undefined;
  } else {
    // The JSON body parser read it (else the adapter answers); tRPC would re-read JSON.stringify(req.body).
    raw = (req as { body?: unknown }).body;
    if (raw === undefined) return null;
  }
  const deserialize = router._def._config.transformer.input.deserialize;
  let inputs: unknown[];
  if (!isBatch) {
    inputs = [raw === undefined ? undefined : deserialize(raw)];
  } else if (raw === undefined) {
    inputs = paths.map(() => undefined);
  } else if (isObject(raw)) {
    inputs = paths.map((_, index) => (raw[index] === undefined ? undefined : deserialize(raw[index])));
  } else {
    return null; // '"input" needs to be an object when doing a batch call', in the adapter's words
  }
  return { type, isBatch, paths, inputs };
}

/** tRPC's check that an answer is not something only its streaming link could carry. */
function isDataStream(value: unknown): boolean {
  if (!isObject(value)) return false;
  if (isAsyncIterable(value)) return true;
  const values = Object.values(value);
  return values.some(isPromise) || values.some(isAsyncIterable);
}

const STREAM_LIKE = 'Cannot use stream-like response in non-streaming request - use httpBatchStreamLink';

/** The fast path in front of trpcRequestGuard and the official adapter (see the top of this file). */
export function trpcFastPath<TContext>({ router, createContext, onError }: TrpcFastPathOptions<TContext>) {
  const config = router._def._config;

  async function answer(req: Request, res: Response, plan: Plan): Promise<void> {
    const { type } = plan;
    let ctx: TContext | undefined;
    let ctxError: TRPCError | undefined;
    try {
      ctx = await createContext(req);
    } catch (cause) {
      ctxError = getTRPCErrorFromUnknown(cause);
    }
    // tRPC reads all inputs at once, when the first procedure asks; errors report them from then on.
    let inputsRead = false;
    const inputOf = (index: number) => (inputsRead ? plan.inputs[index] : undefined);

    const outcomes = await Promise.all(
      plan.paths.map(async (path, index): Promise<Outcome> => {
        try {
          if (ctxError) throw ctxError;
          const getRawInput = async () => {
            inputsRead = true;
            return plan.inputs[index];
          };
          // No abort signal: no procedure of ours reads one, and the adapter's (an AbortController per call, aborted
          // with a DOMException when the socket closes) was among its dearest parts.
          return { ok: true, data: await callTRPCProcedure({ router, path, getRawInput, ctx, type, signal: undefined, batchIndex: index }) };
        } catch (cause) {
          const error = getTRPCErrorFromUnknown(cause);
          onError({ error, path, input: inputOf(index), ctx, type, req });
          return { ok: false, error };
        }
      }),
    );

    const shapeOf = (error: TRPCError, index: number) =>
      getErrorShape({ config, ctx, error, input: inputOf(index), path: plan.paths[index], type });
    let body: string;
    let status: number;
    try {
      if (plan.isBatch) {
        const items = outcomes.map((outcome, index) => {
          if (!outcome.ok) return { error: shapeOf(outcome.error, index) };
          if (isDataStream(outcome.data)) return { error: shapeOf(new TRPCError({ code: 'UNSUPPORTED_MEDIA_TYPE', message: STREAM_LIKE }), index) };
          return { result: { data: outcome.data } };
        });
        status = getHTTPStatusCode(items);
        body = JSON.stringify(transformTRPCResponse(config, items));
      } else {
        const [outcome] = outcomes;
        if (outcome.ok && isDataStream(outcome.data)) throw new TRPCError({ code: 'UNSUPPORTED_MEDIA_TYPE', message: STREAM_LIKE });
        const item = outcome.ok ? { result: { data: outcome.data } } : { error: shapeOf(outcome.error, 0) };
        status = getHTTPStatusCode(item);
        body = JSON.stringify(transformTRPCResponse(config, item));
      }
    } catch (cause) {
      // As resolveResponse's own catch: an error for the whole request, with no path.
      const error = getTRPCErrorFromUnknown(cause);
      onError({ error, path: undefined, input: undefined, ctx, type, req });
      const item = { error: getErrorShape({ config, ctx, error, input: undefined, path: undefined, type }) };
      status = getHTTPStatusCode(item);
      body = JSON.stringify(transformTRPCResponse(config, item));
    }
    // The adapter's headers, in its order; Node frames the one string with Content-Length.
    res.statusCode = status;
    res.setHeader('content-type', 'application/json');
    res.setHeader('vary', 'trpc-accept, accept');
    res.end(body);
  }

  return (req: Request, res: Response, next: NextFunction): void => {
    let plan: Plan | null;
    try {
      plan = planOf(req, router);
    } catch {
      plan = null; // a malformed escape or input JSON: the adapter words those errors
    }
    if (plan === null) return next();
    // answer() turns every failure into a tRPC answer; only a bug of its own would reach Express's error handling.
    answer(req, res, plan).catch(next);
  };
}
