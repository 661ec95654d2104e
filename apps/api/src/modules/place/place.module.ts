import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';
import { GazetteerService } from '../map/gazetteer.service';
import { MapModule } from '../map/map.module';
import { SharedCacheService } from '../shared-cache/shared-cache.service';
import { OfflinePlaceSearch, PLACE_SEARCH, type PlaceSearch } from './place-search';
import { MapboxPlaceSearch } from './place-search.mapbox';
import { PlaceListsController } from './place-lists.controller';
import { PlaceListsRepository } from './place-lists.repository';
import { PlaceListsService } from './place-lists.service';
import { PlaceAmenitiesRepository } from './place-amenities.repository';
import { PlaceAmenitiesService } from './place-amenities.service';
import { PlaceController } from './place.controller';
import { PlaceRepository } from './place.repository';
import { PlaceService } from './place.service';
import { PlaceHoursRepository } from './hours/place-hours.repository';
import { PlaceHoursService } from './hours/place-hours.service';
import { PlaceHoursSweeper } from './hours/place-hours.sweeper';

/** Mapbox search with MAPBOX_TOKEN, else offline: decided once at start-up (design §5). */
const placeSearchProvider = {
  provide: PLACE_SEARCH,
  inject: [APP_CONFIG, PlaceRepository, GazetteerService, SharedCacheService],
  useFactory: (config: AppConfig, places: PlaceRepository, gazetteer: GazetteerService, remembered: SharedCacheService): PlaceSearch => {
    const offline = new OfflinePlaceSearch(places, gazetteer);
    if (!config.mapboxToken) return offline;
    return new MapboxPlaceSearch(offline, places, { token: config.mapboxToken, baseUrl: config.mapboxApiUrl }, remembered);
  },
};

@Module({
  imports: [MapModule],
  controllers: [PlaceController, PlaceListsController],
  providers: [
    PlaceRepository,
    placeSearchProvider,
    PlaceService,
    PlaceListsRepository,
    PlaceListsService,
    PlaceHoursRepository,
    PlaceHoursService,
    PlaceHoursSweeper,
    PlaceAmenitiesRepository,
    PlaceAmenitiesService,
  ],
  exports: [PlaceService, PlaceRepository, PlaceListsService, PlaceHoursService, PlaceAmenitiesService],
})
export class PlaceModule {}
