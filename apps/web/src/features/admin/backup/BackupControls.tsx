import { useRef, useState } from 'react';
import { ADMIN_MESSAGES, DIALOG_TITLES, MISC_MESSAGES } from '@siplog/contracts';
import { useMessageDialog } from '../../../components/dialog/MessageDialogProvider';
import { fetchDownload, saveBlob } from '../../../lib/download';
import { trpc } from '../../../lib/trpc';
import { errorMessage } from '../../../lib/trpc-errors';
import { readSession } from '../../../lib/session-storage';

/** The spec's path for an admin download (§7 GET /api/admin/downloadanyfile). */
function backupDownloadUrl(filename: string): string {
  return `/api/admin/downloadanyfile?filename=${encodeURIComponent(filename)}`;
}

/**
 * Backup DB, and Download once a backup succeeded (spec §2): the download hides again after it is done. While the
 * server copies the live database, a progress dialog shows, and the button counts the seconds.
 */
export function BackupControls() {
  const { showMessage } = useMessageDialog();
  const backup = trpc.admin.backup.useMutation();
  const [ready, setReady] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const [elapsed, setElapsed] = useState(0);
  const busy = useRef(false);

  const runBackup = async () => {
    if (busy.current) return;
    busy.current = true;
    const started = Date.now();
    setElapsed(0);
    showMessage({ title: 'Backing up', body: 'Copying the live database while Siplog keeps running…', progress: true });
    const ticker = setInterval(() => setElapsed(Math.round((Date.now() - started) / 1000)), 1000);
    try {
      const answer = await backup.mutateAsync();
      setReady(answer.filename);
      showMessage(ADMIN_MESSAGES.backupDone);
    } catch (error) {
      showMessage({ title: DIALOG_TITLES.error, body: errorMessage(error) });
    } finally {
      clearInterval(ticker);
      busy.current = false;
    }
  };

  const download = async () => {
    if (!ready || downloading) return;
    setDownloading(true);
    try {
      // With the admin's token (a plain link could not send it); saved under the name the server gives.
      const { blob, fileName } = await fetchDownload(backupDownloadUrl(ready), ready, { token: readSession()?.token });
      saveBlob(blob, fileName);
      setReady(null);
    } catch {
      showMessage({ title: DIALOG_TITLES.error, body: MISC_MESSAGES.downloadError });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <>
      <button type="button" className="button" onClick={() => void runBackup()} disabled={backup.isPending}>
        {backup.isPending ? `Backing up… ${elapsed} s` : 'Backup DB'}
      </button>
      {ready && (
        <button type="button" className="button button--primary" onClick={() => void download()} disabled={downloading} title={ready}>
          {downloading ? 'Downloading…' : 'Download'}
        </button>
      )}
    </>
  );
}
