import type { NextFunction, Request, Response } from 'express';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import { SERVER_MESSAGES } from '@siplog/contracts';
import { JSON_TOO_DEEP_MESSAGE, jsonNestsDeeperThan } from '../common/json-depth';

/** What the tRPC endpoint serves: queries (GET, and HEAD with it) and mutations (POST). */
export const TRPC_METHODS = ['GET', 'HEAD', 'POST'] as const;
const ALLOWED = new Set<string>(TRPC_METHODS);

const METHOD_NOT_ALLOWED = 'This method is not allowed here.';
const INVALID_JSON = 'The request body is not valid JSON.';

/** An error answer in the shape the tRPC formatter gives every other error. */
function sendTrpcError(res: Response, code: TRPC_ERROR_CODE_KEY, httpStatus: number, message: string): void {
  res.status(httpStatus).json({ error: { message, code: TRPC_ERROR_CODES_BY_KEY[code], data: { code, httpStatus } } });
}

/**
 * In front of tRPC's adapter, refusing what it would otherwise turn into a 500 and an ERROR line: methods a fetch
 * Request cannot carry (TRACE, CONNECT) and the rest it does not serve get a 405 with Allow; a query's `input`
 * nested too deeply gets a 400 before anything parses it (POST bodies are checked by the JSON body parser).
 */
export function trpcRequestGuard(req: Request, res: Response, next: NextFunction): void {
  if (!ALLOWED.has(req.method)) {
    res.setHeader('Allow', TRPC_METHODS.join(', '));
    return sendTrpcError(res, 'METHOD_NOT_SUPPORTED', 405, METHOD_NOT_ALLOWED);
  }
  const inputs = new URL(req.originalUrl, 'http://localhost').searchParams.getAll('input');
  if (inputs.some((input) => jsonNestsDeeperThan(input))) return sendTrpcError(res, 'BAD_REQUEST', 400, JSON_TOO_DEEP_MESSAGE);
  next();
}

interface BodyParserError {
  status?: number;
  type?: string;
}

/** The JSON body parser's refusals on /trpc (bad JSON, too deep, too large, odd charset), answered in tRPC's shape. */
export function trpcBodyErrors(error: unknown, _req: Request, res: Response, next: NextFunction): void {
  const { status, type } = (error ?? {}) as BodyParserError;
  if (typeof status !== 'number' || status < 400 || status >= 500 || typeof type !== 'string') return next(error);
  if (status === 413) return sendTrpcError(res, 'PAYLOAD_TOO_LARGE', 413, SERVER_MESSAGES.payloadTooLarge);
  if (status === 415) return sendTrpcError(res, 'UNSUPPORTED_MEDIA_TYPE', 415, SERVER_MESSAGES.invalidRequest);
  const message = type === 'entity.too.deep' ? JSON_TOO_DEEP_MESSAGE : type === 'entity.parse.failed' ? INVALID_JSON : SERVER_MESSAGES.invalidRequest;
  sendTrpcError(res, 'BAD_REQUEST', 400, message);
}
