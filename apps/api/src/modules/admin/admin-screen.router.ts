import { adminScreenSchema } from '@siplog/contracts';
import { publicProcedure } from '../../procedures/procedure-tiers';
import type { AdminScreenService } from './admin-screen.service';

/** Asked by the web app before anything else on /admin/{secret}: a wrong secret shows the not-found page. */
export function adminScreenProcedures(screen: AdminScreenService) {
  return {
    screen: publicProcedure.input(adminScreenSchema).query(({ input }) => ({ found: screen.isScreenSecret(input.secret) })),
  };
}
