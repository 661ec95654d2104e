/** Places for the map tests, written straight into the running app's database (places have no UI-free creation path). */
import path from 'node:path';
import { establishments, openDatabase } from '@siplog/db';

export interface SeedPlace {
  name: string;
  street: string;
  lat: number;
  lng: number;
}

/** Central Chicago, inside the bundled street data: the Loop and the Near North Side. */
export const LOOP_PLACES: SeedPlace[] = [
  { name: 'Loop Roasters', street: '120 S State St', lat: 41.8805, lng: -87.6278 },
  { name: 'Wabash Tea House', street: '30 N Wabash Ave', lat: 41.8829, lng: -87.6262 },
  { name: 'Pearl & Boba', street: '200 W Madison St', lat: 41.8818, lng: -87.6345 },
];

/** Just north of the Loop's first screen (1280 × 800 at zoom 14), one drag away. */
export const RIVER_NORTH_PLACE: SeedPlace = { name: 'River North Chai', street: '700 N Clark St', lat: 41.8985, lng: -87.631 };

/** Adds establishments; answers their ids in order. */
export function seedPlaces(dataDir: string, places: SeedPlace[]): number[] {
  const db = openDatabase(path.join(dataDir, 'app.db'));
  try {
    return places.map(
      (place) =>
        db
          .insert(establishments)
          .values({
            placeId: `e2e-map:${place.name}`,
            name: place.name,
            street: place.street,
            city: 'Chicago',
            state: 'IL',
            zip: '60603',
            country: 'US',
            lat: place.lat,
            lng: place.lng,
          })
          .returning({ id: establishments.id })
          .get().id,
    );
  } finally {
    db.$client.close();
  }
}
