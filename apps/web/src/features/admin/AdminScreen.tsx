import { useState } from 'react';
import { trpc } from '../../lib/trpc';
import { BackupControls } from './backup/BackupControls';
import { FederationPanel } from './federation/FederationPanel';
import { LogsPanel } from './logs/LogsPanel';
import { MapRegionsPanel } from './map-regions/MapRegionsPanel';
import { ReportsPanel } from './reports/ReportsPanel';
import { UsersPanel } from './users/UsersPanel';

/** How often the Reports toggle's open count is asked for again while the screen stays open. */
const OPEN_COUNT_REFRESH_MS = 60_000;

/**
 * Spec §2 Admin screen: the FR Users and FR Logs toggles, Reports (issue 17), Map regions (issue 29), Federation (issue 30),
 * Backup DB and Download, and the open panels.
 */
export function AdminScreen() {
  const [usersOpen, setUsersOpen] = useState(true);
  const [logsOpen, setLogsOpen] = useState(false);
  const [reportsOpen, setReportsOpen] = useState(false);
  const [mapRegionsOpen, setMapRegionsOpen] = useState(false);
  const [federationOpen, setFederationOpen] = useState(false);
  // The same query as the panel's Open list, so the count and the list agree.
  const openReports = trpc.admin.reports.useQuery({ status: 'open' }, { retry: false, refetchInterval: OPEN_COUNT_REFRESH_MS });
  const openTotal = openReports.data?.open_total;

  return (
    <div className="admin">
      <h1 className="admin__title">Admin</h1>
      <div className="admin__toolbar">
        <button type="button" className="button" aria-pressed={usersOpen} onClick={() => setUsersOpen((open) => !open)}>
          FR Users
        </button>
        <button type="button" className="button" aria-pressed={logsOpen} onClick={() => setLogsOpen((open) => !open)}>
          FR Logs
        </button>
        <button type="button" className="button" aria-pressed={reportsOpen} onClick={() => setReportsOpen((open) => !open)}>
          Reports
          {openTotal !== undefined && (
            <>
              <span className={openTotal > 0 ? 'admin-count admin-count--alert' : 'admin-count'} aria-hidden="true">
                {openTotal}
              </span>
              <span className="visually-hidden"> ({openTotal} open)</span>
            </>
          )}
        </button>
        <button type="button" className="button" aria-pressed={mapRegionsOpen} onClick={() => setMapRegionsOpen((open) => !open)}>
          Map regions
        </button>
        <button type="button" className="button" aria-pressed={federationOpen} onClick={() => setFederationOpen((open) => !open)}>
          Federation
        </button>
        <BackupControls />
      </div>
      {reportsOpen && <ReportsPanel />}
      {logsOpen && <LogsPanel />}
      {mapRegionsOpen && <MapRegionsPanel />}
      {federationOpen && <FederationPanel />}
      {usersOpen && <UsersPanel />}
      {!usersOpen && !logsOpen && !reportsOpen && !mapRegionsOpen && !federationOpen && (
        <p className="admin-muted">
          Open FR Users to look after people and their posts, FR Logs to read the server's logs, Reports to work through what people
          reported, Map regions to add your own city's streets to the map, or Federation to let Mastodon and other servers follow
          people here.
        </p>
      )}
    </div>
  );
}
