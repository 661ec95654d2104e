/** Places for the map tests: the data lives here, the rows are written by fixtures.ts's seedPlace. */
import { seedPlace, type SeedPlace } from './fixtures';

const inChicago = { city: 'Chicago', state: 'IL', zip: '60603', country: 'US' };

/** Central Chicago, inside the bundled street data: the Loop and the Near North Side. */
export const LOOP_PLACES: SeedPlace[] = [
  { name: 'Loop Roasters', street: '120 S State St', lat: 41.8805, lng: -87.6278, ...inChicago },
  { name: 'Wabash Tea House', street: '30 N Wabash Ave', lat: 41.8829, lng: -87.6262, ...inChicago },
  { name: 'Pearl & Boba', street: '200 W Madison St', lat: 41.8818, lng: -87.6345, ...inChicago },
];

/** Just north of the Loop's first screen (1280 × 800 at zoom 14), one drag away. */
export const RIVER_NORTH_PLACE: SeedPlace = { name: 'River North Chai', street: '700 N Clark St', lat: 41.8985, lng: -87.631, ...inChicago };

/** In Wicker Park, the neighbourhood the area-search test opens. */
export const WICKER_PARK_PLACE: SeedPlace = { name: 'Damen Leaf & Bean', street: '1550 N Damen Ave', lat: 41.9097, lng: -87.6776, ...inChicago };

/** Adds establishments; answers their ids in order. */
export async function seedPlaces(dataDir: string, places: SeedPlace[]): Promise<number[]> {
  const ids: number[] = [];
  for (const place of places) ids.push(await seedPlace(dataDir, place));
  return ids;
}
