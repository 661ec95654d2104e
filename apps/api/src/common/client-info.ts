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

export function clientInfoOf(request: RequestLike): ClientInfo {
  return {
    ip: request.ip ?? request.socket?.remoteAddress ?? 'unknown',
    referrer: header(request, 'referer'),
    userAgent: header(request, 'user-agent'),
  };
}

export const Client = createParamDecorator((_data: unknown, ctx: ExecutionContext): ClientInfo =>
  clientInfoOf(ctx.switchToHttp().getRequest()),
);
