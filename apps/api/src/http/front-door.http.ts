import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { PublicCacheService } from '../modules/public-cache/public-cache.service';
import type { TrpcFastPath } from '../trpc/trpc.fast-path';
import { TRPC_PREFIX, type TrpcQuery } from '../trpc/trpc-query';
import { publicReadsFromCache, type PublicAnswersAudience } from './public-cache.http';
import type { RestReadsFastPath } from './rest-reads.fast-path';

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

export interface FrontDoor {
  cache: PublicCacheService;
  /** The origin a page's share preview is made with for this Host: pages are kept per origin. */
  pageOrigin: (host: string | undefined) => string | null;
  /** The tRPC fast path, whose queries are answered here. */
  trpc: TrpcFastPath;
  /** The public REST reads answered here (rest-reads.fast-path.ts). */
  rest: RestReadsFastPath;
  /** The headers Express's middleware sets on every answer (securityHeaderList), for the answers given here. */
  headers: readonly string[];
  /** For whom a public answer to a signed-in caller holds: everyone (they hide no one) or them alone. */
  audienceOf: PublicAnswersAudience;
}

/**
 * The HTTP server's one way in, in front of the app (Nest on Express), so the hot reads pay no routing, middleware
 * or body parsing: a read whose answer the public cache keeps is answered from it, signed out or signed in
 * (public-cache.http.ts);
 * a tRPC query, signed in or not kept, goes straight to the tRPC fast path, and a public REST read to its controller
 * (rest-reads.fast-path.ts); everything else, and whatever those leave, goes to the app untouched.
 */
export function installFrontDoor(server: Server, app: RequestListener, { cache, pageOrigin, trpc, rest, headers, audienceOf }: FrontDoor): void {
  const pastTheCache = (req: IncomingMessage, res: ServerResponse, call?: TrpcQuery | null, input?: object): void => {
    const method = req.method;
    if (method === 'GET') {
      if (req.url!.startsWith(TRPC_PREFIX) && trpc.answerQuery(req, res, headers, call)) return;
    } else if (method === 'POST' && rest(req, res, headers, input)) {
      return;
    }
    app(req, res);
  };
  server.removeListener('request', app);
  server.prependListener('request', publicReadsFromCache(cache, pastTheCache, pageOrigin, audienceOf) ?? pastTheCache);
}
