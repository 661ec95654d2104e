import { trpc } from '../../../lib/trpc';
import type { Establishment } from '../types';

/**
 * After the hours changed (saved or reverted): the place page shows the establishment the server answered at once,
 * and the history, the map's pins (their hours and Open now) and a page reached by location are asked again.
 */
export function usePlaceHoursSaved(): (establishment: Establishment) => void {
  const utils = trpc.useUtils();
  return (establishment) => {
    utils.place.byId.setData({ establishment_id: establishment.establishment_id }, (current) => (current ? { ...current, establishment } : { establishment }));
    void utils.place.byLocation.invalidate();
    void utils.place.hoursHistory.invalidate({ establishment_id: establishment.establishment_id });
    void utils.place.inBounds.invalidate();
  };
}
