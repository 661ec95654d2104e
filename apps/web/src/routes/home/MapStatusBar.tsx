import { Link } from 'react-router';
import { CloseIcon } from '../../components/icons/icons';
import type { AreaLink } from './search-actions';

interface MapStatusBarProps {
  picking: boolean;
  onCancelPicking: () => void;
  canSearchArea: boolean;
  onSearchArea: () => void;
  loading: boolean;
  tooWide: boolean;
  /** The area a search moved the map to: a way on to its page. */
  area: AreaLink | null;
  onDismissArea: () => void;
}

/** The line over the map's top centre: what to do next, or what the map is doing; under it, the searched area's page. */
export function MapStatusBar({ picking, onCancelPicking, canSearchArea, onSearchArea, loading, tooWide, area, onDismissArea }: MapStatusBarProps) {
  let content = null;
  if (picking) {
    content = (
      <div className="map-status map-status--hint" role="status">
        Click the map where the place is
        <button type="button" className="map-status__link" onClick={onCancelPicking}>
          Cancel
        </button>
      </div>
    );
  } else if (tooWide) {
    content = (
      <div className="map-status map-status--hint" role="status">
        Zoom in to see places
      </div>
    );
  } else if (canSearchArea) {
    content = (
      <button type="button" className="map-status map-status--action" onClick={onSearchArea}>
        Search this area
      </button>
    );
  } else if (loading) {
    content = (
      <div className="map-status map-status--quiet" role="status">
        <span className="map-status__dot" aria-hidden="true" />
        Loading places…
      </div>
    );
  }
  return (
    <div className="home__status">
      {content}
      {area && !picking && (
        <div className="map-area-link">
          <Link to={area.path} className="map-area-link__link">
            See all places in {area.name}
          </Link>
          <button type="button" className="map-area-link__close" aria-label={`Hide the link to ${area.name}`} onClick={onDismissArea}>
            <CloseIcon width={14} height={14} />
          </button>
        </div>
      )}
    </div>
  );
}
