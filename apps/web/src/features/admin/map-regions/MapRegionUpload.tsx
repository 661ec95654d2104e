import type { MapRegionJob } from '@siplog/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { useLogout } from '../../session/useLogout';
import { logToServer } from '../../../lib/client-log';
import { readSession } from '../../../lib/session-storage';
import { describeFailure } from '../../../lib/trpc-errors';
import { uploadForm, UploadError } from '../../../lib/upload';
import { AdminField } from '../AdminField';
import { checkRegionFile, uploadProgressText } from './map-region-view';

const UPLOAD_URL = '/api/admin/map-regions/upload';

interface MapRegionUploadProps {
  /** The file arrived and its install started: its job, as the server answered it. */
  onStarted: (job: MapRegionJob) => void;
}

/**
 * Issue 29's third <where>: a .pmtiles file the operator already has, sent with a real progress bar. The server
 * installs it in the background, so it then shows among the fetches like any other job. The chosen file stays on an error.
 */
export function MapRegionUpload({ onStarted }: MapRegionUploadProps) {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const logout = useLogout();
  const uploading = progress !== null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (uploading) return;
    const problem = checkRegionFile(file);
    if (problem || !file) {
      setError(problem);
      fileInput.current?.focus();
      return;
    }
    setError(null);
    const form = new FormData();
    form.append('file', file, file.name);
    setProgress(0);
    try {
      const job = await uploadForm<MapRegionJob>(UPLOAD_URL, form, { token: readSession()?.token, onProgress: setProgress });
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
      onStarted(job);
    } catch (failure) {
      // Spec §8: a 401 or 403 from an upload signs the person out, as the profile picture's does.
      if (failure instanceof UploadError && failure.isAuthFailure) {
        logout();
        return;
      }
      logToServer('error', describeFailure('Admin upload map region', failure));
      setError(failure instanceof Error ? failure.message : String(failure));
      fileInput.current?.focus();
    } finally {
      setProgress(null);
    }
  };

  return (
    <form className="map-regions__upload" onSubmit={(event) => void submit(event)} noValidate aria-busy={uploading || undefined}>
      <AdminField
        ref={fileInput}
        id="map-region-file"
        className="map-regions__file"
        label="Or add a .pmtiles file you already have"
        error={error}
        hint="A PMTiles v3 archive of vector tiles in the Protomaps schema, up to 1 GB. The region is named after the file."
        type="file"
        accept=".pmtiles"
        disabled={uploading}
        onChange={(event) => {
          setFile(event.target.files?.[0] ?? null);
          setError(null);
        }}
      />
      <button type="submit" className="button admin-inline-submit map-regions__send" aria-disabled={uploading || undefined}>
        {uploading ? 'Uploading…' : 'Upload'}
      </button>
      {uploading && file && (
        <div className="map-regions__sending">
          <progress id="map-region-file-progress" className="map-region__bar" aria-label={`Uploading ${file.name}`} max={1} value={progress} />
          <p className="map-region__detail">
            <span>{uploadProgressText(progress, file.size)}</span>
            <span className="map-region__percent">{Math.floor(progress * 100)} %</span>
          </p>
        </div>
      )}
    </form>
  );
}
