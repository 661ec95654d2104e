import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { requireActor, type AuthUser } from '../../common/auth-user';
import { AuthService } from '../auth/auth.service';

/**
 * After AuthGuard: 401 for a guest, 403 for anyone outside ADMIN_EMAILS, before the body is read, so a
 * non-admin is refused the same whatever the body says. The services check again (tRPC shares them).
 */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(private readonly auth: AuthService) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<{ actor?: AuthUser | null }>();
    this.auth.requireAdmin(requireActor(request.actor ?? null));
    return true;
  }
}
