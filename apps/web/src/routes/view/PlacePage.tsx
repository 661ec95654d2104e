import { useEffect } from 'react';
import { trpc } from '../../lib/trpc';
import { PlaceFromQuery } from './place-query';

/** /view/{establishment_id}: the place page (spec §2 Establishment page). */
export function PlacePage({ establishmentId }: { establishmentId: number }) {
  const place = trpc.place.byId.useQuery({ establishment_id: establishmentId }, { retry: false });
  // The reviews are asked for with the place (one batched request), not after it arrives: their photos are the
  // page's largest content.
  const utils = trpc.useUtils();
  useEffect(() => {
    void utils.post.byEstablishment.prefetch({ establishment_id: establishmentId });
  }, [utils, establishmentId]);
  return <PlaceFromQuery query={place} asked={`#${establishmentId}`} />;
}
