import { trpc } from '../../lib/trpc';
import { PlaceFromQuery } from './place-query';

/** /view/{establishment_id}: the place page (spec §2 Establishment page). */
export function PlacePage({ establishmentId }: { establishmentId: number }) {
  const place = trpc.place.byId.useQuery({ establishment_id: establishmentId }, { retry: false });
  return <PlaceFromQuery query={place} asked={`#${establishmentId}`} />;
}
