import { router } from '../../trpc/trpc';
import type { PlaceService } from './place.service';

export function placeRouter(_places: PlaceService) {
  return router({});
}
