import { useEffect } from 'react';
import { PlaceLoadError, PlaceNotFound, PlaceSkeleton } from '../../features/place/PlaceStates';
import { PlaceView } from '../../features/place/PlaceView';
import type { Establishment } from '../../features/place/types';
import { logToServer } from '../../lib/client-log';
import { httpStatusOf } from '../../lib/trpc-errors';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import '../../features/place/place.css';

interface PlaceQuery {
  data?: { establishment: Establishment };
  error: { message: string; data?: { code?: string } | null } | null;
  isError: boolean;
  refetch: () => unknown;
}

/** A place page from a place query (by id or by location): the place, a not-found state, a retry, or a skeleton. */
export function PlaceFromQuery({ query, asked }: { query: PlaceQuery; asked: string }) {
  const notFound = query.isError && (httpStatusOf(query.error) === 404 || query.error?.data?.code === 'BAD_REQUEST');
  useDocumentTitle(query.data ? query.data.establishment.name : notFound ? 'Place not found' : 'Place');
  useEffect(() => {
    // Spec §8: place load failures are logged.
    if (query.error) logToServer(notFound ? 'info' : 'error', `Place ${asked} not loaded: ${query.error.message}`);
  }, [query.error, notFound, asked]);

  if (query.data) return <PlaceView place={query.data.establishment} />;
  if (notFound) {
    return (
      <PlaceNotFound title="We could not find this place" documentTitle="Place not found">
        There is no place at this address on Siplog. The link may be mistyped, or the place may have been removed. Find
        another one on the map.
      </PlaceNotFound>
    );
  }
  if (query.isError) return <PlaceLoadError what="This place" onRetry={() => void query.refetch()} />;
  return (
    <div className="place-page place-page--loading">
      <PlaceSkeleton />
    </div>
  );
}
