import { Module } from '@nestjs/common';
import { MapModule } from '../map/map.module';
import { PlaceService } from './place.service';

@Module({ imports: [MapModule], providers: [PlaceService], exports: [PlaceService] })
export class PlaceModule {}
