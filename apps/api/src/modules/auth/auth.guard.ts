import { type CanActivate, createParamDecorator, type ExecutionContext, Injectable } from '@nestjs/common';
import { requireActor, type AuthUser } from '../../common/auth-user';
import { TokenService } from './token.service';

interface RequestWithActor {
  headers: Record<string, string | string[] | undefined>;
  actor?: AuthUser | null;
}

/** Resolves the Bearer token (if any) to the caller; routes then ask for @Actor() or @OptionalActor(). */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(private readonly tokens: TokenService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<RequestWithActor>();
    request.actor = await this.tokens.callerOf(request.headers.authorization);
    return true;
  }
}

/** The signed-in caller; 401 when there is none. Use on routes guarded by AuthGuard. */
export const Actor = createParamDecorator((_data: unknown, ctx: ExecutionContext): AuthUser =>
  requireActor(ctx.switchToHttp().getRequest<RequestWithActor>().actor ?? null),
);

/** The caller if signed in, else null. */
export const OptionalActor = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): AuthUser | null => ctx.switchToHttp().getRequest<RequestWithActor>().actor ?? null,
);

/**
 * Refuses (401) before the handler's interceptors run: on upload routes this stops an anonymous
 * request before its file is received, where @Actor() alone would only refuse after.
 */
@Injectable()
export class SignedInGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    requireActor(context.switchToHttp().getRequest<RequestWithActor>().actor ?? null);
    return true;
  }
}
