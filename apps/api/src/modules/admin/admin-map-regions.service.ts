import fs from 'node:fs';
import path from 'node:path';
import { Injectable } from '@nestjs/common';
import { MAP_REGION_MESSAGES, mapRegionAddSchema, mapRegionSlugSchema, type MapRegionJob, type MapRegionsAnswer } from '@siplog/contracts';
import { AppError } from '../../common/app-error';
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

  /** A .pmtiles file the panel sent (already on disk, see the controller): installed whole, in the background. */
  upload(actor: AuthUser, file: { path: string; originalname: string } | undefined): MapRegionJob {
    this.auth.requireAdmin(actor);
    if (!file) throw new AppError('BAD_REQUEST', MAP_REGION_MESSAGES.uploadMissing);
    if (!/\.pmtiles$/i.test(file.originalname)) {
      void fs.promises.rm(file.path, { force: true });
      throw new AppError('BAD_REQUEST', MAP_REGION_MESSAGES.uploadNotPmtiles);
    }
    return this.regions.addUploaded(file.path, path.basename(file.originalname));
  }

  remove(actor: AuthUser, input: unknown): Promise<{ removed: string }> {
    this.auth.requireAdmin(actor);
    return this.regions.remove(parseInput(mapRegionSlugSchema, input).slug);
  }
}
