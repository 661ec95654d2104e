import { Module } from '@nestjs/common';
import { basemapProvider } from './basemap.provider';
import { GazetteerService } from './gazetteer.service';
import { MapController } from './map.controller';
import { MapService } from './map.service';

@Module({
  controllers: [MapController],
  providers: [basemapProvider, MapService, GazetteerService],
  exports: [MapService, GazetteerService],
})
export class MapModule {}
