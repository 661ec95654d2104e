import { Injectable } from '@nestjs/common';
import { mapRegionAddSchema, mapRegionSlugSchema, type MapRegionJob, type MapRegionsAnswer } from '@siplog/contracts';
import type { AuthUser } from '../../common/auth-user';
import { parseInput } from '../../common/zod-issue';
import { AuthService } from '../auth/auth.service';
import { MapRegionsService } from '../map/regions/map-regions.service';

/** The admin screen's 'Map regions' panel (issue 29): the same actions as `pnpm map:add`, `map:list` and `map:remove`. */
@Injectable()
export class AdminMapRegionsService {
  constructor(
    private readonly auth: AuthService,
    private readonly regions: MapRegionsService,
  ) {}

  requireAdmin(actor: AuthUser): void {
    this.auth.requireAdmin(actor);
  }

  list(actor: AuthUser): MapRegionsAnswer {
    this.auth.requireAdmin(actor);
    return this.regions.list();
  }

  add(actor: AuthUser, input: unknown): MapRegionJob {
    this.auth.requireAdmin(actor);
    const { where, radius_km } = parseInput(mapRegionAddSchema, input);
    return this.regions.add(where, { radiusKm: radius_km });
  }

  remove(actor: AuthUser, input: unknown): Promise<{ removed: string }> {
    this.auth.requireAdmin(actor);
    return this.regions.remove(parseInput(mapRegionSlugSchema, input).slug);
  }
}
