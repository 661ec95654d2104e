import { MAP_REGION_LIMITS, type MapRegionJob } from '@siplog/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { logToServer } from '../../../lib/client-log';
import { trpc } from '../../../lib/trpc';
import { describeFailure, specificServerMessage } from '../../../lib/trpc-errors';
import { AdminField } from '../AdminField';
import { checkRegionForm, type RegionFormField } from './map-region-view';

const SERVER_DOWN = 'The server could not start the fetch. Try again in a moment.';

interface MapRegionFormProps {
  /** The fetch started: its job, as the server answered it. */
  onStarted: (job: MapRegionJob) => void;
}

/** Where to add: a city or area name (with an optional radius) or a bounding box. What was typed stays on an error. */
export function MapRegionForm({ onStarted }: MapRegionFormProps) {
  const [where, setWhere] = useState('');
  const [radius, setRadius] = useState('');
  const [error, setError] = useState<{ field: RegionFormField; text: string } | null>(null);
  const add = trpc.admin.addMapRegion.useMutation();
  const whereInput = useRef<HTMLInputElement>(null);
  const radiusInput = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    const checked = checkRegionForm(where, radius);
    if (!checked.ok) {
      setError({ field: checked.field, text: checked.error });
      (checked.field === 'where' ? whereInput : radiusInput).current?.focus();
      return;
    }
    setError(null);
    try {
      const job = await add.mutateAsync(checked.input);
      setWhere('');
      setRadius('');
      onStarted(job);
    } catch (failure) {
      logToServer('error', describeFailure('Admin add map region', failure));
      // The server's words name what to type instead ('Lagos, PT', a box); they concern the place box.
      setError({ field: 'where', text: specificServerMessage(failure) ?? SERVER_DOWN });
      whereInput.current?.focus();
    }
  };

  const errorOn = (field: RegionFormField) => (error?.field === field ? error.text : null);

  return (
    <form className="map-regions__form" onSubmit={(event) => void submit(event)} noValidate>
      <AdminField
        ref={whereInput}
        id="map-region-where"
        className="map-regions__where"
        label="City, area or bounding box"
        error={errorOn('where')}
        hint={
          <>
            A name from the built-in list of places, with its state or country code when it is ambiguous (&lsquo;Lagos, PT&rsquo;), or four
            numbers in degrees.
          </>
        }
        type="text"
        value={where}
        maxLength={MAP_REGION_LIMITS.whereMax}
        placeholder="Portland, OR — or west,south,east,north"
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => setWhere(event.target.value)}
      />
      <AdminField
        ref={radiusInput}
        id="map-region-radius"
        className="map-regions__radius"
        label="Radius (km, optional)"
        error={errorOn('radius')}
        type="text"
        inputMode="decimal"
        value={radius}
        maxLength={6}
        placeholder="by size"
        autoComplete="off"
        onChange={(event) => setRadius(event.target.value)}
      />
      <button type="submit" className="button button--primary admin-inline-submit" aria-disabled={add.isPending || undefined}>
        {add.isPending ? 'Starting…' : 'Add region'}
      </button>
    </form>
  );
}
