import { describe, expect, it } from 'vitest';
import { AMENITY_BITS, GOOD_FOR_WORKING, type Amenity } from '@siplog/contracts';
import { WORKING_PLACES_SQL } from '@siplog/db';
import { goodForWorking } from './place.views';

/** Every combination of these amenities' bits. */
function subsetsOf(amenities: readonly Amenity[]): number[] {
  return Array.from({ length: 1 << amenities.length }, (_, pick) => amenities.reduce((bits, amenity, i) => (pick & (1 << i) ? bits | AMENITY_BITS[amenity] : bits), 0));
}

describe('goodForWorking: the pin’s mark', () => {
  it('is GOOD_FOR_WORKING read amenity by amenity, whatever else was answered', () => {
    const answers = subsetsOf([...GOOD_FOR_WORKING.confirmed, ...GOOD_FOR_WORKING.notDenied, 'quiet']);
    for (const amenitiesYes of answers) {
      for (const amenitiesNo of answers) {
        const expected =
          GOOD_FOR_WORKING.confirmed.every((amenity) => (amenitiesYes & AMENITY_BITS[amenity]) !== 0) &&
          GOOD_FOR_WORKING.notDenied.every((amenity) => (amenitiesNo & AMENITY_BITS[amenity]) === 0);
        expect(goodForWorking({ amenitiesYes, amenitiesNo }), `yes ${amenitiesYes}, no ${amenitiesNo}`).toBe(expected);
      }
    }
  });

  it('stands on the masks of the map filter’s SQL, the words of the migrations’ partial index', () => {
    expect(WORKING_PLACES_SQL).toBe('(amenities_yes & 3) = 3 and (amenities_no & 4) = 0');
    expect([goodForWorking({ amenitiesYes: 3, amenitiesNo: 0 }), goodForWorking({ amenitiesYes: 3, amenitiesNo: 4 }), goodForWorking({ amenitiesYes: 1, amenitiesNo: 0 })]).toEqual([true, false, false]);
  });
});
