import { createParamDecorator, type ExecutionContext } from '@nestjs/common';

/** Who is calling, as the server sees it (behind the configured trusted proxy). */
export interface ClientInfo {
  ip: string;
  referrer: string;
  userAgent: string;
}

interface RequestLike {
  ip?: string;
  socket?: { remoteAddress?: string };
  headers: Record<string, string | string[] | undefined>;
}

function header(request: RequestLike, name: string): string {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/**
 * The caller as the request tells. `addressOf` reads the address behind the trusted proxy for a request Express has
 * not seen (no `req.ip`); it runs only when the address is asked for, as most answers never do.
 */
export function clientInfoOf<R extends RequestLike>(request: R, addressOf?: (request: R) => string | undefined): ClientInfo {
  let ip = request.ip;
  return {
    get ip() {
      ip ??= (addressOf?.(request) ?? request.socket?.remoteAddress ?? 'unknown');
      return ip;
    },
    referrer: header(request, 'referer'),
    userAgent: header(request, 'user-agent'),
  };
}

export const Client = createParamDecorator((_data: unknown, ctx: ExecutionContext): ClientInfo =>
  clientInfoOf(ctx.switchToHttp().getRequest()),
);
