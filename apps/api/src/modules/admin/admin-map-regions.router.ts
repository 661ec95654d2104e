import { mapRegionAddSchema, mapRegionSlugSchema } from '@siplog/contracts';
import { adminProcedure } from '../../procedures/admin-procedure';
import type { AdminMapRegionsService } from './admin-map-regions.service';

/** The 'Map regions' panel's calls (issue 29): the twins of the REST routes and of `pnpm map:*`. */
export function adminMapRegionsProcedures(regions: AdminMapRegionsService) {
  const admin = adminProcedure(regions);
  return {
    mapRegions: admin.query(({ ctx }) => regions.list(ctx.actor)),
    addMapRegion: admin.input(mapRegionAddSchema).mutation(({ ctx, input }) => regions.add(ctx.actor, input)),
    removeMapRegion: admin.input(mapRegionSlugSchema).mutation(({ ctx, input }) => regions.remove(ctx.actor, input)),
  };
}
