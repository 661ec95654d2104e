import { DIALOG_TITLES } from '@siplog/contracts';
import { useEffect, useRef, useState } from 'react';
import { useMessageDialog } from '../../../components/dialog/MessageDialogProvider';
import { logToServer } from '../../../lib/client-log';
import { trpc } from '../../../lib/trpc';
import { describeFailure, errorMessage } from '../../../lib/trpc-errors';
import { MapRegionCard } from './MapRegionCard';
import { MapRegionForm } from './MapRegionForm';
import { MapRegionJobCard } from './MapRegionJobCard';
import { MapRegionUpload } from './MapRegionUpload';
import { arrivedRegions, arrivedText, countText, isJobUnderWay, sizeText } from './map-region-view';
import '../admin-cards.css';
import './map-regions.css';

/** While a region is being fetched the panel asks again this often (the server tells every node's progress). */
const POLL_WHILE_FETCHING_MS = 1000;

/** Issue 29: the streets of the operator's own area, added by name, box or .pmtiles file, with progress, and removed with a Yes/No. */
export function MapRegionsPanel() {
  const { showMessage } = useMessageDialog();
  const utils = trpc.useUtils();
  const answer = trpc.admin.mapRegions.useQuery(undefined, {
    retry: false,
    refetchInterval: (query) => (query.state.data?.jobs.some(isJobUnderWay) ? POLL_WHILE_FETCHING_MS : false),
  });
  const removeRegion = trpc.admin.removeMapRegion.useMutation();
  const [removing, setRemoving] = useState<string | null>(null);
  const [arrived, setArrived] = useState('');
  const jobsSeen = useRef(new Set<string>());

  // A job the panel saw that became an installed region is said aloud: the operator need not watch the list.
  useEffect(() => {
    if (!answer.data) return;
    const { regions, jobs } = answer.data;
    const landed = arrivedRegions(jobsSeen.current, regions, jobs);
    if (landed.length > 0) setArrived(arrivedText(landed));
    jobsSeen.current = new Set(jobs.filter(isJobUnderWay).map((job) => job.slug));
  }, [answer.data]);

  const remove = async (slug: string) => {
    setRemoving(slug);
    setArrived('');
    try {
      await removeRegion.mutateAsync({ slug });
    } finally {
      setRemoving(null);
      await utils.admin.mapRegions.invalidate();
    }
  };

  // A fetch or an upload began: its job shows among the fetches (and the poll starts) once the list is asked again.
  const started = () => {
    setArrived('');
    void utils.admin.mapRegions.invalidate();
  };

  const dismiss = (slug: string) => {
    void remove(slug).catch((error: unknown) => {
      logToServer('error', describeFailure('Admin dismiss map region job', error));
      showMessage({ title: DIALOG_TITLES.warning, body: errorMessage(error) });
    });
  };

  const regions = answer.data?.regions ?? [];
  const jobs = answer.data?.jobs ?? [];
  const onDisk = regions.reduce((sum, region) => sum + region.bytes_on_disk, 0);
  const summary = answer.isPending
    ? 'Loading map regions…'
    : answer.isError
      ? `Map regions could not be loaded: ${errorMessage(answer.error)}`
      : regions.length === 0
        ? 'No regions installed.'
        : `${countText(regions.length, 'region', 'regions')}, ${sizeText(onDisk)} on disk.`;

  return (
    <section className="admin-panel map-regions" aria-labelledby="admin-map-regions-title">
      <h2 id="admin-map-regions-title" className="admin-panel__title">
        Map regions
      </h2>
      <p className="admin-muted admin-panel__intro">
        Full streets, labels, parks, water and buildings for an area you choose, fetched once from a Protomaps basemap build and served
        by this server: the map then draws them with no outside request, in light and dark. Regions may overlap.
      </p>
      <MapRegionForm onStarted={started} />
      <MapRegionUpload onStarted={started} />
      <p className="admin-panel__done" role="status">
        {arrived}
      </p>

      {jobs.length > 0 && (
        <>
          <h3 className="admin-panel__heading">Being fetched</h3>
          <ul className="admin-panel__list" aria-label="Regions being fetched">
            {jobs.map((job) => (
              <MapRegionJobCard key={job.slug} job={job} onDismiss={dismiss} dismissing={removing === job.slug} />
            ))}
          </ul>
        </>
      )}

      <h3 className="admin-panel__heading">Installed</h3>
      <p className="admin-users__count" aria-live="polite">
        {summary}
      </p>
      {regions.length > 0 ? (
        <ul className="admin-panel__list" aria-label="Installed regions">
          {regions.map((region) => (
            <MapRegionCard key={region.slug} region={region} onRemove={remove} removing={removing === region.slug} />
          ))}
        </ul>
      ) : (
        answer.isSuccess &&
        jobs.length === 0 && (
          <div className="admin-panel__empty map-regions__empty">
            <p>
              A region is one area&rsquo;s streets &mdash; your city, say &mdash; kept on this server as a file of map tiles. Outside the
              regions the map keeps its bundled world map. Type a city&rsquo;s name or a bounding box above, choose a .pmtiles file, or run{' '}
              <code>pnpm map:add &apos;&lt;city&gt;&apos;</code> on the server: it does the same.
            </p>
          </div>
        )
      )}
    </section>
  );
}
