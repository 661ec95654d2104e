import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { logReferredVisit } from './referred-visit';
import { readWholeBody, smallJsonBodyLength, smallJsonInput } from './small-json-body';
import type { CacheSnapshot, CachedAnswer, KeptHttpAnswer, PublicCacheService } from '../modules/public-cache/public-cache.service';
import { alikeForReadersHidingNoOne, PUBLIC_REST_READS, tagsOfPage, tagsOfRead, tagsOfTrpcQuery } from '../modules/public-cache/public-reads';
import { readTrpcQuery, TRPC_PATH, TRPC_PREFIX, type TrpcQuery } from '../trpc/trpc-query';

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;
/**
 * Where a request the cache does not answer goes on: a tRPC query with its call already read from the URL, a REST
 * read with its body already read and parsed (and put back in the stream, for whoever reads it next).
 */
export type PastTheCache = (req: IncomingMessage, res: ServerResponse, call?: TrpcQuery | null, input?: object) => void;
/**
 * Whom a public read's answer for the caller of this Authorization header holds for: '' for everyone (a token that
 * names no one, or a signed-in person who hides no one), else a key naming that reader as they stand now, which
 * changes with every block or unblock of theirs (BlockService.audienceOf).
 */
export type PublicAnswersAudience = (authorization: string) => string | Promise<string>;

/** Headers of the answer that belong to its connection or are set afresh for every answer. */
const NOT_KEPT = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'etag', 'cache-control', 'set-cookie']);
/** A 304 carries the validators and the caching rules, not the body's description. */
const NOT_IN_304 = new Set(['content-length', 'content-type', 'content-encoding']);
/** Browsers may keep a public answer but must ask again each time; the ETag makes asking a few bytes. */
const CACHE_CONTROL = 'no-cache';

/**
 * The front door's first step (front-door.http.ts), before Express, Nest or tRPC: a signed-out read whose answer is
 * kept is answered here; every other request goes on (`app`) untouched. When a keepable read misses, it goes on and
 * its answer is kept on its way out (200s only). A request with an Authorization header is answered from, or kept in,
 * the cache only for a tRPC query whose every procedure reads its caller for nothing but the people a block hides
 * from them (ALIKE_FOR_READERS_HIDING_NO_ONE): the kept answer for everyone when `audienceOf` says the caller hides no
 * one, else the answer kept for that reader alone as they stand now; every other signed-in request goes on, as its
 * answer may differ per person in other ways. Null when the cache is off.
 */
export function publicReadsFromCache(
  cache: PublicCacheService,
  app: PastTheCache,
  /** The origin a page's share preview is made with for this Host (share-preview.ts previewOrigin): pages are kept per origin. */
  pageOrigin: (host: string | undefined) => string | null,
  audienceOf: PublicAnswersAudience,
): RequestListener | null {
  if (!cache.enabled) return null;
  return (req: IncomingMessage, res: ServerResponse) => {
    const authorization = req.headers.authorization;
    if (authorization !== undefined) return answerSignedIn(req, res, authorization);
    const method = req.method;
    if (method === 'GET' || method === 'HEAD') return answerGet(req, res);
    if (method === 'POST' && PUBLIC_REST_READS.has(req.url!)) return answerPost(req, res);
    app(req, res);
  };

  /**
   * Sends the answer kept for `key` when there is a current one (`hit`), else runs `miss`. With other nodes writing,
   * a kept answer is sent only after this node has caught up with every write acknowledged before the request.
   */
  function fromCache(key: string, hit: (kept: CachedAnswer) => void, miss: () => void): void {
    if (!cache.waitsForOtherNodes) {
      const kept = cache.get(key);
      return kept ? hit(kept) : miss();
    }
    if (!cache.holds(key)) return miss();
    cache.caughtUp().then(
      (caughtUp) => {
        const kept = caughtUp ? cache.get(key) : undefined;
        if (kept) hit(kept);
        else miss();
      },
      () => miss(),
    );
  }

  /**
   * `known`: the tRPC call, already read from the URL by the caller; `reader`: a signed-in reader's audience
   * (PublicAnswersAudience), whose answers are kept apart from everyone's.
   */
  function answerGet(req: IncomingMessage, res: ServerResponse, known?: TrpcQuery, reader = ''): void {
    const url = req.url!;
    const isTrpc = url.startsWith(TRPC_PREFIX);
    const queryAt = url.indexOf('?');
    const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
    // Pages are kept by path: `?utm_source=…` on a link that goes round is the same page. Its share preview's URLs are
    // PUBLIC_URL's, or (unset) a loopback Host's, so the origin is part of the key.
    const key = isTrpc ? `GET ${url}${reader && `\nfor ${reader}`}` : `PAGE ${pageOrigin(req.headers.host) ?? ''} ${pathname}`;
    fromCache(
      key,
      (kept) => {
        if (!isTrpc) logReferredVisit(pathname, req.headers.referer, req.headers.host);
        sendKept(req, res, kept);
      },
      () => {
        // Only pages: static files carry an encoding chosen per browser. The admin page is never kept (no secret given).
        if (req.method !== 'GET') return app(req, res);
        const call = isTrpc ? (known ?? readTrpcQuery(url.slice(TRPC_PATH.length))) : undefined;
        const tags = call !== undefined ? call && tagsOfTrpcQuery(call) : tagsOfPage(pathname);
        if (tags) keepOnTheWayOut(res, key, cache.snapshot(tags));
        app(req, res, call);
      },
    );
  }

  /**
   * A signed-in tRPC query whose procedures read their caller only for the people a block hides from them: sent from
   * what is kept for everyone when the caller hides no one, else from what is kept for them alone; anything else goes on.
   */
  function answerSignedIn(req: IncomingMessage, res: ServerResponse, authorization: string): void {
    const url = req.url!;
    if (req.method !== 'GET' || !url.startsWith(TRPC_PREFIX)) return app(req, res);
    const call = readTrpcQuery(url.slice(TRPC_PATH.length));
    if (call === null || !alikeForReadersHidingNoOne(call)) return app(req, res, call);
    const goOn = (reader: string) => {
      if (reader !== '') return answerGet(req, res, call, reader);
      // Their answer is everyone's: asked as everyone, so what the app computes on a miss (kept for all) is that too,
      // even should a block of theirs land meanwhile (it came after the request, which may then be answered as before it).
      delete req.headers.authorization;
      answerGet(req, res, call);
    };
    let reader: string | Promise<string>;
    try {
      reader = audienceOf(authorization);
    } catch {
      return app(req, res, call);
    }
    if (typeof reader === 'string') return goOn(reader);
    reader.then(goOn, () => app(req, res, call));
  }

  function answerPost(req: IncomingMessage, res: ServerResponse): void {
    const length = smallJsonBodyLength(req);
    if (length === null) return app(req, res);
    readWholeBody(req, length, (body) => {
      const key = `POST ${req.url}\n${body.toString('latin1')}`;
      fromCache(
        key,
        (kept) => {
          req.resume(); // the end of the body, still unread
          sendKept(req, res, kept);
        },
        () => {
          // Put back, so the app reads the body as if nothing had touched it.
          req.unshift(body);
          // What the JSON body parser would refuse is answered by it, and kept by no one.
          const input = smallJsonInput(body);
          if (input === null) return app(req, res);
          const tags = tagsOfRead(PUBLIC_REST_READS.get(req.url!), input);
          if (tags) keepOnTheWayOut(res, key, cache.snapshot(tags));
          app(req, res, undefined, input);
        },
      );
    });
  }

  function keepOnTheWayOut(res: ServerResponse, key: string, snapshot: CacheSnapshot): void {
    const chunks: Buffer[] = [];
    const write = res.write;
    const end = res.end;
    const collect = (chunk: unknown, encoding: unknown) => {
      if (typeof chunk === 'string') chunks.push(Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'));
      else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
    };
    res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
      collect(chunk, rest[0]);
      return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as ServerResponse['write'];
    res.end = function (this: ServerResponse, ...args: unknown[]) {
      if (typeof args[0] !== 'function') collect(args[0], args[1]);
      if (this.statusCode === 200 && !this.hasHeader('set-cookie')) {
        const kept = keptAnswerOf(this, Buffer.concat(chunks));
        if (cache.set(key, snapshot, kept) && !this.headersSent) {
          this.setHeader('ETag', kept.etag);
          this.setHeader('Cache-Control', CACHE_CONTROL);
        }
      }
      return (end as (...a: unknown[]) => ServerResponse).apply(this, args);
    } as ServerResponse['end'];
  }
}

/** The kept answer, or 304 when the browser already holds it. */
function sendKept(req: IncomingMessage, res: ServerResponse, kept: CachedAnswer): void {
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch !== undefined && matchesEtag(ifNoneMatch, kept.etag)) {
    res.writeHead(304, kept.notModifiedHeaders);
    res.end();
    return;
  }
  res.writeHead(200, kept.headers);
  res.end(req.method === 'HEAD' ? undefined : kept.body);
}

function matchesEtag(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

/** The answer as the app sent it, ready to send again: its headers (less the per-connection ones) and a strong ETag. */
function keptAnswerOf(res: ServerResponse, body: Buffer): KeptHttpAnswer {
  const etag = `"${crypto.createHash('sha1').update(body).digest('base64url')}"`;
  const headers: string[] = [];
  const notModifiedHeaders: string[] = [];
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (value === undefined || NOT_KEPT.has(name)) continue;
    for (const one of Array.isArray(value) ? value : [String(value)]) {
      headers.push(name, one);
      if (!NOT_IN_304.has(name)) notModifiedHeaders.push(name, one);
    }
  }
  for (const list of [headers, notModifiedHeaders]) list.push('etag', etag, 'cache-control', CACHE_CONTROL);
  return { headers, notModifiedHeaders, body: body.toString('utf8'), bytes: body.length, etag };
}
