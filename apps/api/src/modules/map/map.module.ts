import { Module } from '@nestjs/common';
import { basemapProvider } from './basemap.provider';
import { GazetteerService } from './gazetteer.service';
import { MapController } from './map.controller';
import { MapService } from './map.service';
import { MapRegionsService } from './regions/map-regions.service';
import { RegionShelf } from './regions/region-shelf';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';

@Module({
  controllers: [MapController],
  providers: [
    basemapProvider,
    { provide: RegionShelf, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new RegionShelf(config.mapDir) },
    MapService,
    GazetteerService,
    MapRegionsService,
  ],
  exports: [MapService, GazetteerService, MapRegionsService],
})
export class MapModule {}
