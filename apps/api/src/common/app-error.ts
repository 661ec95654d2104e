import { SERVER_MESSAGES } from '@siplog/contracts';

/** The one error type services throw; each transport maps the code once (REST filter, tRPC formatter). */
export type AppErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'TOO_MANY_REQUESTS'
  | 'UNAVAILABLE';

export const HTTP_STATUS_OF: Record<AppErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  UNAVAILABLE: 503,
};

const DEFAULT_MESSAGE: Record<AppErrorCode, string> = {
  BAD_REQUEST: SERVER_MESSAGES.invalidRequest,
  UNAUTHORIZED: SERVER_MESSAGES.unauthorized,
  FORBIDDEN: SERVER_MESSAGES.forbidden,
  NOT_FOUND: SERVER_MESSAGES.notFound,
  CONFLICT: SERVER_MESSAGES.invalidRequest,
  PAYLOAD_TOO_LARGE: SERVER_MESSAGES.payloadTooLarge,
  TOO_MANY_REQUESTS: SERVER_MESSAGES.tooManyRequests,
  UNAVAILABLE: SERVER_MESSAGES.internal,
};

export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string = DEFAULT_MESSAGE[code],
    /** Seconds after which a rate-limited caller may retry. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get httpStatus(): number {
    return HTTP_STATUS_OF[this.code];
  }
}
