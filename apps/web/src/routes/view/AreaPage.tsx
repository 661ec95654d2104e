import { useEffect } from 'react';
import { Link } from 'react-router';
import { PlaceCard } from '../../features/place/PlaceCard';
import { PlaceLoadError, PlaceNotFound } from '../../features/place/PlaceStates';
import type { Area } from '../../features/place/types';
import { CupIcon } from '../../components/icons/icons';
import { logToServer } from '../../lib/client-log';
import { trpc } from '../../lib/trpc';
import { httpStatusOf } from '../../lib/trpc-errors';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import '../../components/skeleton/skeleton.css';
import '../../features/place/place.css';

/** 'Neighbourhood in IL, United States' / 'City in IL': what kind of area, and where. */
function areaSubtitle(area: Area): string {
  const where = [area.state, area.country].filter(Boolean).join(', ');
  const kind = area.kind === 'neighbourhood' ? 'Neighbourhood' : 'City';
  return where ? `${kind} in ${where}` : kind;
}

/**
 * /view/{location}: establishments by location (spec §2). The places of a city or neighbourhood, named by its
 * name or slug (/view/chicago, /view/wicker-park), each card opening its place page.
 */
export function AreaPage({ location }: { location: string }) {
  const area = trpc.place.area.useQuery({ location }, { enabled: location.length > 0, retry: false });
  const notFound = !location || (area.isError && (httpStatusOf(area.error) === 404 || area.error?.data?.code === 'BAD_REQUEST'));
  useDocumentTitle(area.data ? `Places in ${area.data.area.name}` : notFound ? 'Area not found' : 'Places');
  useEffect(() => {
    if (area.error) logToServer(notFound ? 'info' : 'error', `Area "${location}" not loaded: ${area.error.message}`);
  }, [area.error, notFound, location]);

  if (notFound) {
    return (
      <PlaceNotFound title="We could not find this area" documentTitle="Area not found">
        Siplog does not know a city or neighbourhood called “{location}”. Check the spelling, or look around on the map.
      </PlaceNotFound>
    );
  }
  if (area.isError) return <PlaceLoadError what="These places" onRetry={() => void area.refetch()} />;

  const places = area.data?.establishments;
  return (
    <div className="place-page area-page">
      <header className="area-page__header">
        <p className="area-page__eyebrow">Coffee, tea &amp; boba in</p>
        {area.data ? (
          <>
            <h1 className="area-page__name">{area.data.area.name}</h1>
            <p className="area-page__subtitle">
              {areaSubtitle(area.data.area)} · {places!.length} {places!.length === 1 ? 'place' : 'places'}
            </p>
          </>
        ) : (
          <div role="status" aria-label="Loading places">
            <span className="skeleton skeleton--line" style={{ width: 260, height: 34 }} />
            <span className="skeleton skeleton--line" style={{ width: 180 }} />
          </div>
        )}
      </header>
      {places && places.length === 0 ? (
        <div className="place-empty">
          <span className="place-empty__icon">
            <CupIcon width={36} height={36} />
          </span>
          <h2>No places here yet</h2>
          <p>Nobody has reviewed a place in {area.data!.area.name} so far. Know a good one? Find it on the map.</p>
          <div className="place-empty__actions">
            <Link to="/" className="button button--primary">
              Open the map
            </Link>
          </div>
        </div>
      ) : (
        <ul className="area-page__list" aria-label={area.data ? `Places in ${area.data.area.name}` : 'Places'}>
          {places
            ? places.map((place) => <PlaceCard key={place.establishment_id} place={place} />)
            : [0, 1, 2, 3].map((key) => <li key={key} className="place-card place-card--skeleton skeleton" />)}
        </ul>
      )}
    </div>
  );
}
