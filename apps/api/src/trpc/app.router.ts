import { partRouters, type ProviderOf } from '../app.registry';
import { router } from '../procedures/procedure-tiers';

/** The root tRPC router: every part's router under its namespace (app.registry.ts), over the running app's services. */
export function createAppRouter(get: ProviderOf) {
  return router(partRouters(get));
}

export type AppRouter = ReturnType<typeof createAppRouter>;
