interface MapStatusBarProps {
  picking: boolean;
  onCancelPicking: () => void;
  canSearchArea: boolean;
  onSearchArea: () => void;
  loading: boolean;
  tooWide: boolean;
}

/** The one line over the map's top centre: what to do next, or what the map is doing. */
export function MapStatusBar({ picking, onCancelPicking, canSearchArea, onSearchArea, loading, tooWide }: MapStatusBarProps) {
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
  return <div className="home__status">{content}</div>;
}
