import { formatPlaceLabel } from '@siplog/contracts';
import { useId, useState } from 'react';
import { PlaceStatusLine } from '../../features/place/hours/PlaceStatusLine';
import { useMinuteClock } from '../../features/place/hours/useMinuteClock';
import { PlaceRating } from '../../features/place/PlaceRating';
import type { PlaceSummary } from './place-pins';

interface PlacesInViewSectionProps {
  places: PlaceSummary[];
  selectedId: number | null;
  loading: boolean;
  failed: boolean;
  tooWide: boolean;
  truncated: boolean;
  onSelect: (place: PlaceSummary) => void;
}

function EmptyState({ loading, failed, tooWide }: Pick<PlacesInViewSectionProps, 'loading' | 'failed' | 'tooWide'>) {
  if (tooWide) return <p className="places-list__empty">Zoom in to see places.</p>;
  if (loading) return <p className="places-list__empty places-list__empty--quiet">Looking for places…</p>;
  if (failed) return <p className="places-list__empty">Places could not be loaded just now.</p>;
  return <p className="places-list__empty">No places here yet. Try another area or search for a city.</p>;
}

/** The places listed before 'Show all', so the recent reviews below stay in sight beside a busy map. */
const FOLDED_COUNT = 4;

/**
 * 'Places in this area': the places of the loaded view (the most reviewed first), the first few until 'Show all';
 * choosing one selects it on the map. A place selected on the map is listed even when folded away.
 */
export function PlacesInViewSection({ places, selectedId, loading, failed, tooWide, truncated, onSelect }: PlacesInViewSectionProps) {
  const listId = useId();
  const [unfolded, setUnfolded] = useState(false);
  const now = useMinuteClock();
  const foldable = places.length > FOLDED_COUNT;
  const shown = unfolded || !foldable ? places : places.filter((place, index) => index < FOLDED_COUNT || place.establishment_id === selectedId);
  return (
    <section className="places-list" aria-labelledby="places-in-view-title" aria-busy={loading}>
      <h2 id="places-in-view-title" className="home-panel__heading">
        Places in this area
        {places.length > 0 && !tooWide && <span className="home-panel__count">{places.length}</span>}
      </h2>
      {places.length === 0 || tooWide ? (
        <EmptyState loading={loading} failed={failed} tooWide={tooWide} />
      ) : (
        <ul id={listId} className="places-list__items">
          {shown.map((place) => (
            <li key={place.establishment_id}>
              <button
                type="button"
                className="places-list__item"
                aria-current={place.establishment_id === selectedId ? 'true' : undefined}
                onClick={() => onSelect(place)}
              >
                <span className="places-list__name">{place.name}</span>
                <span className="places-list__address">{formatPlaceLabel(place)}</span>
                <PlaceRating rating={place.rating} reviews={place.posts} size="small" className="places-list__rating" />
                <PlaceStatusLine hours={place.hours} goodForWorking={place.good_for_working} now={now} className="places-list__status" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {foldable && !tooWide && (
        <button type="button" className="places-list__toggle" aria-expanded={unfolded} aria-controls={listId} onClick={() => setUnfolded(!unfolded)}>
          {unfolded ? 'Show fewer places' : `Show all ${places.length} places`}
        </button>
      )}
      {truncated && !tooWide && (unfolded || !foldable) && <p className="places-list__more">Zoom in to see every place here.</p>}
    </section>
  );
}
