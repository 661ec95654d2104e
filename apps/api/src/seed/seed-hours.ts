import { HOURS_LIMITS } from '@siplog/contracts';
import type { Database } from '@siplog/db';
import { evaluateHours } from '../modules/place/hours/opening-hours';
import { PlaceHoursRepository, type HoursSource, type NewHours } from '../modules/place/hours/place-hours.repository';

/** One demo person setting one place's hours. */
export interface SeedHoursChange {
  establishmentId: number;
  userId: number;
  openingHours: string;
}

/**
 * The hours' stored form and open intervals exactly as PlaceHoursService evaluates them when someone sets them
 * (evaluateHours). Demo hours the library can't read throw, naming the place; what it throws while evaluating is rethrown.
 */
export function evaluateSeedHours(place: HoursSource, openingHours: string, now: number): NewHours {
  if (openingHours.length > HOURS_LIMITS.textMax) throw new Error(`Demo hours of place ${place.id} are longer than ${HOURS_LIMITS.textMax} characters`);
  const hours = evaluateHours(openingHours, place, now);
  if ('error' in hours) throw hours.error;
  if ('problem' in hours) throw new Error(`Demo hours of place ${place.id} ("${openingHours}"): ${hours.problem}`);
  return { openingHours, timeZone: hours.timeZone, intervals: hours.intervals, until: hours.until };
}

/**
 * Applies the changes in order through the hours' own repository, which writes the place's hours, its open
 * intervals, the current-or-next interval on its row (Open now) and the change in its history. The seed has no app
 * (so no rate limit or cache to tell): the service's checks that matter here are made here.
 */
export async function seedOpeningHours(db: Database, changes: readonly SeedHoursChange[], now: number): Promise<number> {
  const repository = new PlaceHoursRepository(db);
  for (const change of changes) {
    const place = await repository.source(change.establishmentId);
    if (!place) throw new Error(`Demo hours refer to unknown place ${change.establishmentId}`);
    if (place.openingHours === change.openingHours) throw new Error(`Demo hours of place ${place.id} repeat its hours "${change.openingHours}"`);
    const hours = evaluateSeedHours(place, change.openingHours, now);
    const id = await repository.applyChange({ establishmentId: place.id, userId: change.userId, expected: place.openingHours, hours, now });
    if (id === null) throw new Error(`Demo hours of place ${place.id} changed while being set`);
  }
  return changes.length;
}
