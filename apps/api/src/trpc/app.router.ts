import type { SupportService } from '../modules/support/support.service';
import { supportRouter } from '../modules/support/support.router';
import { router } from './trpc';

/** The services the domain routers adapt; TrpcService hands them over from Nest's container. */
export interface RouterServices {
  support: SupportService;
}

export function createAppRouter(services: RouterServices) {
  return router({
    support: supportRouter(services.support),
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;
