import { useParams } from 'react-router';
import { trpc } from '../../lib/trpc';
import { PlaceFromQuery } from './place-query';

/** /view/location/{location}: one place by its slug, map place_id or 'lat,lng', shown as the place page (spec §2). */
export function PlaceByLocationPage() {
  const location = (useParams().location ?? '').trim();
  const place = trpc.place.byLocation.useQuery({ location }, { enabled: location.length > 0, retry: false });
  return <PlaceFromQuery query={place} asked={`"${location}"`} />;
}
