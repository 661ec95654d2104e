import type { MapRegion } from '@siplog/contracts';
import { useId } from 'react';
import { ConfirmDialog } from '../../../components/dialog/ConfirmDialog';
import { useConfirmedAction } from '../../../components/dialog/useConfirmedAction';
import { addedText, countText, fetchedText, sizeText, zoomsText } from './map-region-view';

interface MapRegionCardProps {
  region: MapRegion;
  /** Deletes the region's archive; resolves once the server has. */
  onRemove: (slug: string) => Promise<void>;
  removing: boolean;
}

const degrees = (value: number) => value.toFixed(3);

/** An installed region: what it covers, what it cost, and a Remove behind the app's Yes/No. */
export function MapRegionCard({ region, onRemove, removing }: MapRegionCardProps) {
  const id = useId();
  const remove = useConfirmedAction('Admin remove map region', () => onRemove(region.slug));
  const { west, south, east, north } = region.bbox;

  return (
    <li className="admin-card map-region" aria-labelledby={`${id}-name`}>
      <div className="admin-card__head">
        <h4 id={`${id}-name`} className="admin-card__name">
          {region.name}
        </h4>
        <code className="map-region__slug">{region.slug}</code>
        <button
          type="button"
          className="button button--small map-region__remove"
          onClick={remove.ask}
          aria-disabled={removing || undefined}
          aria-label={removing ? `Removing ${region.name}` : `Remove ${region.name}`}
        >
          {removing ? 'Removing…' : 'Remove'}
        </button>
      </div>
      <dl className="admin-card__facts map-region__facts">
        <div>
          <dt>Zooms</dt>
          <dd>{zoomsText(region)}</dd>
        </div>
        <div>
          <dt>Tiles</dt>
          <dd>{region.tiles.toLocaleString('en-US')}</dd>
        </div>
        <div>
          <dt>On disk</dt>
          <dd>{sizeText(region.bytes_on_disk)}</dd>
        </div>
        <div>
          <dt>Fetched</dt>
          <dd>{fetchedText(region)}</dd>
        </div>
        <div>
          <dt>Added</dt>
          <dd>
            <time dateTime={region.added_at}>{addedText(region.added_at)}</time>
          </dd>
        </div>
        <div className="map-region__area">
          <dt>Area</dt>
          <dd>
            {degrees(west)}, {degrees(south)} → {degrees(east)}, {degrees(north)}
          </dd>
        </div>
      </dl>
      {remove.confirming && (
        <ConfirmDialog title={`Remove ${region.name}?`} onConfirm={remove.confirm} onCancel={remove.cancel}>
          <p>
            The map stops drawing its streets and {countText(region.tiles, 'tile', 'tiles')} ({sizeText(region.bytes_on_disk)}) are deleted
            from this server. You can add it again later.
          </p>
        </ConfirmDialog>
      )}
    </li>
  );
}
