import { formatPlaceLabel } from '@siplog/contracts';
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

/** 'Places in this area': the places of the loaded view; choosing one selects it on the map. */
export function PlacesInViewSection({ places, selectedId, loading, failed, tooWide, truncated, onSelect }: PlacesInViewSectionProps) {
  return (
    <section className="places-list" aria-labelledby="places-in-view-title" aria-busy={loading}>
      <h2 id="places-in-view-title" className="home-panel__heading">
        Places in this area
        {places.length > 0 && !tooWide && <span className="home-panel__count">{places.length}</span>}
      </h2>
      {places.length === 0 || tooWide ? (
        <EmptyState loading={loading} failed={failed} tooWide={tooWide} />
      ) : (
        <ul className="places-list__items">
          {places.map((place) => (
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
              </button>
            </li>
          ))}
        </ul>
      )}
      {truncated && !tooWide && <p className="places-list__more">Zoom in to see every place here.</p>}
    </section>
  );
}
