import { authedProcedure } from './procedure-tiers';
import type { AuthUser } from '../common/auth-user';

/**
 * tRPC's AdminGuard: a guest gets 401 and anyone outside ADMIN_EMAILS 403 before the input is read, so the
 * answer is the same whatever the input says. The services check again.
 */
export function adminProcedure(admins: { requireAdmin(actor: AuthUser): void }) {
  return authedProcedure.use(({ ctx, next }) => {
    admins.requireAdmin(ctx.actor);
    return next();
  });
}
