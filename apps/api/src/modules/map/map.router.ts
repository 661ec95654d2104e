import { publicProcedure, router } from '../../procedures/procedure-tiers';
import type { MapService } from './map.service';

export function mapRouter(map: MapService) {
  return router({
    config: publicProcedure.query(() => map.clientConfig()),
  });
}
