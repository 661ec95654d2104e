import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { callTRPCProcedure, getErrorShape, getTRPCErrorFromUnknown, transformTRPCResponse, TRPCError, type AnyTRPCProcedure, type AnyTRPCRouter } from '@trpc/server';
import { getHTTPStatusCode } from '@trpc/server/http';
import { isAsyncIterable, isObject, isPromise } from '@trpc/server/unstable-core-do-not-import';
import { readTrpcQuery, TRPC_PATH, type TrpcQuery } from './trpc-query';

/**
 * The common tRPC calls answered straight on node's req/res, the same answers tRPC's Express adapter gives, at a
 * fraction of its cost: the adapter turns every call into a Fetch Request (Headers, URL, AbortController) and its
 * answer into a Response streamed back through a WritableStream, and aborts the controller (building a DOMException)
 * when the socket closes; that was most of a call's fixed cost. Here a GET query or a POST mutation, single or
 * batched, is parsed from req.url (readTrpcQuery) and the body the JSON parser already read, each procedure is called
 * as tRPC's resolveResponse calls it, and the JSON is written in one res.end. Queries are answered in front of Express
 * (`answerQuery`, from the front door: no routing, body parsing or middleware for a GET), mutations under it.
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
  req: IncomingMessage;
}) => void;

export interface TrpcFastPathOptions<TContext> {
  router: AnyTRPCRouter;
  createContext: (req: IncomingMessage) => Promise<TContext>;
  onError: TrpcErrorHandler<TContext>;
}

export interface TrpcFastPath {
  /** Express middleware under /trpc: the mutations (their bodies read by the JSON body parser), and any query that reaches it. */
  middleware: (req: Request, res: Response, next: NextFunction) => void;
  /**
   * In front of Express, on the HTTP server: answers a query at /trpc/… (`call` read from its URL, when the caller
   * already has), with `headers` (a flat name/value list: what Express's middleware would have set). False: not a
   * call it answers, for the caller to pass on to Express untouched.
   */
  answerQuery: (req: IncomingMessage, res: ServerResponse, headers: readonly string[], call?: TrpcQuery | null) => boolean;
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

/** Host headers `new URL()` accepted (the adapter answers 400 to one it cannot parse), so each is parsed once. */
const PARSED_HOSTS = new Set<string>();
const MAX_PARSED_HOSTS = 64;

function hostParses(host: string | undefined): boolean {
  if (host === undefined || PARSED_HOSTS.has(host)) return true;
  if (!URL.canParse(`http://${host}`)) return false;
  if (PARSED_HOSTS.size < MAX_PARSED_HOSTS) PARSED_HOSTS.add(host);
  return true;
}

/**
 * The plan for a query (GET, its call read from the URL by readTrpcQuery) or a mutation (POST, the URL naming the
 * procedures and `body` the JSON body parser's reading), or null for anything the adapter answers.
 */
function planOf(req: IncomingMessage, call: TrpcQuery | null, body: unknown, router: AnyTRPCRouter): Plan | null {
  const type: CallType | null = req.method === 'GET' ? 'query' : req.method === 'POST' ? 'mutation' : null;
  if (type === null || call === null) return null;
  const { headers } = req;
  const contentType = headers['content-type'];
  // tRPC's own test for JSON; it reads a GET without a content type the same way, and refuses a POST without one (415).
  if (contentType === undefined ? type === 'mutation' : !contentType.startsWith('application/json')) return null;
  if (headers['trpc-accept'] !== undefined || headers.accept?.includes('application/jsonl')) return null;
  if (!hostParses(headers.host)) return null;

  const { paths, isBatch } = call;
  const procedures = router._def.procedures as Record<string, AnyTRPCProcedure | undefined>;
  // Unknown (404), the wrong method for it (405), a subscription: the adapter's answers.
  if (paths.some((path) => procedures[path]?._def.type !== type)) return null;

  let raw: unknown;
  if (type === 'query') {
    raw = call.input;
  } else {
    // The JSON body parser read it (else the adapter answers); tRPC would re-read JSON.stringify(req.body).
    raw = body;
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
export function trpcFastPath<TContext>({ router, createContext, onError }: TrpcFastPathOptions<TContext>): TrpcFastPath {
  const config = router._def._config;

  async function answer(req: IncomingMessage, res: ServerResponse, plan: Plan, headers: readonly string[]): Promise<void> {
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
    // Headers as they are kept (the public cache reads them back), then the adapter's, in its order; Node frames the
    // one string with Content-Length.
    res.statusCode = status;
    for (let i = 0; i < headers.length; i += 2) res.setHeader(headers[i], headers[i + 1]);
    res.setHeader('content-type', 'application/json');
    res.setHeader('vary', 'trpc-accept, accept');
    res.end(body);
  }

  const planFor = (req: IncomingMessage, call: TrpcQuery | null, body: unknown): Plan | null => {
    try {
      return planOf(req, call, body, router);
    } catch {
      return null; // input the transformer refuses: the adapter words that error
    }
  };
  const NO_HEADERS: readonly string[] = [];

  return {
    middleware(req, res, next) {
      // Below the mount, req.url is '/post.recent?…'.
      const plan = planFor(req, readTrpcQuery(req.url), (req as { body?: unknown }).body);
      if (plan === null) return next();
      // answer() turns every failure into a tRPC answer; only a bug of its own would reach Express's error handling.
      answer(req, res, plan, NO_HEADERS).catch(next);
    },
    answerQuery(req, res, headers, call) {
      if (req.method !== 'GET') return false;
      const plan = planFor(req, call === undefined ? readTrpcQuery(req.url!.slice(TRPC_PATH.length)) : call, undefined);
      if (plan === null) return false;
      answer(req, res, plan, headers).catch((error: unknown) => {
        // Only a bug of answer() itself: the answer Express would give it.
        onError({ error: getTRPCErrorFromUnknown(error), path: undefined, input: undefined, ctx: undefined, type: 'query', req });
        if (!res.headersSent) res.statusCode = 500;
        res.end();
      });
      return true;
    },
  };
}
