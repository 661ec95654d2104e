import type { IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';
import type { AuthUser } from '../common/auth-user';
import { clientInfoOf, type ClientInfo } from '../common/client-info';
import { restErrorOf } from '../common/http-error.filter';
import { parseInput } from '../common/zod-issue';
import { readWholeBody, smallJsonBodyLength, smallJsonInput } from './small-json-body';

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * One REST read the front door answers itself: the schema its controller's @ZodBody parses with, and the controller's
 * own method called with what Nest would hand it (the caller when @OptionalActor asks for one, the client, the body).
 */
export interface FastRestRead {
  schema: z.ZodType;
  /** Whether the controller reads its caller (@OptionalActor): the token is verified only then. */
  readsCaller: boolean;
  answer: (input: never, caller: AuthUser | null, client: ClientInfo) => unknown;
}

export interface RestReadsFastPathOptions {
  /** By path (`/api/post/loadrecentposts`), exactly as the request line names it. */
  reads: ReadonlyMap<string, FastRestRead>;
  /** The caller of a Bearer token, as AuthGuard reads it (TokenService.verify). */
  callerOf: (authorization: string) => Promise<AuthUser | null>;
  /** The caller's address as Express reads it behind the trusted proxy (`req.ip`). */
  addressOf: (req: IncomingMessage) => string | undefined;
  /** What answers whatever the fast path leaves: Express, with the body put back for its parser. */
  app: RequestListener;
}

/** Answers a POST to one of the reads and says true, or says false for the caller to pass it on untouched. */
export type RestReadsFastPath = (req: IncomingMessage, res: ServerResponse, headers: readonly string[], input?: object) => boolean;

/**
 * The hot public REST reads (POST with a few ids as JSON) answered on node's req/res, before Express: what Nest does
 * for them, without its routing, middleware, body parser and guard, which cost more than the read itself. The answer
 * is Nest's: the controller's own method, `200` with its JSON as Express's res.json frames it, or a failure mapped by
 * the REST filter's restErrorOf. A body that is not plainly small JSON (a charset, an encoding, chunks, too large, too
 * deep, not JSON, not an object or array) is put back and left to Express, which words those refusals.
 * rest-reads.fast-path.api.spec.ts holds every case to what Express and Nest answer.
 */
export function restReadsFastPath({ reads, callerOf, addressOf, app }: RestReadsFastPathOptions): RestReadsFastPath {
  function answer(req: IncomingMessage, res: ServerResponse, read: FastRestRead, input: object, headers: readonly string[]): void {
    const reply = (status: number, body: unknown, retryAfter?: number) => {
      res.statusCode = status;
      for (let i = 0; i < headers.length; i += 2) res.setHeader(headers[i], headers[i + 1]);
      if (retryAfter !== undefined) res.setHeader('Retry-After', String(retryAfter));
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      // As Express's res.json (no replacer, no spaces); Node frames the one string with Content-Length.
      res.end(JSON.stringify(body));
    };
    const fail = (error: unknown) => {
      const { status, msg, retryAfter } = restErrorOf(error, req);
      reply(status, { status, msg }, retryAfter);
    };
    const authorization = req.headers.authorization;
    const caller = read.readsCaller && authorization !== undefined ? callerOf(authorization) : null;
    Promise.resolve(caller)
      .then((who) => read.answer(parseInput(read.schema, input) as never, who, clientInfoOf(req, addressOf)))
      .then((result) => reply(200, result), fail)
      .catch((error: unknown) => {
        // Only a bug of reply itself (an answer JSON cannot write): what Express would have done with it.
        if (!res.headersSent) fail(error);
        else res.destroy();
      });
  }

  /**
   * Answers a POST to one of the reads (`input`: its body as the public cache already read it, and put back); false
   * when it is not one, for the caller to pass on untouched. Once true, the request is answered here or by `app`.
   */
  return function answerRead(req: IncomingMessage, res: ServerResponse, headers: readonly string[], input?: object): boolean {
    const read = reads.get(req.url!);
    if (read === undefined) return false;
    if (input !== undefined) {
      req.resume(); // the body the cache read and put back: not needed again
      answer(req, res, read, input, headers);
      return true;
    }
    const length = smallJsonBodyLength(req);
    if (length === null) return false;
    readWholeBody(req, length, (bytes) => {
      const parsed = smallJsonInput(bytes);
      if (parsed !== null) return answer(req, res, read, parsed, headers);
      req.unshift(bytes);
      app(req, res);
    });
    return true;
  };
}
