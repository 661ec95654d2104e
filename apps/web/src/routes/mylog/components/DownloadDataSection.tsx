import { useRef, useState } from 'react';
import { readSession } from '../../../lib/session-storage';
import { DownloadError, fetchDownload, saveBlob } from '../../../lib/download';
import { SettingsSection } from './SettingsSection';
import './own-data.css';

const EXPORT_URL = '/api/user/exportdata';

function megabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/**
 * "Download my data" (issue 17): the server makes one zip while it sends it (profile, reviews, comments, likes,
 * follows and every photo); the page shows how much has come and saves it under the server's file name.
 */
export function DownloadDataSection() {
  const [received, setReceived] = useState<number | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const inFlight = useRef(false);

  const download = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setError(null);
    setSaved(null);
    setReceived(0);
    try {
      const { blob, fileName } = await fetchDownload(EXPORT_URL, 'siplog-data.zip', { token: readSession()?.token, onProgress: setReceived });
      saveBlob(blob, fileName);
      setSaved(`${fileName} (${megabytes(blob.size)}) is saved to your downloads.`);
    } catch (failure) {
      setError(failure instanceof DownloadError ? failure.message : 'The download failed. Please try again.');
    } finally {
      setReceived(null);
      inFlight.current = false;
    }
  };

  const busy = received !== null;
  return (
    <SettingsSection title="Download my data">
      <div className="settings-section__form">
        <p className="settings-section__text">One zip file with everything Siplog keeps about you:</p>
        <ul className="own-data__list">
          <li>your profile and settings,</li>
          <li>your reviews (place, order, review, rating, date, likes) and your comments,</li>
          <li>the reviews you liked, who you follow and who follows you,</li>
          <li>your review photos and profile photos in full size,</li>
          <li>a README that explains each file.</li>
        </ul>
        <button type="button" className="button button--small" onClick={() => void download()} disabled={busy} aria-describedby="download-data-status">
          {busy ? 'Preparing…' : 'Download my data'}
        </button>
        <p id="download-data-status" className="own-data__status" role="status">
          {busy ? `Preparing your data… ${megabytes(received)} received` : (saved ?? '')}
        </p>
        {error && (
          <p className="own-data__error" role="alert">
            {error}
          </p>
        )}
      </div>
    </SettingsSection>
  );
}
