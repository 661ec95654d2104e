import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { SERVER_MESSAGES } from '@siplog/contracts';
import { AppError } from './app-error';
import { JSON_TOO_DEEP_MESSAGE } from './json-depth';

/** Errors from body parsing carry a status and a type, not a Nest HttpException. */
interface ParserError {
  status?: number;
  statusCode?: number;
  type?: string;
}

const INVALID_JSON = 'The request body is not valid JSON.';

/** body-parser's refusals by type: said plainly, never quoting the body. */
const MESSAGE_OF_PARSER_ERROR: Record<string, string> = {
  'entity.parse.failed': INVALID_JSON,
  'entity.too.deep': JSON_TOO_DEEP_MESSAGE,
};

/**
 * What busboy (multer's parser) throws, as a plain Error, for a multipart Content-Type it cannot read
 * (`multipart/mixed`, no boundary); Nest turns its other refusals into 400s already.
 */
const MULTIPART_CONTENT_TYPE_ERROR = /^(Unsupported content type|Malformed content type|Missing Content-Type)\b/;

const SAFE_MESSAGE_OF_STATUS: Record<number, string> = {
  400: SERVER_MESSAGES.invalidRequest,
  401: SERVER_MESSAGES.unauthorized,
  403: SERVER_MESSAGES.forbidden,
  404: SERVER_MESSAGES.notFound,
  413: SERVER_MESSAGES.payloadTooLarge,
  429: SERVER_MESSAGES.tooManyRequests,
};

/** The request as the error mapping reads it (Express's, or node's before Express). */
interface RequestSeen {
  method?: string;
  url?: string;
  complete?: boolean;
  destroyed?: boolean;
  socket?: { destroyed?: boolean };
}

/** A REST failure's answer: its status, the message a person reads, and when to try again (429). */
export interface RestError {
  status: number;
  msg: string;
  retryAfter?: number;
}

const logger = new Logger('HttpError');

/**
 * The one REST error mapping (design §3): every failure answers `{ status, msg }` with a message a person can read,
 * and nothing internal (stack, SQL, path) ever leaves the server. The filter below answers with it under Express; the
 * REST reads answered before Express (rest-reads.fast-path.ts) with it too.
 */
export function restErrorOf(exception: unknown, request: RequestSeen): RestError {
  if (exception instanceof AppError) {
    return { status: exception.httpStatus, msg: exception.message, retryAfter: exception.retryAfterSeconds };
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    // Nest maps body-parser's SyntaxError to a 400 whose text quotes the body; say what is wrong instead.
    if (status === 400 && /JSON/.test(exception.message)) return { status, msg: INVALID_JSON };
    if (status >= 500) logger.error(`${request.method} ${request.url}: ${exception.message}`, exception.stack);
    return { status, msg: SAFE_MESSAGE_OF_STATUS[status] ?? SERVER_MESSAGES.internal };
  }
  const parser = exception as ParserError;
  const parserStatus = parser?.status ?? parser?.statusCode;
  if (typeof parserStatus === 'number' && parserStatus >= 400 && parserStatus < 500) {
    const msg = (parser.type && MESSAGE_OF_PARSER_ERROR[parser.type]) || SAFE_MESSAGE_OF_STATUS[parserStatus];
    return { status: parserStatus === 413 ? 413 : 400, msg: msg ?? SERVER_MESSAGES.invalidRequest };
  }
  const error = exception instanceof Error ? exception : new Error(String(exception));
  if (MULTIPART_CONTENT_TYPE_ERROR.test(error.message)) return { status: 400, msg: SERVER_MESSAGES.invalidRequest };
  if (request.complete === false && (request.destroyed || request.socket?.destroyed)) {
    // The client hung up mid-body (or was cut off as too slow, see http-timeouts.ts): its doing, and no one to answer.
    logger.debug(`${request.method} ${request.url}: client went away (${error.message})`);
    return { status: 400, msg: SERVER_MESSAGES.invalidRequest };
  }
  logger.error(`${request.method} ${request.url}: ${error.message}`, error.stack);
  return { status: 500, msg: SERVER_MESSAGES.internal };
}

/** Every REST failure under Express, answered by restErrorOf. */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const { httpAdapter } = this.adapterHost;
    const ctx = host.switchToHttp();
    const response = ctx.getResponse();
    const { status, msg, retryAfter } = restErrorOf(exception, ctx.getRequest());
    if (retryAfter !== undefined) httpAdapter.setHeader(response, 'Retry-After', String(retryAfter));
    httpAdapter.reply(response, { status, msg }, status);
  }
}
