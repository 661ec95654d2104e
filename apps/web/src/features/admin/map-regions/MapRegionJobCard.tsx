import type { MapRegionJob } from '@siplog/contracts';
import { useId } from 'react';
import { jobProgress } from './map-region-view';

interface MapRegionJobCardProps {
  job: MapRegionJob;
  /** Forgets a failed job (removeMapRegion on its slug). */
  onDismiss: (slug: string) => void;
  dismissing: boolean;
}

/** A region being fetched: a real progress bar over the bytes, or a failure with its reason and a Dismiss. */
export function MapRegionJobCard({ job, onDismiss, dismissing }: MapRegionJobCardProps) {
  const id = useId();
  const view = jobProgress(job);
  const failed = job.phase === 'failed';

  return (
    <li className={`admin-card map-region${failed ? ' admin-card--alert' : ''}`} aria-labelledby={`${id}-name`}>
      <div className="admin-card__head">
        <h4 id={`${id}-name`} className="admin-card__name">
          {job.name}
        </h4>
        <code className="map-region__slug">{job.slug}</code>
        {/* Polite and atomic: a phase change is said once, not every byte count the poll brings. */}
        <span className={`admin-badge map-region__badge${failed ? ' admin-badge--alert' : ''}`} aria-live="polite" aria-atomic="true">
          {view.phase}
        </span>
      </div>
      {failed ? (
        <>
          <p className="admin-card__error map-region__error" role="alert">
            {view.detail}
          </p>
          <div className="map-region__actions">
            <span className="admin-muted">Asked for &lsquo;{job.where}&rsquo;. Dismiss it, then add it again if you like.</span>
            <button type="button" className="button button--small" onClick={() => onDismiss(job.slug)} aria-disabled={dismissing || undefined}>
              {dismissing ? 'Dismissing…' : 'Dismiss'}
            </button>
          </div>
        </>
      ) : (
        <div className="map-region__progress">
          <progress
            id={`${id}-bar`}
            className="map-region__bar"
            aria-labelledby={`${id}-name`}
            aria-describedby={`${id}-detail`}
            max={view.max}
            {...(view.value === undefined ? {} : { value: view.value })}
          />
          <p id={`${id}-detail`} className="map-region__detail">
            <span>{view.detail}</span>
            {view.percent !== undefined && <span className="map-region__percent">{view.percent} %</span>}
          </p>
        </div>
      )}
    </li>
  );
}
